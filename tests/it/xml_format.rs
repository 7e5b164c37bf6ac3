//! The XML Go format: GoGui's own test cases, DTD validity, and loss-less SGF <-> XML.

use crate::common;

use gobook::point::{Color, Point};
use gobook::sgf::{self, props, value, Collection, GameTree, Property, ROOT};
use gobook::xml;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn read_case(root: &Path, name: &str) -> GameTree {
    let bytes = std::fs::read(root.join("gogui/xml-test-cases").join(name)).expect(name);
    let mut p = xml::read(&bytes).expect(name);
    assert_eq!(p.collection.games.len(), 1, "{name}");
    p.collection.games.remove(0)
}

fn text(g: &GameTree, n: usize, id: &str) -> Option<String> {
    g.nodes()[n].value(id).map(value::text)
}

#[test]
fn gogui_reader_cases() {
    let Some(root) = common::corpora() else {
        return;
    };
    let g = read_case(&root, "reader-testComment.xml");
    assert_eq!(text(&g, ROOT, "C").as_deref(), Some("\nabc\n   \nabc"));

    let g = read_case(&root, "reader-testOvertime.xml");
    // GoGui: 18,000,000 ms main time; byo-yomi of 60,000 ms for 1 move (from OT).
    assert_eq!(g.root().value("TM"), Some("18000"));
    assert_eq!(g.root().value("OT"), Some("1 moves / 1 min"));

    let g = read_case(&root, "reader-testPruneEmptyRootIfGameName.xml");
    assert!(g.root().children.is_empty());
    assert_eq!(text(&g, ROOT, "C").as_deref(), Some("abc"));
    assert_eq!(g.root().value("GN"), Some("gameName"));

    let g = read_case(&root, "reader-testTime.xml");
    assert_eq!(g.root().value("TM"), Some("3600"));

    let g = read_case(&root, "reader-testVariation.xml");
    let r = g.root();
    assert_eq!(r.children.len(), 2);
    let (n1, n2) = (r.children[0], r.children[1]);
    assert_eq!(g.nodes()[n1].children.len(), 1);
    let n3 = g.nodes()[n1].children[0];
    let mv = |n: usize, id: &str| {
        g.nodes()[n]
            .value(id)
            .and_then(|v| value::parse_move(v, 19))
            .flatten()
    };
    // GoGui's Move.get(BLACK, 15, 15) is column 15, row 15 from the bottom: Q16.
    assert_eq!(mv(n1, "B"), Some(Point::new(15, 15)));
    assert!(g.nodes()[n2].children.is_empty());
    assert_eq!(mv(n2, "B"), Some(Point::new(15, 14)));
    assert!(g.nodes()[n3].children.is_empty());
    assert_eq!(mv(n3, "W"), Some(Point::new(3, 3)));
    let line = sgf::main_line(&g);
    assert_eq!(line.moves.len(), 2);
    assert_eq!(line.moves[1].color, Color::White);
}

fn game_with(root_props: Vec<(&str, &str)>, child: Option<Vec<(&str, &str)>>) -> Collection {
    let mut g = GameTree::new();
    for (id, v) in root_props {
        g.root_mut()
            .props
            .push(Property::new(id, vec![v.to_string()]));
    }
    if let Some(props) = child {
        let c = g.add_child(ROOT);
        for (id, v) in props {
            g.node_mut(c)
                .props
                .push(Property::new(id, vec![v.to_string()]));
        }
    }
    Collection { games: vec![g] }
}

#[test]
fn gogui_writer_cases() {
    let Some(root) = common::corpora() else {
        return;
    };
    let esc = value::escape_text;
    let rank = esc("9d, Tengen & Oza");
    let cases: Vec<(&str, Collection)> = vec![
        (
            "writer-testCommentParagraphs-1.xml",
            game_with(vec![("C", "line1\nline2")], None),
        ),
        (
            "writer-testCommentParagraphs-2.xml",
            game_with(vec![("C", "line1\nline2\n")], None),
        ),
        (
            "writer-testEmptyRootWithGameInfo-1.xml",
            game_with(vec![("KM", "5.5")], Some(vec![("B", "")])),
        ),
        (
            "writer-testEscapeBlackRank-1.xml",
            game_with(vec![("BR", &rank)], None),
        ),
        (
            "writer-testInvalidXml-1.xml",
            game_with(vec![("C", "foo\u{13}bar")], None),
        ),
        (
            "writer-testMoveWithoutNode-1.xml",
            game_with(vec![], Some(vec![("B", "")])),
        ),
        (
            "writer-testSetupPlayer-1.xml",
            game_with(vec![("PL", "W")], None),
        ),
        (
            "writer-testTimeLeftWithoutMove-1.xml",
            game_with(vec![("BL", "2.0"), ("WL", "2.0")], None),
        ),
    ];
    let mut bad = Vec::new();
    for (file, collection) in cases {
        let want =
            std::fs::read_to_string(root.join("gogui/xml-test-cases").join(file)).expect(file);
        let got = xml::write(&collection);
        if got.trim() != want.trim() {
            bad.push(format!("{file}:\n--- gobook\n{got}--- GoGui\n{want}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// SGF files that GoGui converted (their XML sits in reference/gogui-xml).
fn converted_files(root: &Path) -> Vec<(PathBuf, PathBuf)> {
    let reference = root.join("reference/gogui-xml");
    let mut out = Vec::new();
    for xml_file in common::files_with_ext(&reference, "xml") {
        let Ok(rel) = xml_file.strip_prefix(&reference) else {
            continue;
        };
        let rel = rel.to_string_lossy();
        let Some(sgf_rel) = rel.strip_suffix(".xml") else {
            continue;
        };
        let sgf_file = root.join(sgf_rel);
        if sgf_file.is_file() {
            out.push((sgf_file, xml_file));
        }
    }
    out
}

type Meaning = Vec<(usize, BTreeMap<String, Vec<String>>)>;

/// A game's meaning: nodes in preorder with child count and typed property values, without
/// what only describes the file (FF, CA, GM[1], SZ[19], AP).
fn meaning(g: &GameTree) -> Meaning {
    let size = g.board_size();
    g.preorder()
        .into_iter()
        .map(|n| {
            let mut map = BTreeMap::new();
            for p in &g.nodes()[n].props {
                let id = p.id.as_str();
                if n == ROOT
                    && (matches!(id, "FF" | "CA" | "AP")
                        || (id == "GM" && p.value() == Some("1"))
                        || (id == "SZ" && p.value() == Some("19")))
                {
                    continue;
                }
                let info = props::info(id);
                let vals: Vec<String> = match info.ty {
                    props::Type::Text => p.values.iter().map(|v| value::text(v)).collect(),
                    props::Type::SimpleText => {
                        p.values.iter().map(|v| value::simple_text(v)).collect()
                    }
                    props::Type::Move => p
                        .values
                        .iter()
                        .map(|v| format!("{:?}", value::parse_move(v, size)))
                        .collect(),
                    props::Type::Point => {
                        let mut v: Vec<String> = value::point_list(&p.values, size)
                            .unwrap_or_default()
                            .iter()
                            .map(|x| x.to_string())
                            .collect();
                        v.sort();
                        v
                    }
                    _ => p.values.to_vec(),
                };
                map.insert(id.to_string(), vals);
            }
            (g.nodes()[n].children.len(), map)
        })
        .collect()
}

#[test]
fn sgf_to_xml_to_sgf_keeps_the_game_and_agrees_with_gogui() {
    let Some(root) = common::corpora() else {
        return;
    };
    let pairs = converted_files(&root);
    assert!(
        pairs.len() > 300,
        "only {} converted files found",
        pairs.len()
    );
    let mut bad = Vec::new();
    for (sgf_file, gogui_xml) in &pairs {
        let original = sgf::parse(&std::fs::read(sgf_file).expect("sgf"))
            .expect("sgf parses")
            .collection;
        let ours = xml::write(&original);
        let back = match xml::read(ours.as_bytes()) {
            Ok(p) => p.collection,
            Err(e) => {
                bad.push(format!(
                    "{}: our XML does not read back: {e}",
                    sgf_file.display()
                ));
                continue;
            }
        };
        let same = original.games.len() == back.games.len()
            && original
                .games
                .iter()
                .zip(&back.games)
                .all(|(a, b)| meaning(a) == meaning(b));
        if !same {
            bad.push(format!(
                "{}: SGF -> XML -> SGF changed the game",
                sgf_file.display()
            ));
            continue;
        }
        // GoGui's XML of the same file, read by gobook, has the same main line and setup.
        let theirs = xml::read(&std::fs::read(gogui_xml).expect("xml"))
            .expect("GoGui XML reads")
            .collection;
        let (a, b) = (
            sgf::main_line(&original.games[0]),
            sgf::main_line(&theirs.games[0]),
        );
        if a.moves != b.moves || a.size != b.size {
            bad.push(format!(
                "{}: main line differs from GoGui's XML",
                sgf_file.display()
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} files:\n{}",
        bad.len(),
        pairs.len(),
        bad.join("\n")
    );
}

#[test]
fn gogui_xml_to_sgf_matches_gogui_round_trip() {
    let Some(root) = common::corpora() else {
        return;
    };
    let dir = root.join("reference/gogui-xml/xml-test-cases");
    let mut checked = 0;
    for sgf_file in common::files_with_ext(&dir, "sgf") {
        let name = sgf_file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .replace(".sgf", ".xml");
        let xml_bytes =
            std::fs::read(root.join("gogui/xml-test-cases").join(&name)).expect("xml case");
        let ours = xml::read(&xml_bytes).expect("reads").collection;
        let gogui = sgf::parse(&std::fs::read(&sgf_file).expect("sgf"))
            .expect("parses")
            .collection;
        let strip = |g: &GameTree| {
            let mut m = meaning(g);
            // GoGui writes SZ only when the XML had a BoardSize; the default means the same.
            for (_, map) in &mut m {
                map.remove("SZ");
            }
            m
        };
        assert_eq!(strip(&ours.games[0]), strip(&gogui.games[0]), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 13);
}

#[test]
fn written_xml_is_valid_against_go_dtd() {
    let Some(root) = common::corpora() else {
        return;
    };
    if !common::have("xmllint", "--version") {
        assert!(
            std::env::var_os("CI").is_none(),
            "xmllint is missing (scripts/setup.sh installs libxml2-utils)"
        );
        crate::common::steps_aside("xmllint is not installed");
        return;
    }
    let tmp = common::tempdir();
    let out_dir = tmp.path();
    let mut written = Vec::new();
    let mut sources: Vec<PathBuf> = converted_files(&root).into_iter().map(|(s, _)| s).collect();
    // Plus files GoGui could not convert: collections, odd boards, broken files.
    for extra in [
        "sgfc/test.sgf",
        "libsgfcplusplus/deep-game-tree.sgf",
        "libsgfcplusplus/compressed-point-list.sgf",
        "sgf-parse/ff4_ex.sgf",
    ] {
        sources.push(root.join(extra));
    }
    for (i, src) in sources.iter().enumerate() {
        let Ok(p) = sgf::parse(&std::fs::read(src).expect("sgf")) else {
            continue;
        };
        let f = out_dir.join(format!("{i}.xml"));
        std::fs::write(&f, xml::write(&p.collection)).expect("write");
        written.push((f, src.clone()));
    }
    let mut bad = Vec::new();
    for chunk in written.chunks(200) {
        let out = std::process::Command::new("xmllint")
            .arg("--noout")
            .arg("--dtdvalid")
            .arg(root.join("gogui/go.dtd"))
            .args(chunk.iter().map(|(f, _)| f))
            .output()
            .expect("xmllint runs");
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            for (f, src) in chunk {
                if err.contains(&*f.to_string_lossy()) {
                    bad.push(format!("{} ({})", src.display(), f.display()));
                }
            }
            bad.push(err.lines().take(10).collect::<Vec<_>>().join("\n"));
        }
    }
    if !bad.is_empty() {
        // The written files stay for a look at what xmllint refused.
        eprintln!("written files kept in {}", tmp.keep().display());
    }
    assert!(written.len() > 300);
    assert!(
        bad.is_empty(),
        "not valid against go.dtd:\n{}",
        bad.join("\n")
    );
}

/// Many unknown elements on one long line are each reported, in time linear in the file.
#[test]
fn many_warnings_on_one_line_stay_fast() {
    let mut doc = String::from("<Go><GoGame><Information/><Nodes><Node>");
    for _ in 0..50_000 {
        doc.push_str("<Foo/>");
    }
    doc.push_str("</Node></Nodes></GoGame></Go>");
    let start = std::time::Instant::now();
    let p = xml::read(doc.as_bytes()).expect("reads");
    assert_eq!(p.warnings.len(), 50_000);
    assert_eq!((p.warnings[1].line, p.warnings[1].col), (1, 46));
    assert!(start.elapsed().as_secs() < 30, "took {:?}", start.elapsed());
}

#[test]
fn a_document_without_a_game_is_refused() {
    let e = xml::read(b"<?xml version=\"1.0\"?>\n<Go>\n</Go>\n").unwrap_err();
    assert!(e.message.contains("no <GoGame>"), "{}", e.message);
}

#[test]
fn a_game_inside_a_game_does_not_start_a_new_one() {
    // The inner <Go><GoGame> stands in the outer game's sequence: its nodes join the outer game.
    let doc = b"<Go><GoGame><Nodes><Node/><Black at=\"C3\"/><Go><GoGame><Nodes><White at=\"D4\"/></Nodes></GoGame></Go><Black at=\"E5\"/></Nodes></GoGame></Go>";
    let p = xml::read(doc).unwrap();
    assert_eq!(p.collection.games.len(), 1);
    let written = sgf::write::write(&p.collection);
    assert!(sgf::parse(written.as_bytes()).is_ok(), "{written}");
}
