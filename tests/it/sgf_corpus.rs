//! Every SGF and XML file of the corpora is read or refused cleanly; round trips keep the tree,
//! and the repaired file, read again, needs no repair (the repairs are idempotent).

use crate::common;

use gobook::diagnostics::Code;
use gobook::sgf;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

/// How long one file may take before it counts as a hang (debug build, slow shared machine).
const PER_FILE: Duration = Duration::from_secs(20);

enum Outcome {
    Read,
    Refused(String),
    Panicked,
    RoundTripDiffers,
    /// The repaired file, written and read again, was repaired again: what was said.
    RepairedAgain(String),
}

/// Whether a warning is a note on what stays rather than a repair, said on every reading: a
/// game that is not Go, a game-info value kept as written because it cannot be read.
fn is_note(w: &sgf::Warning) -> bool {
    w.message.starts_with("the game is not Go")
        || (w.code == Code::SgfGameInfo && w.message.contains("(not corrected)"))
}

fn check_sgf(bytes: &[u8]) -> Outcome {
    match sgf::parse(bytes) {
        Ok(p) => {
            let again = sgf::parse(sgf::write(&p.collection).as_bytes());
            match again {
                Ok(q) if q.collection != p.collection => Outcome::RoundTripDiffers,
                Ok(q) => match q.warnings.iter().find(|w| !is_note(w)) {
                    Some(w) => Outcome::RepairedAgain(format!("{} {w}", w.code)),
                    None => Outcome::Read,
                },
                Err(_) => Outcome::RoundTripDiffers,
            }
        }
        Err(e) => Outcome::Refused(e.to_string()),
    }
}

fn check_xml(bytes: &[u8]) -> Outcome {
    match gobook::xml::read(bytes) {
        Ok(p) => {
            // What the XML writer makes of it must be readable again.
            match gobook::xml::read(gobook::xml::write(&p.collection).as_bytes()) {
                Ok(_) => Outcome::Read,
                Err(_) => Outcome::RoundTripDiffers,
            }
        }
        Err(e) => Outcome::Refused(e.to_string()),
    }
}

/// Runs `check` over files in a worker thread so a hang is noticed and named.
fn run_all(files: Vec<PathBuf>, check: fn(&[u8]) -> Outcome) -> (usize, Vec<String>, Vec<String>) {
    let (tx, rx) = mpsc::channel();
    let list = files.clone();
    std::thread::spawn(move || {
        for f in list {
            let bytes = std::fs::read(&f).unwrap_or_default();
            let outcome =
                catch_unwind(AssertUnwindSafe(|| check(&bytes))).unwrap_or(Outcome::Panicked);
            if tx.send((f, outcome)).is_err() {
                return;
            }
        }
    });
    let (mut read, mut refused, mut failures) = (0, Vec::new(), Vec::new());
    for expected in &files {
        match rx.recv_timeout(PER_FILE) {
            Ok((f, Outcome::Read)) => {
                let _ = f;
                read += 1
            }
            Ok((f, Outcome::Refused(msg))) => {
                assert!(
                    !msg.is_empty(),
                    "{}: refused without a message",
                    f.display()
                );
                refused.push(format!("{}: {msg}", f.display()))
            }
            Ok((f, Outcome::Panicked)) => failures.push(format!("{}: panicked", f.display())),
            Ok((f, Outcome::RoundTripDiffers)) => failures.push(format!(
                "{}: parse(write(parse(x))) != parse(x)",
                f.display()
            )),
            Ok((f, Outcome::RepairedAgain(w))) => failures.push(format!(
                "{}: the repaired file needs repair again: {w}",
                f.display()
            )),
            Err(_) => {
                failures.push(format!(
                    "{}: hangs (no answer within {PER_FILE:?})",
                    expected.display()
                ));
                break;
            }
        }
    }
    (read, refused, failures)
}

#[test]
fn every_sgf_file_is_read_or_refused_and_round_trips() {
    let Some(root) = common::corpora() else {
        return;
    };
    let files = common::files_with_ext(&root, "sgf");
    assert!(
        files.len() > 1500,
        "expected the whole corpus, found {} files",
        files.len()
    );
    let total = files.len();
    let (read, refused, failures) = run_all(files, check_sgf);
    eprintln!(
        "{read} of {total} SGF files read, {} refused:",
        refused.len()
    );
    for r in &refused {
        eprintln!("  {r}");
    }
    assert!(
        failures.is_empty(),
        "{} file(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Refusal is for files without any game tree; the corpora have only a handful of those.
    assert!(
        refused.len() * 100 < total,
        "too many refusals: {}",
        refused.len()
    );
}

#[test]
fn every_xml_file_is_read_or_refused() {
    let Some(root) = common::corpora() else {
        return;
    };
    let files = common::files_with_ext(&root, "xml");
    assert!(
        files.len() > 300,
        "expected the XML corpus, found {}",
        files.len()
    );
    let total = files.len();
    let (read, refused, failures) = run_all(files, check_xml);
    eprintln!(
        "{read} of {total} XML files read, {} refused",
        refused.len()
    );
    assert!(
        failures.is_empty(),
        "{} file(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn deep_trees_from_the_corpus() {
    let Some(root) = common::corpora() else {
        return;
    };
    let bytes =
        std::fs::read(root.join("libsgfcplusplus/deep-game-tree.sgf")).expect("deep-game-tree.sgf");
    let p = sgf::parse(&bytes).expect("parses");
    let deepest = p
        .collection
        .games
        .iter()
        .map(|g| g.main_line_ids().len())
        .max()
        .unwrap_or(0);
    assert!(
        deepest >= 5000,
        "deepest main line has only {deepest} nodes"
    );
    let again = sgf::parse(sgf::write(&p.collection).as_bytes()).expect("reparses");
    assert_eq!(again.collection, p.collection);
}

#[test]
fn hundred_thousand_nodes_deep() {
    const DEPTH: usize = 100_000;
    // A main line 100,000 moves long...
    let mut line = String::from("(;SZ[19]");
    for i in 0..DEPTH {
        line.push_str(if i % 2 == 0 { ";B[aa]" } else { ";W[bb]" });
    }
    line.push(')');
    // ...and 100,000 nested variations, each opened inside the previous one.
    let mut nested = String::from("(;C[deep]");
    for _ in 0..DEPTH {
        nested.push_str("(;B[cc]");
    }
    nested.push_str(&")".repeat(DEPTH + 1));
    for text in [line, nested] {
        let p = sgf::parse(text.as_bytes()).expect("parses");
        assert!(p.warnings.is_empty(), "{:?}", &p.warnings[..1]);
        let game = &p.collection.games[0];
        assert_eq!(game.len(), DEPTH + 1);
        assert_eq!(game.main_line_ids().len(), DEPTH + 1);
        assert_eq!(sgf::main_line(game).moves.len(), DEPTH);
        let written = sgf::write(&p.collection);
        let again = sgf::parse(written.as_bytes()).expect("reparses");
        assert_eq!(again.collection, p.collection);
        let xml = gobook::xml::write(&p.collection);
        let back = gobook::xml::read(xml.as_bytes()).expect("XML reads");
        assert_eq!(back.collection.games[0].len(), DEPTH + 1);
        drop(p);
        drop(again);
        drop(back);
    }
}

#[test]
fn encodings_decode_to_the_right_text() {
    let Some(root) = common::corpora() else {
        return;
    };
    let cases: &[(&str, &str)] = &[
        (
            "libsgfcplusplus/encoding-chinese-gb18030.sgf",
            "围棋是一种古老的游戏",
        ),
        (
            "libsgfcplusplus/encoding-chinese-gbk.sgf",
            "围棋是一种古老的游戏",
        ),
        (
            "libsgfcplusplus/encoding-simplifiedchinese-gb2312.sgf",
            "围棋是一种古老的游戏",
        ),
        (
            "libsgfcplusplus/encoding-traditionalchinese-big5.sgf",
            "圍棋是一種古老的遊戲",
        ),
        (
            "libsgfcplusplus/encoding-japanese-shiftjis.sgf",
            "Goは古代のゲームであり",
        ),
        (
            "libsgfcplusplus/encoding-japanese-iso2022jp.sgf",
            "Goは古代のゲームであり",
        ),
        (
            "libsgfcplusplus/encoding-korean-macos.sgf",
            "바둑은 중국에서",
        ),
        (
            "libsgfcplusplus/encoding-cyrillic-windows.sgf",
            "Го - древняя игра",
        ),
        (
            "libsgfcplusplus/encoding-western-isolatin1.sgf",
            "Ää Àà Ââ Åå Ææ Çç",
        ),
        ("libsgfcplusplus/encoding-western-macosroman.sgf", "ƒ ‰ ™"),
        ("libsgfcplusplus/encoding-utf8-withbom.sgf", "C["),
        ("sabaki-sgf/chinese.sgf", "PB[古力]"),
        ("sabaki-sgf/japanese.sgf", "PB[井山 裕太]"),
        ("sabaki-sgf/korean.sgf", "PB[이세돌]"),
        ("sabaki-sgf/utf16le.sgf", "PB[Kitani Minoru]"),
        ("sabaki-sgf/utf8bom.sgf", "PW[Go Seigen]"),
    ];
    let mut bad = Vec::new();
    for (file, want) in cases {
        let bytes = std::fs::read(root.join(file)).expect(file);
        let text = sgf::write(&sgf::parse(&bytes).expect(file).collection);
        if !text.contains(want) {
            bad.push(format!(
                "{file}: no {want:?} in {:?}",
                text.chars().take(200).collect::<String>()
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // Player names through the main-line API, as import will use them.
    let korean = sgf::parse(&std::fs::read(root.join("sabaki-sgf/korean.sgf")).expect("korean"))
        .expect("parses");
    let info = sgf::main_line(&korean.collection.games[0]).info;
    assert_eq!(info.pb.as_deref(), Some("이세돌"));
    assert_eq!(info.wp.as_deref(), Some("박정환"));
    for f in [
        "libsgfcplusplus/encoding-utf16-nobom.sgf",
        "libsgfcplusplus/encoding-utf16-withbom.sgf",
    ] {
        let p = sgf::parse(&std::fs::read(root.join(f)).expect(f)).expect(f);
        assert!(!p.collection.games.is_empty(), "{f}: no game");
        assert!(p.warnings.is_empty(), "{f}: {:?}", p.warnings);
    }
}
