//! Each repair on a minimal SGF: the tree it leaves (written back with `sgf::write`) and the
//! codes it reports; and the properties every repair keeps: repairing the repaired file again
//! changes nothing and reports nothing.

use crate::diagnostics::Code;
use crate::sgf;

/// Reads `text`, returning the repaired collection written as SGF and the codes reported.
fn repaired(text: &str) -> (String, Vec<Code>) {
    let p = sgf::parse(text.as_bytes()).expect("the reader takes it");
    let codes = p.warnings.iter().map(|w| w.code).collect();
    (sgf::write(&p.collection).trim_end().to_string(), codes)
}

/// One repair: the input, the tree written back, the codes reported (in file order).
struct Case {
    input: &'static str,
    output: &'static str,
    codes: &'static [Code],
}

/// The root every repaired game starts with.
macro_rules! root {
    ($rest:literal) => {
        concat!("(;FF[4]CA[UTF-8]", $rest)
    };
}

const CASES: &[Case] = &[
    // The root: FF, GM, SZ.
    Case {
        input: "(;FF[5]SZ[9])",
        output: root!("SZ[9])"),
        codes: &[Code::SgfFileFormat],
    },
    Case {
        input: "(;FF[x]SZ[9])",
        output: root!("SZ[9])"),
        codes: &[Code::SgfFileFormat],
    },
    Case {
        input: "(;GM[Go]SZ[9])",
        output: root!("GM[1]SZ[9])"),
        codes: &[Code::SgfGameType],
    },
    Case {
        input: "(;GM[2];B[zz])",
        output: root!("GM[2];B[zz])"),
        codes: &[Code::SgfGameType],
    },
    Case {
        input: "(;SZ[13:13])",
        output: root!("SZ[13])"),
        codes: &[Code::SgfBoardSize],
    },
    Case {
        input: "(;SZ[1000])",
        output: root!("SZ[52])"),
        codes: &[Code::SgfBoardSize],
    },
    Case {
        input: "(;SZ[-12])",
        output: root!(")"),
        codes: &[Code::SgfBoardSize],
    },
    // Old FF[1]-FF[3] properties.
    Case {
        input: "(;SZ[9];B[aa]L[bb][cc])",
        output: root!("SZ[9];B[aa]LB[bb:A][cc:B])"),
        codes: &[Code::SgfOldProperty],
    },
    Case {
        input: "(;SZ[9]AB[aa]M[aa][bb])",
        output: root!("SZ[9]AB[aa]MA[bb]TR[aa])"),
        codes: &[Code::SgfOldProperty],
    },
    Case {
        input: "(;SZ[9]KI[11])",
        output: root!("SZ[9]KM[5.5])"),
        codes: &[Code::SgfOldProperty],
    },
    Case {
        input: "(;SZ[9]KM[6.5]KI[11])",
        output: root!("SZ[9]KM[6.5])"),
        codes: &[Code::SgfOldProperty],
    },
    Case {
        input: "(;SZ[9];B[aa]TE[1]BM[1])",
        output: root!("SZ[9];B[aa]IT[])"),
        codes: &[Code::SgfOldProperty],
    },
    Case {
        input: "(;SZ[9];B[aa]BM[1]TE[1])",
        output: root!("SZ[9];B[aa]DO[])"),
        codes: &[Code::SgfOldProperty],
    },
    Case {
        input: "(;FF[3]SZ[9]VW[aa][cc])",
        // The rectangle, written uncompressed as every point list.
        output: root!("SZ[9]VW[aa][ba][ca][ab][bb][cb][ac][bc][cc])"),
        codes: &[Code::SgfOldProperty],
    },
    // Duplicates.
    Case {
        input: "(;SZ[9];B[aa]C[x]C[y])",
        output: root!("SZ[9];B[aa]C[x\n\ny])"),
        codes: &[Code::SgfDuplicateProperty],
    },
    Case {
        input: "(;SZ[9]AB[aa]AB[bb])",
        output: root!("SZ[9]AB[aa][bb])"),
        codes: &[Code::SgfDuplicateProperty],
    },
    Case {
        input: "(;SZ[9]PL[B]PL[W])",
        output: root!("SZ[9]PL[B])"),
        codes: &[Code::SgfDuplicateProperty],
    },
    // Single values.
    Case {
        input: "(;SZ[9];B[aa]SZ[9])",
        output: root!("SZ[9];B[aa])"),
        codes: &[Code::SgfRootProperty],
    },
    Case {
        input: "(;SZ[9];B[aa][bb])",
        output: root!("SZ[9];B[aa])"),
        codes: &[Code::SgfExtraValues],
    },
    Case {
        input: "(;SZ[9];B[aa]C[])",
        output: root!("SZ[9];B[aa])"),
        codes: &[Code::SgfEmptyValue],
    },
    Case {
        input: "(;SZ[9]AB[])",
        output: root!("SZ[9])"),
        codes: &[Code::SgfEmptyValue],
    },
    Case {
        input: "(;SZ[9];B[aa]C[a\0b])",
        output: root!("SZ[9];B[aa]C[a b])"),
        codes: &[Code::SgfTextCharacter],
    },
    Case {
        input: "(;SZ[9];B[aa]C[a\u{7}b])",
        output: root!("SZ[9];B[aa]C[ab])"),
        codes: &[Code::SgfTextCharacter],
    },
    Case {
        input: "(;SZ[9];B[c c])",
        output: root!("SZ[9];B[cc])"),
        codes: &[Code::SgfWhitespace],
    },
    // Moves.
    Case {
        input: "(;SZ[19];B[R16])",
        output: root!("SZ[19];B[qd])"),
        codes: &[Code::SgfBadMove],
    },
    Case {
        input: "(;SZ[19];B[Pass])",
        output: root!("SZ[19];B[])"),
        codes: &[Code::SgfBadMove],
    },
    Case {
        input: "(;SZ[9];B[111];W[cc])",
        output: root!("SZ[9];;W[cc])"),
        codes: &[Code::SgfBadMove],
    },
    // Point lists, lines and labels.
    Case {
        input: "(;SZ[9]AB[aa][zz])",
        output: root!("SZ[9]AB[aa])"),
        codes: &[Code::SgfBadPoint],
    },
    Case {
        input: "(;SZ[9]AB[aa:bb])",
        output: root!("SZ[9]AB[aa][ba][ab][bb])"),
        codes: &[],
    },
    Case {
        input: "(;SZ[9];B[aa]LN[aa:aa][aa:cc])",
        output: root!("SZ[9];B[aa]LN[aa:cc])"),
        codes: &[Code::SgfBadPoint],
    },
    Case {
        input: "(;SZ[9]AB[aa][bb][aa])",
        output: root!("SZ[9]AB[aa][bb])"),
        codes: &[Code::SgfRepeatedPoint],
    },
    // Numbers, reals, doubles, colours, properties without a value.
    Case {
        input: "(;SZ[9]PL[w 123])",
        output: root!("SZ[9]PL[W])"),
        codes: &[Code::SgfBadValue],
    },
    Case {
        input: "(;SZ[9]PL[x])",
        output: root!("SZ[9])"),
        codes: &[Code::SgfBadValue],
    },
    Case {
        input: "(;SZ[9];B[aa]BL[30.])",
        output: root!("SZ[9];B[aa]BL[30])"),
        codes: &[Code::SgfBadValue],
    },
    Case {
        input: "(;SZ[9];B[aa]KO[x])",
        output: root!("SZ[9];B[aa]KO[])"),
        codes: &[Code::SgfBadValue],
    },
    // Game info with a format of its own.
    Case {
        input: "(;SZ[9]RE[w+r])",
        output: root!("SZ[9]RE[W+R])"),
        codes: &[Code::SgfGameInfo],
    },
    Case {
        input: "(;SZ[9]DT[1994/3/12])",
        output: root!("SZ[9]DT[1994-03-12])"),
        codes: &[Code::SgfGameInfo],
    },
    Case {
        input: "(;SZ[9]RE[who knows])",
        output: root!("SZ[9]RE[who knows])"),
        codes: &[Code::SgfGameInfo],
    },
    Case {
        // A five-digit year cannot be mended: kept, with the note (fuzz finding: it was
        // "corrected" to itself, and warned again on every reading).
        input: "(;SZ[9]DT[20101-9-10])",
        output: root!("SZ[9]DT[20101-9-10])"),
        codes: &[Code::SgfGameInfo],
    },
    Case {
        input: "(;SZ[9]KM[6,5])",
        output: root!("SZ[9]KM[6.5])"),
        codes: &[Code::SgfGameInfo],
    },
    Case {
        input: "(;SZ[9]KM[abc])",
        output: root!("SZ[9])"),
        codes: &[Code::SgfGameInfo],
    },
    Case {
        input: "(;SZ[9]TM[1h30m])",
        output: root!("SZ[9]TM[5400])"),
        codes: &[Code::SgfGameInfo],
    },
    // What a node holds together.
    Case {
        input: "(;SZ[9];TE[1]C[x])",
        output: root!("SZ[9];C[x])"),
        codes: &[Code::SgfAnnotation],
    },
    Case {
        input: "(;SZ[9];B[aa]GB[1]GW[1])",
        output: root!("SZ[9];B[aa]GB[1])"),
        codes: &[Code::SgfAnnotation],
    },
    Case {
        input: "(;SZ[9];AB[aa]B[bb])",
        output: root!("SZ[9];AB[aa];B[bb])"),
        codes: &[Code::SgfSplitNode],
    },
    Case {
        input: "(;SZ[9];B[aa]W[bb]WL[30])",
        output: root!("SZ[9];B[aa];W[bb]WL[30])"),
        codes: &[Code::SgfSplitNode],
    },
    // Several repairs in one file keep file order.
    Case {
        input: "(;SZ[13:13]KI[11];B[C3]W[bb])",
        output: root!("SZ[13]KM[5.5];B[ck];W[bb])"),
        codes: &[
            Code::SgfBoardSize,
            Code::SgfOldProperty,
            Code::SgfBadMove,
            Code::SgfSplitNode,
        ],
    },
];

#[test]
fn each_repair_leaves_its_tree_and_reports_its_code() {
    let mut wrong = Vec::new();
    for case in CASES {
        let got = repaired(case.input);
        if got != (case.output.to_string(), case.codes.to_vec()) {
            wrong.push(format!(
                "{:?}\n  want {:?} {:?}\n  got  {:?} {:?}",
                case.input, case.output, case.codes, got.0, got.1
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn repairing_the_repaired_file_changes_nothing_and_warns_of_nothing() {
    for case in CASES {
        let (once, _) = repaired(case.input);
        let again = sgf::parse(once.as_bytes()).expect("reads");
        // Two warnings are notes on what stays, not repairs, and are said again: a game that
        // is not Go, and a game-info value kept as written because it cannot be read.
        let notes = |w: &sgf::Warning| {
            w.message.starts_with("the game is not Go")
                || (w.code == Code::SgfGameInfo && w.message.contains("(not corrected)"))
        };
        let repairs: Vec<_> = again.warnings.iter().filter(|w| !notes(w)).collect();
        assert!(
            repairs.is_empty(),
            "{:?} repaired to {once:?}, which warns: {repairs:?}",
            case.input,
        );
        assert_eq!(
            sgf::write(&again.collection).trim_end(),
            once,
            "{:?}",
            case.input
        );
    }
}

#[test]
fn a_clean_file_reports_nothing_and_keeps_its_tree() {
    // As the writer lays it out: a variation on a line of its own.
    let clean = "(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[Black]PW[White]KM[6.5]RE[B+R]\
                 ;B[pd]C[first];W[dp]LB[dd:A]TR[pp]\n(;B[pp];W[dd])\n(;B[dd]))";
    let (out, codes) = repaired(clean);
    assert_eq!(codes, vec![]);
    assert_eq!(out, clean);
}

#[test]
fn every_repair_code_of_the_registry_is_reached_by_a_case() {
    // The codes the cases reach, each named in docs/diagnostics.md (tests/it/diagnostic_codes.rs).
    let reached: std::collections::BTreeSet<Code> =
        CASES.iter().flat_map(|c| c.codes.iter().copied()).collect();
    // `sgf-and-base` is a book's attribute clash, not the reader's.
    let sgf_codes: std::collections::BTreeSet<Code> = Code::ALL
        .iter()
        .copied()
        .filter(|c| c.as_str().starts_with("sgf-") && *c != Code::SgfAndBase)
        .collect();
    // The reader's own codes (syntax, charset) are tested with the reader; every repair's is here.
    let reader = [
        Code::SgfSyntax,
        Code::SgfEmpty,
        Code::SgfGames,
        Code::SgfSize,
        Code::SgfMovesUnused,
        Code::SgfCharset,
        Code::SgfStructure,
        Code::SgfStrayText,
        Code::SgfIdentifier,
        Code::SgfUnclosedValue,
    ];
    let missing: Vec<&str> = sgf_codes
        .iter()
        .filter(|c| !reached.contains(c) && !reader.contains(c))
        .map(|c| c.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "repair codes no case reaches: {missing:?}"
    );
}
