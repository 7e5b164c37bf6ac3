//! Differential test against sgfmill (PyPI): on well-formed files both read the same values and main line.

use crate::common;

use gobook::point::Color;
use gobook::sgf::{self, props, value, ROOT};
use std::io::Write;
use std::process::{Command, Stdio};

fn sgfmill_available() -> bool {
    Command::new("python3")
        .args(["-c", "import sgfmill"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Point lists may be compressed in the file (sgfmill keeps them so); compare them expanded.
fn normal(id: &str, values: &[String]) -> Vec<String> {
    if props::info(id).ty == props::Type::Point {
        let mut v: Vec<String> = values
            .iter()
            .flat_map(|x| value::expand_rect(x).unwrap_or_else(|| vec![x.clone()]))
            .collect();
        v.sort();
        v
    } else {
        values.to_vec()
    }
}

#[test]
fn values_and_main_lines_agree_with_sgfmill() {
    let Some(root) = common::corpora() else {
        return;
    };
    if !sgfmill_available() {
        assert!(
            std::env::var_os("CI").is_none(),
            "python3 with sgfmill is missing (scripts/setup.sh installs it)"
        );
        crate::common::steps_aside("python3 -c 'import sgfmill' fails");
        return;
    }
    // Originals only: reference/ holds other tools' rewrites of the same games.
    let files: Vec<_> = common::files_with_ext(&root, "sgf")
        .into_iter()
        .filter(|f| !f.starts_with(root.join("reference")))
        .collect();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tools/sgfmill_dump.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let list: String = files.iter().map(|f| format!("{}\n", f.display())).collect();
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(list.as_bytes()));
    let out = child.wait_with_output().expect("sgfmill finishes");
    writer.join().expect("writer").expect("list written");
    assert!(out.status.success(), "sgfmill_dump.py failed");
    let (mut compared, mut refused_by_sgfmill, mut repaired_by_us) = (0, 0, 0);
    let mut bad = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("json line");
        let file = v["file"].as_str().unwrap_or("?").to_string();
        if v["ok"] != true {
            refused_by_sgfmill += 1;
            continue;
        }
        let Ok(ours) = sgf::parse(&std::fs::read(&file).expect("file")) else {
            bad.push(format!("{file}: sgfmill reads it, gobook refuses it"));
            continue;
        };
        // Only well-formed files: gobook found nothing to repair (sgfmill reads the first game only).
        if !ours.warnings.is_empty() || ours.collection.games.len() != 1 {
            repaired_by_us += 1;
            continue;
        }
        compared += 1;
        let game = &ours.collection.games[0];
        if v["size"].as_u64() != Some(game.board_size() as u64) {
            bad.push(format!(
                "{file}: size {} vs {}",
                v["size"],
                game.board_size()
            ));
            continue;
        }
        let ids = game.main_line_ids();
        let nodes = v["nodes"].as_array().cloned().unwrap_or_default();
        if nodes.len() != ids.len() {
            bad.push(format!(
                "{file}: main line {} nodes vs sgfmill {}",
                ids.len(),
                nodes.len()
            ));
            continue;
        }
        for (i, (&n, theirs)) in ids.iter().zip(&nodes).enumerate() {
            let mut mine: Vec<(String, Vec<String>)> = game.nodes()[n]
                .props
                .iter()
                .filter(|p| !(n == ROOT && (p.id == "FF" || p.id == "CA")))
                .map(|p| (p.id.to_string(), normal(p.id.as_str(), &p.values)))
                .collect();
            let mut their: Vec<(String, Vec<String>)> = theirs
                .as_object()
                .map(|o| {
                    o.iter()
                        .filter(|(k, _)| !(n == ROOT && (*k == "FF" || *k == "CA")))
                        .map(|(k, vals)| {
                            let vals: Vec<String> = vals
                                .as_array()
                                .map(|a| {
                                    a.iter()
                                        .map(|x| x.as_str().unwrap_or("").to_string())
                                        .collect()
                                })
                                .unwrap_or_default();
                            (k.clone(), normal(k, &vals))
                        })
                        .collect()
                })
                .unwrap_or_default();
            mine.sort();
            their.sort();
            if mine != their {
                bad.push(format!(
                    "{file}: node {i}: gobook {mine:?} vs sgfmill {their:?}"
                ));
                break;
            }
        }
        let line = sgf::main_line(game);
        let mine: Vec<(String, Option<(u64, u64)>)> = line
            .moves
            .iter()
            .map(|m| {
                let c = if m.color == Color::Black { "b" } else { "w" };
                (c.to_string(), m.point.map(|p| (p.row as u64, p.col as u64)))
            })
            .collect();
        let their: Vec<(String, Option<(u64, u64)>)> = v["moves"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|m| {
                        let pt = m[1]
                            .as_array()
                            .map(|p| (p[0].as_u64().unwrap_or(99), p[1].as_u64().unwrap_or(99)));
                        (m[0].as_str().unwrap_or("").to_string(), pt)
                    })
                    .collect()
            })
            .unwrap_or_default();
        if mine != their {
            bad.push(format!("{file}: main-line moves differ"));
        }
    }
    eprintln!("compared {compared} well-formed files with sgfmill; sgfmill refused {refused_by_sgfmill}; gobook repaired {repaired_by_us}");
    assert!(compared > 1000, "only {compared} files compared");
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad.iter().take(30).cloned().collect::<Vec<_>>().join("\n")
    );
}
