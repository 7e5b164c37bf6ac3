//! Differential test of positions against sgfmill (PyPI): on real, well-formed games the
//! board after move k, as a gobook figure `at=1 to=k` resolves it, is sgfmill's board.

use crate::common;

use gobook::diagnostics::{Code, Severity};
use gobook::point::{Color, Point};
use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

fn sgfmill_available() -> bool {
    Command::new("python3")
        .args(["-c", "import sgfmill"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// sgfmill's stones: `[[row, col], ...]` from the bottom left.
fn their_stones(v: &serde_json::Value, color: Color) -> Vec<(Point, Color)> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|rc| {
                    Some((
                        Point::new(rc[1].as_u64()? as u8, rc[0].as_u64()? as u8),
                        color,
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn positions_after_move_k_agree_with_sgfmill() {
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
    // Originals only (reference/ holds other tools' rewrites); every third file keeps the run short.
    let files: Vec<_> = common::files_with_ext(&root, "sgf")
        .into_iter()
        .filter(|f| !f.starts_with(root.join("reference")))
        .step_by(3)
        .collect();
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/tools/sgfmill_positions.py"
    );
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
    assert!(out.status.success(), "sgfmill_positions.py failed");

    let (mut compared, mut positions, mut refused, mut repaired, mut illegal) = (0, 0, 0, 0, 0);
    let mut bad = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("json line");
        let file = v["file"].as_str().unwrap_or("?").to_string();
        if v["ok"] != true {
            refused += 1;
            continue;
        }
        let Ok(parsed) = gobook::sgf::parse(&std::fs::read(&file).expect("file")) else {
            bad.push(format!("{file}: sgfmill reads it, gobook refuses it"));
            continue;
        };
        // Well-formed files only: nothing repaired, one game.
        if !parsed.warnings.is_empty() || parsed.collection.games.len() != 1 {
            repaired += 1;
            continue;
        }
        let game = &parsed.collection.games[0];
        let Ok((go, _)) = gobook::import::game_data(game) else {
            repaired += 1;
            continue;
        };
        let moves = gobook::sgf::main_line(game).moves;
        if v["moves"].as_u64() != Some(moves.len() as u64) {
            bad.push(format!(
                "{file}: {} main-line moves, sgfmill {}",
                moves.len(),
                v["moves"]
            ));
            continue;
        }
        // Figure k shows moves 1 to (stones played among the first k moves): passes take no number.
        let boards = v["boards"].as_array().cloned().unwrap_or_default();
        let mut wanted = Vec::new();
        let mut src = format!("::book(#p)\n\n::chapter\n\n{go}\n");
        for b in &boards {
            let k = b["k"].as_u64().unwrap_or(0) as usize;
            let n = moves[..k.min(moves.len())]
                .iter()
                .filter(|m| m.point.is_some())
                .count();
            if n > 0 {
                src.push_str(&format!("\n::fig at=1 to={n}\n"));
                wanted.push(b);
            }
        }
        let c = gobook::check::check(&src);
        let errors: Vec<_> = c
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        if errors.iter().any(|d| d.code == Code::IllegalMove) {
            // sgfmill allows suicide and ignores ko; gobook refuses both.
            illegal += 1;
            continue;
        }
        if !errors.is_empty() {
            bad.push(format!("{file}: {}", errors[0].message));
            continue;
        }
        compared += 1;
        for (d, b) in c.resolved.book.diagrams.iter().zip(&wanted) {
            positions += 1;
            let ours: BTreeSet<_> = d.final_stones.iter().copied().collect();
            let mut theirs: BTreeSet<_> = their_stones(&b["black"], Color::Black)
                .into_iter()
                .collect();
            theirs.extend(their_stones(&b["white"], Color::White));
            if ours != theirs {
                let only_ours: Vec<_> = ours.difference(&theirs).collect();
                let only_theirs: Vec<_> = theirs.difference(&ours).collect();
                bad.push(format!("{file}: after move {}: only gobook {only_ours:?}, only sgfmill {only_theirs:?}", b["k"]));
                break;
            }
        }
    }
    eprintln!(
        "{compared} games ({positions} positions) compared; {refused} refused by sgfmill, {repaired} repaired by gobook, {illegal} with moves gobook finds illegal"
    );
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad.join("\n")
    );
    assert!(compared >= 100, "only {compared} games compared");
}
