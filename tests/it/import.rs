//! `gobook import`: real games become books that check, keep the main line in
//! their figures, carry the comments and are already formatted.

use crate::common::{self, gobook};

use gobook::diagnostics::Severity;
use gobook::format::schema::DiagramKind;
use gobook::format::writer::{self, Formatted};
use gobook::import::{book_from_game, Options};
use gobook::point::{Color, Point};
use gobook::resolve::model::DiagramRole;
use std::path::{Path, PathBuf};

/// Famous games, and games with comments and variations.
const GAMES: &[&str] = &[
    "littlego/sgf/Famous games/Blood-vomiting game.sgf",
    "littlego/sgf/Famous games/Ear-reddening game.sgf",
    "littlego/sgf/Famous games/Lee's Broken Ladder Game.sgf",
    "gnugo-regression/regression/games/mertin13x13/GNHT1.sgf",
    "gnugo-regression/regression/games/mertin13x13/katsunari-gnugo2.W+4.sgf",
    "gnugo-regression/regression/games/mertin13x13/gnugo-goliath2.W+38.sgf",
    "gnugo-regression/regression/games/life_and_death/ld9_variations.sgf",
    "littlego/sgf/9x9/node-tree-view.sgf",
    "sabaki-sgf/complex.sgf",
];

fn game(path: &Path) -> gobook::sgf::GameTree {
    let bytes = std::fs::read(path).unwrap();
    gobook::sgf::parse(&bytes)
        .unwrap()
        .collection
        .games
        .remove(0)
}

/// The main line's stones in play order: (point, colour), passes left out.
fn main_line(g: &gobook::sgf::GameTree) -> Vec<(Point, Color)> {
    gobook::sgf::main_line(g)
        .moves
        .iter()
        .filter_map(|m| m.point.map(|p| (p, m.color)))
        .collect()
}

fn import(path: &Path, every: u32) -> String {
    let stem = path.file_stem().unwrap().to_string_lossy();
    book_from_game(
        &game(path),
        &stem,
        &Options {
            every,
            ..Default::default()
        },
    )
    .unwrap()
}

fn corpus_games() -> Option<Vec<PathBuf>> {
    let root = common::corpora()?;
    Some(GAMES.iter().map(|g| root.join(g)).collect())
}

#[test]
fn imported_books_check_and_figures_hold_the_main_line() {
    let Some(games) = corpus_games() else { return };
    for path in games {
        for every in [50, 17] {
            let text = import(&path, every);
            let c = gobook::check::check(&text);
            let errors: Vec<_> = c
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .collect();
            assert!(errors.is_empty(), "{}: {errors:?}", path.display());
            let figs: Vec<_> = c
                .resolved
                .book
                .diagrams
                .iter()
                .filter(|d| d.role == DiagramRole::Block(DiagramKind::Fig))
                .collect();
            let shown: Vec<(Point, Color)> = figs
                .iter()
                .flat_map(|d| {
                    d.moves
                        .iter()
                        .filter(|m| m.number.is_some())
                        .filter_map(|m| m.point.map(|p| (p, m.color)))
                })
                .collect();
            let expected = main_line(&game(&path));
            assert_eq!(shown, expected, "{}", path.display());
            let per_fig = figs
                .iter()
                .map(|d| d.moves.iter().filter(|m| m.number.is_some()).count())
                .max()
                .unwrap_or(0);
            assert!(
                per_fig <= every as usize,
                "{}: a figure holds {per_fig} moves",
                path.display()
            );
            // Numbering runs on from figure to figure.
            for w in figs.windows(2) {
                let (_, last) = w[0].number_range().unwrap();
                assert_eq!(w[1].first_number, last + 1, "{}", path.display());
            }
        }
    }
}

#[test]
fn imported_books_are_already_formatted() {
    let Some(games) = corpus_games() else { return };
    for path in games {
        let text = import(&path, 50);
        match writer::format(&text, false) {
            Formatted::Text(t) => assert_eq!(t, text, "{}", path.display()),
            Formatted::SyntaxErrors(e) => panic!("{}: {e:?}", path.display()),
        }
    }
}

/// Paragraph text with each escape of the format (docs/format.md) read as what it keeps.
fn unescaped(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        match gobook::format::inline::escape_len(&raw[i..]) {
            Some(len) if !raw[i..].starts_with("\\n") => {
                out.push_str(gobook::format::inline::escaped(&raw[i..i + len]));
                i += len;
            }
            _ => {
                let c = raw[i..].chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

#[test]
fn comments_become_paragraphs() {
    let Some(games) = corpus_games() else { return };
    for path in games {
        let g = game(&path);
        let text = import(&path, 50);
        let c = gobook::check::check(&text);
        let paras: Vec<&str> = c
            .doc
            .elements
            .iter()
            // Plain paragraphs, and `::p ref=figN` for comments after a variation.
            .filter(|e| !e.explicit || e.name == "p")
            .map(|e| e.value_str())
            .collect();
        let mut checked = 0;
        // Every node is in the book: the main line, and each variation with its own variations.
        for id in 0..g.len() {
            let Some(raw) = g.nodes()[id].value("C") else {
                continue;
            };
            let comment = gobook::sgf::value::text(raw);
            // The text a paragraph shows: its escapes (`\'`, `\#`, `\F8`) without the backslash.
            let paras: Vec<String> = paras.iter().map(|p| unescaped(p)).collect();
            // Every line of the comment is in some paragraph (guarded lines aside).
            for line in comment
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.contains('<'))
            {
                assert!(
                    paras.iter().any(|p| p.contains(line)),
                    "{}: comment line {line:?} is missing",
                    path.display()
                );
                checked += 1;
            }
        }
        if path.ends_with("GNHT1.sgf") {
            assert!(checked > 25, "GNHT1 has many comments: {checked}");
        }
    }
}

#[test]
fn variations_become_diagrams_based_on_the_game() {
    let Some(root) = common::corpora() else {
        return;
    };
    let path = root.join("littlego/sgf/9x9/node-tree-view.sgf");
    let text = import(&path, 50);
    let c = gobook::check::check(&text);
    let dias: Vec<_> = c
        .resolved
        .book
        .diagrams
        .iter()
        .filter(|d| d.role == DiagramRole::Block(DiagramKind::Dia))
        .collect();
    assert!(!dias.is_empty());
    // The first variation branches off before the main line's setup nodes: it starts
    // from the empty board, not from the game's start position (which has that setup).
    assert!(!c.resolved.book.diagrams[0].stones.is_empty());
    assert!(dias[0].stones.is_empty(), "{:?}", dias[0].stones);
    assert!(
        text.contains(
            // Its first stone shows 4, the move itself: nothing else to name (issue 48).
            "::var(#dia2) base=dia1 at=4 mv=\"D2 E2 F2 G2\" ca=\"Dia. 2: White 4\""
        ),
        "a variation of a variation is a captioned `::var`:\n{text}"
    );
    let var = c
        .resolved
        .book
        .diagrams
        .iter()
        .find(|d| d.role == DiagramRole::Block(DiagramKind::Var))
        .unwrap();
    assert_eq!(
        var.first_number, 4,
        "a `::var` continues its base's numbering"
    );
}

#[test]
fn comment_lines_that_look_like_markup_stay_text() {
    let sgf = b"(;SZ[9]C[::h1 not a heading\n\nx=1 is no attribute\n<a href=x>no link</a>];B[cc]C[::fig no figure])";
    let g = gobook::sgf::parse(sgf).unwrap().collection.games.remove(0);
    let text = book_from_game(&g, "t", &Options::default()).unwrap();
    let c = gobook::check::check(&text);
    assert!(!c.has_errors(), "{:?}\n{text}", c.diagnostics);
    let kinds: Vec<_> = c.doc.elements.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        kinds.iter().filter(|k| **k == "fig").count(),
        1,
        "{kinds:?}"
    );
    assert!(!kinds.contains(&"h1"));
    assert!(c
        .doc
        .elements
        .iter()
        .any(|e| !e.explicit && e.value_str().starts_with("x=1")));
}

#[test]
fn two_moves_of_one_colour_keep_colours_and_numbers() {
    let sgf = b"(;SZ[9];B[cc];B[gg];W[cg]C[three])";
    let g = gobook::sgf::parse(sgf).unwrap().collection.games.remove(0);
    let text = book_from_game(&g, "t", &Options::default()).unwrap();
    assert!(text.contains("mv=\"C7 Pass G3 C3\""), "{text}");
    assert!(text.contains("**3:** three"), "{text}");
    let c = gobook::check::check(&text);
    let d = &c.resolved.book.diagrams[0];
    assert_eq!(d.number_range(), Some((1, 3)));
}

#[test]
fn cli_imports_a_game_and_the_book_checks() {
    let Some(root) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let out = tmp.path().join("ear.gobook");
    let game = root.join("littlego/sgf/Famous games/Ear-reddening game.sgf");
    let r = gobook(&[
        "import",
        game.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--every",
        "100",
    ]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("title=\"Shusaku vs Gennan Inseki\""));
    assert!(text.contains("::fig(#fig1) at=1 to=100"));
    assert_eq!(
        gobook(&["check", out.to_str().unwrap()]).status.code(),
        Some(0)
    );
    assert_eq!(
        gobook(&["fmt", "--check", out.to_str().unwrap()])
            .status
            .code(),
        Some(0)
    );

    // Repairs made while reading are warnings with the game file's place.
    let broken = tmp.path().join("broken.sgf");
    std::fs::write(&broken, "(;SZ[9]\n;b[cc];W[gg]").unwrap();
    let r = gobook(&[
        "import",
        broken.to_str().unwrap(),
        "-o",
        tmp.path().join("b.gobook").to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(0));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains(&format!("{}:2:2: warning: ", broken.display())),
        "{err}"
    );

    // --every 0 is a usage error; a file that is no game is a content error.
    let r = gobook(&[
        "import",
        broken.to_str().unwrap(),
        "-o",
        tmp.path().join("c.gobook").to_str().unwrap(),
        "--every",
        "0",
    ]);
    assert_eq!(r.status.code(), Some(2));
    let junk = tmp.path().join("junk.sgf");
    std::fs::write(&junk, "hello").unwrap();
    let r = gobook(&[
        "import",
        junk.to_str().unwrap(),
        "-o",
        tmp.path().join("d.gobook").to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(1));
}

#[test]
fn cli_imports_xml_games() {
    let Some(root) = common::corpora() else {
        return;
    };
    let Some(xml) = common::files_with_ext(&root.join("gogui"), "xml")
        .into_iter()
        .find(|p| {
            std::fs::read(p)
                .ok()
                .and_then(|b| gobook::xml::read(&b).ok())
                .is_some_and(|p| {
                    !p.collection.games.is_empty()
                        && !gobook::sgf::main_line(&p.collection.games[0])
                            .moves
                            .is_empty()
                })
        })
    else {
        panic!("the corpora hold an XML game with moves");
    };
    let tmp = common::tempdir();
    let out = tmp.path().join("x.gobook");
    let r = gobook(&["import", xml.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}: {}",
        xml.display(),
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("::go(#game)"));
}
