//! The SGF Syntax Checker's own test material: repaired output and messages.
//!
//! gobook is compared with sgfc on meaning (same games, nodes and values), not on layout; where it
//! deliberately differs, the case is listed here and explained in `docs/sgf-repairs.md`.

use crate::common;

use gobook::diagnostics::Code;
use gobook::sgf::{self, props, value, Collection, ROOT};
use std::collections::BTreeMap;

/// Cases where gobook's repaired tree differs from sgfc's on purpose (see docs/sgf-repairs.md).
const DIFFERS: &[(&str, &str)] = &[
    (
        "test_WS_MOVE_IN_ROOT",
        "needs sgfc option -v (fix variations); gobook keeps a move in the root",
    ),
    (
        "test_W_PROPERTY_DELETED",
        "needs sgfc option -o; gobook keeps obsolete FF[1]-3 properties, like sgfc by default",
    ),
    (
        "test_E4_MOVE_SETUP_MIXED",
        "sgfc also drops a PL that the next move makes redundant; gobook keeps it",
    ),
    (
        "test_E_POSITION_NOT_UNIQUE",
        "gobook drops repeated points in one list but not one point marked twice (MA and TR)",
    ),
    (
        "test_WS_ADDSTONE_REDUNDANT",
        "needs a board: gobook does not play the game out while repairing",
    ),
    (
        "test_E4_GINFO_ALREADY_SET",
        "gobook keeps game info found below game info",
    ),
    (
        "test_W_EMPTY_NODE_DELETED",
        "needs sgfc option -n (delete empty nodes)",
    ),
    (
        "test_W_VARLEVEL_CORRECTED",
        "needs sgfc option -v (fix variation levels)",
    ),
    (
        "test_WS_PROPERTY_NOT_IN_FF",
        "L becomes LB with labels A, B, C as the FF[4] conversion notes say; sgfc writes a, b, c",
    ),
];

/// Cases where sgfc reports something and gobook says nothing (output may still be the same).
const SILENT: &[&str] = &[
    "test_WS_MOVE_IN_ROOT",
    "test_W_PROPERTY_DELETED",
    "test_WS_LONG_PROPID",
    "test_WS_UNKNOWN_PROPERTY",
    "test_WS_ADDSTONE_REDUNDANT",
    "test_E4_GINFO_ALREADY_SET",
    "test_WS_FF_DIFFERS",
    "test_E_VERSION_CONFLICT",
    "test_W_EMPTY_NODE_DELETED",
    "test_W_VARLEVEL_UNCERTAIN",
    "test_W_VARLEVEL_CORRECTED",
    "test_WS_ILLEGAL_MOVE",
    "test_E_MORE_THAN_ONE_TREE",
    "test_W_HANDICAP_NOT_SETUP",
    "test_W_SETUP_AFTER_ROOT",
    "test_W_MOVE_OUT_OF_SEQUENCE",
    "test_E_FF4_PASS_IN_OLD_FF",
    "test_WS_MOVE_IN_ROOT",
];

type Shape = Vec<Vec<(usize, BTreeMap<String, Vec<String>>)>>;

/// The meaning of a collection: per game, nodes in preorder with child count and their
/// properties; point lists uncompressed and sorted, root defaults (FF, CA, GM[1], SZ[19]) left out.
fn shape(c: &Collection) -> Shape {
    c.games
        .iter()
        .map(|g| {
            g.preorder()
                .into_iter()
                .map(|n| {
                    let node = &g.nodes()[n];
                    let mut map = BTreeMap::new();
                    for p in &node.props {
                        let id = p.id.as_str();
                        let mut vals = p.values.to_vec();
                        if n == ROOT
                            && (id == "FF"
                                || id == "CA"
                                || (id == "GM" && vals == ["1"])
                                || (id == "SZ" && vals == ["19"]))
                        {
                            continue;
                        }
                        if props::info(id).ty == props::Type::Point {
                            vals = vals
                                .iter()
                                .flat_map(|v| {
                                    value::expand_rect(v).unwrap_or_else(|| vec![v.clone()])
                                })
                                .collect();
                            vals.sort();
                        }
                        map.insert(id.to_string(), vals);
                    }
                    (node.children.len(), map)
                })
                .collect()
        })
        .collect()
}

#[test]
fn trigger_error_cases_match_sgfc() {
    let Some(root) = common::corpora() else {
        return;
    };
    let text = std::fs::read_to_string(root.join("sgfc/trigger-errors-cases.json")).expect("cases");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("json");
    assert_eq!(cases.len(), 55);
    let mut problems = Vec::new();
    let mut same = 0;
    for case in &cases {
        let name = case["test"].as_str().unwrap_or("?");
        let input = case["input"].as_str().unwrap_or("");
        let ours = sgf::parse(input.as_bytes());
        let Some(expected) = case["expected_output"].as_str() else {
            // sgfc refuses the input: so must gobook.
            if ours.is_ok() {
                problems.push(format!("{name}: sgfc refuses the input, gobook read it"));
            }
            continue;
        };
        let ours = match ours {
            Ok(p) => p,
            Err(e) => {
                problems.push(format!("{name}: refused: {e}"));
                continue;
            }
        };
        if ours.warnings.is_empty() != SILENT.contains(&name) {
            problems.push(format!(
                "{name}: warnings {:?} (listed as silent: {})",
                ours.warnings,
                SILENT.contains(&name)
            ));
        }
        let theirs = sgf::parse(expected.as_bytes()).expect("sgfc output parses");
        let equal = shape(&ours.collection) == shape(&theirs.collection);
        let listed = DIFFERS.iter().any(|(n, _)| *n == name);
        match (equal, listed) {
            (true, false) => same += 1,
            (false, true) => {}
            (true, true) => problems.push(format!(
                "{name}: now agrees with sgfc; remove it from DIFFERS and the docs"
            )),
            (false, false) => problems.push(format!(
                "{name}: differs from sgfc\n  gobook: {}\n  sgfc:   {}",
                sgf::write(&ours.collection).trim(),
                expected.trim()
            )),
        }
    }
    eprintln!(
        "{same} of 54 repairable cases give the same tree as sgfc; {} differ on purpose",
        DIFFERS.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The codes gobook gives the repair sgfc reports as error `n` (one sgfc number can cover
/// several of gobook's kinds: sgfc's 15, "illegal value corrected", is whitespace, a malformed
/// number, a move written for people or a game-info value).
fn gobook_codes(n: u32) -> &'static [Code] {
    match n {
        6 | 8 | 54 => &[Code::SgfStrayText],
        10 => &[Code::SgfUnclosedValue, Code::SgfStructure],
        11 | 16 | 20 => &[Code::SgfIdentifier],
        12 | 21 | 36 | 66 | 67 => &[Code::SgfStructure],
        13 => &[Code::SgfExtraValues],
        14 => &[
            Code::SgfBadMove,
            Code::SgfBadPoint,
            Code::SgfBadValue,
            Code::SgfGameInfo,
        ],
        15 => &[
            Code::SgfWhitespace,
            Code::SgfBadValue,
            Code::SgfBadMove,
            Code::SgfGameInfo,
        ],
        17 => &[Code::SgfEmptyValue],
        18 => &[Code::SgfGameType, Code::SgfBoardSize],
        23 => &[Code::SgfBadPoint],
        25 => &[Code::SgfWhitespace],
        28 => &[Code::SgfDuplicateProperty],
        30 | 37 => &[Code::SgfSplitNode],
        32 => &[Code::SgfRootProperty],
        33 => &[Code::SgfGameInfo],
        38 => &[Code::SgfRepeatedPoint],
        40 | 42 | 52 | 59 => &[Code::SgfOldProperty],
        41 | 43 => &[Code::SgfAnnotation],
        46 => &[Code::SgfFileFormat],
        47 | 50 => &[Code::SgfBoardSize],
        _ => &[],
    }
}

/// sgfc's test.sgf puts error N on line N; gobook must warn on each of those lines for the
/// errors it repairs, with the code of the same kind of repair.
#[test]
fn test_sgf_messages_are_on_sgfc_lines() {
    let Some(root) = common::corpora() else {
        return;
    };
    let bytes = std::fs::read(root.join("sgfc/test.sgf")).expect("test.sgf");
    let ours = sgf::parse(&bytes).expect("test.sgf is read");
    let messages = std::fs::read_to_string(root.join("sgfc/test-output.txt")).expect("output");
    // sgfc error numbers whose repair gobook also makes.
    const REPAIRED: &[u32] = &[
        6, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 23, 25, 28, 30, 32, 33, 36, 37, 38, 40,
        41, 42, 43, 46, 47, 50, 52, 54, 59, 66, 67,
    ];
    let mut missing = Vec::new();
    let mut checked = 0;
    for line in messages.lines() {
        let Some(rest) = line.strip_prefix("Line:") else {
            continue;
        };
        let Some((num, rest)) = rest.split_once(' ') else {
            continue;
        };
        let Ok(at) = num.parse::<usize>() else {
            continue;
        };
        let Some(code) = rest
            .split(" - ")
            .nth(1)
            .and_then(|s| s.split_whitespace().nth(1))
            .and_then(|s| s.trim_end_matches(':').parse::<u32>().ok())
        else {
            continue;
        };
        if !REPAIRED.contains(&code) {
            continue;
        }
        checked += 1;
        let kinds = gobook_codes(code);
        if !ours
            .warnings
            .iter()
            .any(|w| w.line == at && kinds.contains(&w.code))
        {
            let here: Vec<String> = ours
                .warnings
                .iter()
                .filter(|w| w.line == at)
                .map(|w| format!("{} {w}", w.code))
                .collect();
            missing.push(format!(
                "{line}\n    (want {kinds:?}; gobook says {here:?})"
            ));
        }
    }
    assert!(checked > 50, "only {checked} sgfc messages checked");
    assert!(
        missing.is_empty(),
        "no gobook warning on these sgfc lines:\n{}",
        missing.join("\n")
    );
}

#[test]
fn old_properties_become_ff4() {
    let p = sgf::parse(
        b"(;FF[3]GM[1]SZ[19];B[aa]M[aa][bb]L[cc][dd];W[bb]BM[1]TE[1];Black[cc]VW[aa][bb])",
    )
    .expect("parses");
    let out = sgf::write(&p.collection);
    assert!(out.contains("TR[aa]"), "{out}");
    assert!(out.contains("MA[bb]"), "{out}");
    assert!(out.contains("LB[cc:A][dd:B]"), "{out}");
    assert!(out.contains("DO[]"), "{out}");
    assert!(out.contains(";B[cc]VW[aa][ba][ab][bb]"), "{out}");
    for w in &p.warnings {
        assert!(w.line == 1 && w.col > 1, "{w}");
    }
    assert_eq!(p.warnings.len(), 5, "{:?}", p.warnings);
}

/// Compressed rectangles repeated many times must cost neither memory nor minutes.
#[test]
fn huge_overlapping_rectangles_stay_small() {
    let mut go = String::from("(;SZ[52]AB");
    let mut other = String::from("(;GM[2]AB");
    for _ in 0..20_000 {
        go.push_str("[aa:ZZ]");
        other.push_str("[aa:ZZ]");
    }
    go.push(')');
    other.push(')');
    let start = std::time::Instant::now();
    let p = sgf::parse(go.as_bytes()).expect("parses");
    assert_eq!(
        p.collection.games[0]
            .root()
            .get("AB")
            .map(|a| a.values.len()),
        Some(52 * 52)
    );
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    let q = sgf::parse(other.as_bytes()).expect("parses");
    // Another game's points are not ours to judge: kept as written, compressed.
    assert!(sgf::write(&q.collection).len() < other.len() + 100);
    assert!(start.elapsed().as_secs() < 30, "took {:?}", start.elapsed());
}

/// Thousands of repeated properties in one node are merged in linear time.
#[test]
fn many_repeated_properties_stay_fast() {
    let mut s = String::from("(;");
    for i in 0..50_000 {
        s.push_str(&format!("C[{i}]AB[aa]XX[{i}]"));
    }
    s.push(')');
    let start = std::time::Instant::now();
    let p = sgf::parse(s.as_bytes()).expect("parses");
    let root = p.collection.games[0].root();
    assert_eq!(root.get("XX").map(|x| x.values.len()), Some(50_000));
    assert_eq!(root.get("AB").map(|x| x.values.len()), Some(1));
    assert!(root.value("C").is_some_and(|c| c.ends_with("\n\n49999")));
    assert!(start.elapsed().as_secs() < 30, "took {:?}", start.elapsed());
}

/// A zero byte in a text becomes a space, wherever in the file it is; files without one skip the search.
#[test]
fn zero_bytes_in_texts_become_spaces() {
    let p = sgf::parse(b"(;GM[1]C[root];B[dd]C[a\0b];W[pp]N[x\0y])").expect("parses");
    let g = &p.collection.games[0];
    let line = g.main_line_ids();
    assert_eq!(g.nodes()[line[1]].value("C"), Some("a b"));
    assert_eq!(g.nodes()[line[2]].value("N"), Some("x y"));
    let zero: Vec<_> = p
        .warnings
        .iter()
        .filter(|w| w.message.starts_with("zero byte"))
        .collect();
    assert_eq!(zero.len(), 2, "{:?}", p.warnings);
    let clean = sgf::parse(b"(;GM[1]C[root];B[dd]C[a b])").expect("parses");
    assert!(
        clean
            .warnings
            .iter()
            .all(|w| !w.message.starts_with("zero byte")),
        "{:?}",
        clean.warnings
    );
}

/// Moves the repairs mend or delete, empty nodes, an empty root, a game that is not Go and
/// nodes the repairs split all leave a tree that reads and drops normally.
#[test]
fn repaired_moves_and_empty_nodes_keep_the_tree_whole() {
    let files: [&[u8]; 5] = [
        b"(;SZ[9];B[zz];W[d\te];B[ee];;W[ab]C[a comment long enough to live on the heap, not inline])",
        b"(;;B[aa];W[tt])",
        b"(;GM[2]SZ[8];B[zz];W[ZZ]C[x])",
        b"(;SZ[5];B[pass];W[ee](;B[aa];W[zz])(;;B[bb]))",
        b"(;B[aa]W[bb];B[cc]AB[dd];W[R16])",
    ];
    for f in files {
        let p = sgf::parse(f).expect("parses");
        let nodes: usize = p.collection.games.iter().map(|g| g.len()).sum();
        assert!(nodes > 1, "{}", String::from_utf8_lossy(f));
        drop(p);
    }
    let p = sgf::parse(b"(;SZ[9];B[zz];W[d e];B[ee])").expect("parses");
    let g = &p.collection.games[0];
    let line = g.main_line_ids();
    assert_eq!(line.len(), 4);
    assert!(
        !g.nodes()[line[1]].has("B"),
        "the move off the board is deleted"
    );
    assert_eq!(g.nodes()[line[2]].value("W"), Some("de"));
}
