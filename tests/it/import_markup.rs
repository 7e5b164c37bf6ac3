//! `gobook import` of commented games, read as a teacher would: the SGF's marks and
//! labels reach the diagrams that show their nodes, each comment follows the figure
//! of its move, variations are captioned diagrams after the comment they answer,
//! and figures break where markup clashes or a comment is long.

use crate::common;

use gobook::format::schema::DiagramKind;
use gobook::import::{import_game, Imported, Options};
use gobook::point::{Color, Point};
use gobook::resolve::model::{Diagram, DiagramRole};
use gobook::sgf::{self, GameTree, NodeId};
use std::collections::BTreeSet;
use std::path::Path;

/// Commented games and markup files of other people, with marks and labels of every kind.
const MARKED: &[&str] = &[
    "littlego/sgf/Famous games/Blood-vomiting game.sgf",
    "littlego/sgf/19x19/markup.sgf",
    "littlego/sgf/9x9/setup-variations.sgf",
    "glift/marky.sgf",
    "glift/marktest.sgf",
    "glift/leeGuGame6.sgf",
    "glift/yearbookExample.sgf",
    "gnugo-regression/regression/games/mertin13x13/GNHT1.sgf",
];

fn game(path: &Path) -> GameTree {
    let bytes = std::fs::read(path).unwrap();
    sgf::parse(&bytes).unwrap().collection.games.remove(0)
}

fn import(g: &GameTree, opts: &Options) -> Imported {
    import_game(g, "t", opts).unwrap()
}

/// One item of SGF markup as the resolved book shows it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Item {
    Mark(Point, &'static str),
    Label(Point, String),
    Area(Point, bool),
    Line(Point, Point, bool),
}

/// The markup of one node, read here independently of the importer.
fn node_items(g: &GameTree, id: NodeId, size: u8) -> Vec<Item> {
    let mut out = Vec::new();
    for p in &g.nodes()[id].props {
        let pts = || sgf::value::point_list(&p.values, size).unwrap_or_default();
        match p.id.as_str() {
            "TR" => out.extend(pts().into_iter().map(|q| Item::Mark(q, "triangle"))),
            "SQ" => out.extend(pts().into_iter().map(|q| Item::Mark(q, "square"))),
            "CR" => out.extend(pts().into_iter().map(|q| Item::Mark(q, "circle"))),
            "MA" => out.extend(pts().into_iter().map(|q| Item::Mark(q, "cross"))),
            "TB" => out.extend(pts().into_iter().map(|q| Item::Area(q, true))),
            "TW" => out.extend(pts().into_iter().map(|q| Item::Area(q, false))),
            "LB" => out.extend(p.values.iter().filter_map(|v| {
                let (a, t) = sgf::value::split_compose(v)?;
                Some(Item::Label(
                    sgf::value::parse_point(a, size)?,
                    sgf::value::simple_text(t).trim().to_string(),
                ))
            })),
            "LN" | "AR" => out.extend(p.values.iter().filter_map(|v| {
                let (a, b) = sgf::value::split_compose(v)?;
                Some(Item::Line(
                    sgf::value::parse_point(a, size)?,
                    sgf::value::parse_point(b, size)?,
                    p.id == "AR",
                ))
            })),
            _ => {}
        }
    }
    out
}

/// What a resolved diagram shows of markup.
fn shown(d: &Diagram) -> BTreeSet<Item> {
    let mut s = BTreeSet::new();
    for (p, m) in &d.marks {
        s.insert(Item::Mark(*p, m.name()));
    }
    for (p, t) in &d.labels {
        s.insert(Item::Label(*p, t.clone()));
    }
    for (p, c) in &d.territory {
        s.insert(Item::Area(*p, *c == Color::Black));
    }
    for (a, b) in &d.lines {
        s.insert(Item::Line(*a, *b, false));
    }
    for (a, b) in &d.arrows {
        s.insert(Item::Line(*a, *b, true));
    }
    s
}

/// Every mark and label of the files reaches a diagram of the book, or is counted as
/// not placed (and then warned about by the command line).
#[test]
fn marks_and_labels_reach_the_book() {
    let Some(root) = common::corpora() else {
        return;
    };
    let (mut all, mut placed) = (0usize, 0usize);
    for f in MARKED {
        let path = root.join(f);
        let g = game(&path);
        let size = g.board_size();
        let imported = import(&g, &Options::default());
        let c = gobook::check::check(&imported.text);
        assert!(!c.has_errors(), "{f}: {:?}", c.diagnostics);
        let in_book: BTreeSet<Item> = c
            .resolved
            .book
            .diagrams
            .iter()
            .flat_map(|d| shown(d))
            .collect();
        let items: Vec<Item> = (0..g.len()).flat_map(|n| node_items(&g, n, size)).collect();
        let missing: Vec<&Item> = items.iter().filter(|i| !in_book.contains(i)).collect();
        assert!(
            missing.len() <= imported.markup.dropped,
            "{f}: {} item(s) missing, only {} counted as not placed: {missing:?}",
            missing.len(),
            imported.markup.dropped
        );
        assert!(
            imported.markup.read >= items.len(),
            "{f}: {:?}",
            imported.markup
        );
        all += items.len();
        placed += items.len() - missing.len();
    }
    eprintln!("marks and labels placed: {placed} of {all}");
    // markup.sgf marks one point twice in a node, marky.sgf a circle inside a square
    // rectangle: one point each that no board can show two ways.
    assert!(all > 150 && all - placed <= 2, "{placed} of {all}");
}

/// The comments of the Blood-vomiting game refer to 'a', 'b' and 'c': each follows the
/// figure of its move, in move order, and that figure carries the labels of its node.
#[test]
fn comments_follow_the_figure_that_shows_their_labels() {
    let Some(root) = common::corpora() else {
        return;
    };
    let g = game(&root.join("littlego/sgf/Famous games/Blood-vomiting game.sgf"));
    let imported = import(&g, &Options::default());
    assert_eq!(imported.markup.dropped, 0);
    let c = gobook::check::check(&imported.text);
    // Main-line nodes by move number.
    let ids = g.main_line_ids();
    let number_of: Vec<(u32, NodeId)> = {
        let mut n = 0;
        ids.iter()
            .filter_map(|&id| {
                let node = &g.nodes()[id];
                (node.has("B") || node.has("W")).then(|| {
                    n += 1;
                    (n, id)
                })
            })
            .collect()
    };
    let by_element = |i: usize| c.resolved.book.diagrams.iter().find(|d| d.element == i);
    let mut fig: Option<&Diagram> = None;
    // The reference diagram right before a comment, which shows what the figure cannot.
    let mut reference: Option<&Diagram> = None;
    let mut last = 0;
    let mut with_labels = 0;
    for (i, e) in c.doc.elements.iter().enumerate() {
        if let Some(d) = by_element(i) {
            if d.role == DiagramRole::Block(DiagramKind::Fig) {
                fig = Some(d);
            } else if d.moves.is_empty() {
                reference = Some(d);
            }
            continue;
        }
        let just_before = reference.take();
        let v = e.value_str();
        let Some(n) = v
            .strip_prefix("**")
            .and_then(|r| r.split_once(":**"))
            .and_then(|(n, _)| n.parse::<u32>().ok())
        else {
            continue;
        };
        let f = fig.expect("a comment before any figure");
        let (a, b) = f.number_range().unwrap();
        assert!(a <= n && n <= b, "comment {n} after the figure of {a}-{b}");
        assert!(n >= last, "comment {n} after comment {last}");
        last = n;
        let id = number_of.iter().find(|x| x.0 == n).unwrap().1;
        let labels: Vec<Item> = node_items(&g, id, 19);
        let on_fig = shown(f);
        let on_ref = just_before.map(shown).unwrap_or_default();
        let numbered: BTreeSet<Point> = f
            .moves
            .iter()
            .filter(|m| m.shown)
            .filter_map(|m| m.point)
            .collect();
        for l in &labels {
            assert!(
                on_fig.contains(l) || on_ref.contains(l),
                "move {n}: {l:?} is neither on figure {a}-{b} nor on a reference diagram before its comment"
            );
            // A letter never stands on a numbered stone of the figure.
            if let Item::Label(p, _) = l {
                assert!(
                    !(on_fig.contains(l) && numbered.contains(p)),
                    "move {n}: {l:?} hides a number"
                );
            }
        }
        with_labels += usize::from(!labels.is_empty());
    }
    assert!(
        with_labels >= 10,
        "{with_labels} comments with labels checked"
    );
    // The figure of B21 ("extend at 'a'") shows 'a'.
    assert!(imported.text.contains("::fig(#fig1) at=1 to=35 a=C6"));
}

/// Each variation is a `::dia` (a variation of a variation a `::var`) captioned
/// "Dia. N: White 46 at a" (at the figure's letter, else at what the board shows) and
/// numbered through the book, right after the comment
/// of the move it branches from.
#[test]
fn variations_are_captioned_after_the_comment_they_answer() {
    let Some(root) = common::corpora() else {
        return;
    };
    let g = game(&root.join("gnugo-regression/regression/games/mertin13x13/GNHT1.sgf"));
    let text = import(&g, &Options::default()).text;
    let c = gobook::check::check(&text);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let vars: Vec<&Diagram> = c
        .resolved
        .book
        .diagrams
        .iter()
        .filter(|d| {
            matches!(
                d.role,
                DiagramRole::Block(DiagramKind::Dia | DiagramKind::Var)
            )
        })
        .map(|d| &**d)
        .collect();
    assert!(vars.len() > 10);
    for (k, d) in vars.iter().enumerate() {
        let ca = d.caption.get("en").unwrap();
        assert!(ca.starts_with(&format!("Dia. {}: ", k + 1)), "{ca}");
    }
    assert!(text.contains("::dia(#dia1) base=game at=87"));
    // Under boards without coordinates (no comment names a point by them) the point is
    // named by what the diagram shows there: its first stone, 1 (issue 48).
    assert!(text.contains("ca=\"Dia. 1: Black 87 at 1\""), "{text}");
    assert!(!text.contains("showCoords"), "{text}");
    assert!(text.contains("::var(#dia2) base=dia1 at=6"));
    // Dia. 1 replaces move 87: it comes after the comment of move 86 (if any) and
    // before that of 87, which names its figure again.
    let dia = text.find("::dia(#dia1)").unwrap();
    let c87 = text
        .find("::p ref=fig2 **87:**")
        .expect("comment 87 refers to its figure");
    assert!(dia < c87);
}

/// A letter of one comment at another point than in an earlier comment of the same
/// figure, or a mark on a numbered stone, goes on a small reference diagram of its
/// moment before the comment, when the figure is too short to end there; a long
/// comment does not end a figure shorter than half the target either.
#[test]
fn short_needs_get_reference_diagrams_not_short_figures() {
    let long = "x".repeat(gobook::import::LONG_COMMENT);
    let sgf = format!(
        "(;SZ[9];B[cc]LB[gg:a]C[a is good];W[gc];B[cg]LB[ee:a]C[now a is here];W[gh]C[{long}];B[dd];W[ee]TR[cc];SQ[cc]C[square])"
    );
    let g = sgf::parse(sgf.as_bytes())
        .unwrap()
        .collection
        .games
        .remove(0);
    let imported = import(&g, &Options::default());
    let text = &imported.text;
    let c = gobook::check::check(text);
    assert!(!c.has_errors(), "{:?}\n{text}", c.diagnostics);
    assert!(text.contains("::fig(#fig1) at=1 to=6 a=G3\n"), "{text}");
    let dia1 = text
        .find("::dia(#dia1) base=game at=4 ca=\"Dia. 1\" a=E5")
        .expect(text);
    assert!(dia1 < text.find("now a is here").unwrap(), "{text}");
    assert!(
        text.contains("::dia(#dia2) base=game at=7 ca=\"Dia. 2\" tr=C7 vw=A4F9 width=half"),
        "{text}"
    );
    assert!(
        text.contains("::dia(#dia3) base=game at=7 ca=\"Dia. 3\" sq=C7 vw=A4F9 width=half"),
        "{text}"
    );
    assert_eq!(imported.markup.dropped, 0);
}

/// Over a long game whose comments keep reusing letters, figures are near the target
/// length: none but the last shorter than the minimum, none longer than `every`; and
/// no letter stands on a numbered stone of a figure.
#[test]
fn figures_keep_a_minimum_length_and_letters_never_hide_numbers() {
    let mut sgf = String::from("(;SZ[19]");
    let mut n = 0;
    'rows: for r in 0..19u8 {
        for c in 0..19u8 {
            if (r + c) % 3 == 0 || n >= 230 {
                if n >= 230 {
                    break 'rows;
                }
                continue;
            }
            let col = (b'a' + c) as char;
            let row = (b'a' + r) as char;
            let colour = if n % 2 == 0 { 'B' } else { 'W' };
            // Every third move names two points 'a' and 'b', one of them the next move's.
            let next_c = (b'a' + (c + 1) % 19) as char;
            if n % 3 == 0 {
                sgf.push_str(&format!(
                    ";{colour}[{col}{row}]LB[{next_c}{row}:a][ss:b]C[a or b?]"
                ));
            } else {
                sgf.push_str(&format!(";{colour}[{col}{row}]"));
            }
            n += 1;
        }
    }
    sgf.push(')');
    let g = sgf::parse(sgf.as_bytes())
        .unwrap()
        .collection
        .games
        .remove(0);
    let imported = import(&g, &Options::default());
    let c = gobook::check::check(&imported.text);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let figs: Vec<&Diagram> = c
        .resolved
        .book
        .diagrams
        .iter()
        .filter(|d| d.role == DiagramRole::Block(DiagramKind::Fig))
        .map(|d| &**d)
        .collect();
    let lengths: Vec<u32> = figs
        .iter()
        .map(|f| f.number_range().map_or(0, |(a, b)| b + 1 - a))
        .collect();
    assert!(lengths.len() >= 5, "{lengths:?}");
    let (last, rest) = lengths.split_last().unwrap();
    assert!(*last >= 1);
    assert!(
        rest.iter()
            .all(|l| (gobook::import::MIN_FIGURE..=50).contains(l)),
        "{lengths:?}"
    );
    for f in &figs {
        let numbered: BTreeSet<Point> = f
            .moves
            .iter()
            .filter(|m| m.shown)
            .filter_map(|m| m.point)
            .collect();
        for item in shown(f) {
            if let Item::Label(p, _) = item {
                assert!(!numbered.contains(&p), "{p:?} hides a number");
            }
        }
    }
    assert_eq!(imported.markup.dropped, 0);
}

/// A long game is split into pages: no page holds more figures than asked, and every
/// page after the first is headed with its moves and checks (its figures name the game).
#[test]
fn a_long_game_is_split_into_pages() {
    let moves: String = (0..19u8)
        .flat_map(|r| (0..10u8).map(move |c| (r, c)))
        .enumerate()
        .map(|(i, (r, c))| {
            let colour = if i % 2 == 0 { 'B' } else { 'W' };
            let col = (b'a' + c * 2 - c % 2) as char;
            format!(";{colour}[{col}{}]", (b'a' + r) as char)
        })
        .collect();
    let g = sgf::parse(format!("(;SZ[19]{moves})").as_bytes())
        .unwrap()
        .collection
        .games
        .remove(0);
    let opts = Options {
        every: 10,
        figures_per_page: 4,
        ..Default::default()
    };
    let text = import(&g, &opts).text;
    let c = gobook::check::check(&text);
    assert!(!c.has_errors(), "{:?}\n{text}", c.diagnostics);
    let chapters: Vec<&str> = text.split("::chapter").skip(1).collect();
    assert_eq!(chapters.len(), 5, "{text}");
    for ch in &chapters {
        assert!(ch.matches("::fig(").count() <= 4, "{ch}");
    }
    assert!(chapters[1].contains("::h2 t: Moves 41–80"), "{text}");
    assert!(
        chapters[1].contains("::fig(#fig5) base=game at=41 to=50"),
        "{text}"
    );
}

/// The book's language gives the captions, the comment prefixes and the space between
/// sentences; game info is written as the file has it (no dash in a date).
#[test]
fn words_in_the_books_language_and_game_info_verbatim() {
    let sgf = "(;SZ[9]DT[1835-07-27]TM[50:00]PB[A]PW[B];B[cc]C[one](;W[gc]C[two])(;W[dd]LB[dd:a]))";
    let g = sgf::parse(sgf.as_bytes())
        .unwrap()
        .collection
        .games
        .remove(0);
    let opts = Options {
        lang: "de",
        ..Default::default()
    };
    let text = import(&g, &opts).text;
    assert!(text.starts_with("::book_de(#t)"), "{text}");
    assert!(text.contains("**1:** one"), "{text}");
    assert!(text.contains("Schwarz: A. Weiß: B. Datum: 1835"), "{text}");
    assert!(text.contains("ca=\"Dia. 1: Weiß 2 auf 1\""), "{text}");
    assert!(text.contains("dt=\"1835-07-27\""));
    assert!(text.contains("tm=\"3000\""), "TM[50:00] is a time: {text}");
    let ja = import(
        &g,
        &Options {
            lang: "ja",
            ..Default::default()
        },
    )
    .text;
    // Japanese sets no space after its full-width colon and full stop.
    assert!(ja.contains("**1手：**one"), "{ja}");
    assert!(ja.contains("黒：A。白：B。日付：1835"), "{ja}");
    assert!(ja.contains("ca=\"参考図1：白2は1\""), "{ja}");
    // The summary paragraph keeps the date's hyphens through typography.
    let c = gobook::check::check(&text);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let html = format!("{:?}", c.resolved.book);
    assert!(html.contains("1835"), "the summary is in the book");
    assert!(!html.contains("1835–07"), "a date became a range");
}

/// Inside a variation, a comment whose letters clash with earlier ones gets a `::var`
/// of its own (the position after its move), and later comments name the diagram again.
#[test]
fn a_clash_inside_a_variation_gets_its_own_board() {
    let sgf =
        "(;SZ[9];B[cc](;W[gg])(;W[dd]LB[ee:a]C[a here];B[ff]LB[gg:a]C[now a there];W[hh]C[after]))";
    let g = sgf::parse(sgf.as_bytes())
        .unwrap()
        .collection
        .games
        .remove(0);
    let imported = import(&g, &Options::default());
    let text = &imported.text;
    let c = gobook::check::check(text);
    assert!(!c.has_errors(), "{:?}\n{text}", c.diagnostics);
    assert_eq!(imported.markup.dropped, 0);
    assert!(text.contains("ca=\"Dia. 1: White 2 at 1\" a=E5"), "{text}");
    let own = text
        .find("::var(#dia2) base=dia1 at=3 ca=\"Dia. 2\" a=G3")
        .expect(text);
    let there = text.find("now a there").unwrap();
    let after = text.find("::p ref=dia1 **3:** after").expect(text);
    assert!(there < own && own < after, "{text}");
}

/// Setup stones at the start of a variation are on its diagram (`ab`, `aw`, `ae`);
/// those after its first move cannot be, and are named.
#[test]
fn a_variations_setup_is_on_its_diagram() {
    let sgf = "(;SZ[9];B[cc](;W[gg])(;AB[ee]AE[cc];W[dd];AW[aa]))";
    let g = sgf::parse(sgf.as_bytes())
        .unwrap()
        .collection
        .games
        .remove(0);
    let imported = import(&g, &Options::default());
    let text = &imported.text;
    assert!(
        text.contains("::dia(#dia1) base=game at=2 ab=E5 ae=C7 mv=D6"),
        "{text}"
    );
    let c = gobook::check::check(text);
    assert!(!c.has_errors(), "{:?}\n{text}", c.diagnostics);
    let d = c
        .resolved
        .book
        .diagrams
        .iter()
        .find(|d| d.id.as_deref() == Some("dia1"))
        .unwrap();
    let e5 = Point::parse_standard("E5").unwrap();
    let c7 = Point::parse_standard("C7").unwrap();
    assert!(d.stones.contains(&(e5, Color::Black)), "{:?}", d.stones);
    assert!(!d.stones.iter().any(|s| s.0 == c7), "{:?}", d.stones);
    assert!(imported
        .notes
        .iter()
        .any(|n| n.message.contains("setup stone(s) after its first move")));
}

/// A variation that branches before the main line's setup does not show that setup.
#[test]
fn a_variation_before_the_games_setup_does_not_show_it() {
    let sgf = "(;SZ[9](;AB[aa];B[cc])(;W[dd]))";
    let g = sgf::parse(sgf.as_bytes())
        .unwrap()
        .collection
        .games
        .remove(0);
    let text = import(&g, &Options::default()).text;
    assert!(text.contains("ab=A9"), "{text}");
    assert!(
        text.contains("::dia(#dia1) base=game at=1 pl=w ae=A9 mv=D6"),
        "{text}"
    );
    let c = gobook::check::check(&text);
    assert!(!c.has_errors(), "{:?}\n{text}", c.diagnostics);
}

/// A variation on a big board is shown around its moves, as books show them, and its
/// view holds every move it plays.
#[test]
fn variations_show_the_part_of_the_board_they_play_on() {
    let Some(root) = common::corpora() else {
        return;
    };
    let g = game(&root.join("sabaki-sgf/complex.sgf"));
    let text = import(&g, &Options::default()).text;
    let c = gobook::check::check(&text);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let vars: Vec<&Diagram> = c
        .resolved
        .book
        .diagrams
        .iter()
        .filter(|d| {
            matches!(
                d.role,
                DiagramRole::Block(DiagramKind::Dia | DiagramKind::Var)
            )
        })
        .map(|d| &**d)
        .collect();
    let mut cropped = 0;
    for d in &vars {
        let (a, b) = d.view;
        for p in d.moves.iter().filter_map(|m| m.point) {
            assert!(
                (a.col..=b.col).contains(&p.col) && (a.row..=b.row).contains(&p.row),
                "{:?}: move {p} outside the view {a}-{b}",
                d.id
            );
        }
        cropped += usize::from(b.col - a.col < 18 || b.row - a.row < 18);
    }
    assert!(
        cropped * 2 > vars.len(),
        "{cropped} of {} cropped",
        vars.len()
    );
}

/// Label text is user text: quotes, backslashes, markup and control characters in
/// it neither break the book nor reach it raw.
#[test]
fn hostile_label_text_stays_text() {
    let sgf = b"(;SZ[9]LB[dd:\"x\\\\\\] y][ee:::h1][ff:<a href=1>][gg:x=1][cc:\x01z];B[aa]C[ok])";
    let g = sgf::parse(sgf).unwrap().collection.games.remove(0);
    let imported = import(&g, &Options::default());
    let c = gobook::check::check(&imported.text);
    assert!(!c.has_errors(), "{:?}\n{}", c.diagnostics, imported.text);
    let d = &c.resolved.book.diagrams[0];
    let labels: Vec<&str> = d.labels.iter().map(|l| l.1.as_str()).collect();
    for want in ["\"x\\] y", "::h1", "<a href=1>", "x=1", "z"] {
        assert!(labels.contains(&want), "{want:?} in {labels:?}");
    }
}

/// A chapter included after others goes on with the book's diagram numbers.
#[test]
fn diagram_numbers_can_go_on_from_an_earlier_chapter() {
    let sgf = "(;SZ[9];B[cc](;W[gg])(;W[dd]))";
    let g = sgf::parse(sgf.as_bytes())
        .unwrap()
        .collection
        .games
        .remove(0);
    let opts = Options {
        chapter: true,
        first_dia: 7,
        ..Default::default()
    };
    let text = import(&g, &opts).text;
    assert!(
        text.contains("::dia(#t-dia7) base=t-game at=2 mv=D6 ca=\"Dia. 7: White 2 at 1\""),
        "{text}"
    );
}
