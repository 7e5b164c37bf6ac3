//! Every move of a diagram can be found (issues 19 and 20): the gaps line names each move
//! the board cannot show by its place, a partial view lists the moves it leaves out,
//! `Pass` and `Tenuki` are spelt as the spec spells them, `vw` applies where the spec
//! says, and a problem's answers are played like any other moves. The books are in
//! `tests/books` (the invalid ones with their `.expect` diagnostics, which
//! `format_books` compares); here are the captions and positions they must give.

use crate::common::{self, gobook};
use gobook::check::check;
use gobook::diagnostics::Severity;
use gobook::point::{Color, Point};
use gobook::resolve::caption::caption_lines;
use gobook::resolve::model::{Book, Diagram, GapsSetting};
use std::collections::BTreeSet;

/// The resolved book of a file under the project root, with its diagnostics.
fn book(path: &str) -> (Book, Vec<String>) {
    let src = common::read_book(&common::root().join(path));
    let c = check(&src);
    let errors = c
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message.clone())
        .collect();
    (c.resolved.book, errors)
}

fn diagram<'a>(book: &'a Book, id: &str) -> &'a Diagram {
    book.diagrams
        .iter()
        .find(|d| d.id.as_deref() == Some(id))
        .unwrap_or_else(|| panic!("no diagram #{id}"))
}

/// The gaps line of diagram `id` in `lang`.
fn gaps(book: &Book, id: &str, lang: &str) -> Option<String> {
    caption_lines(book, diagram(book, id), lang).gaps
}

fn p(s: &str) -> Point {
    Point::parse_standard(s).unwrap()
}

fn in_view(d: &Diagram, q: Point) -> bool {
    (d.view.0.col..=d.view.1.col).contains(&q.col) && (d.view.0.row..=d.view.1.row).contains(&q.row)
}

/// Numbers of a list such as `43, 49` or `1–3, 5`.
fn numbers(list: &str) -> Vec<u32> {
    let mut out = Vec::new();
    for item in list.split(", ") {
        match item.split_once('–') {
            Some((a, b)) => out.extend(a.parse::<u32>().unwrap()..=b.parse::<u32>().unwrap()),
            None => out.push(
                item.parse()
                    .unwrap_or_else(|_| panic!("`{item}` in `{list}`")),
            ),
        }
    }
    out
}

/// Checks that the English gaps line of `d` lets a reader find every move the board does
/// not show: each such move is named once, and each place it names is on the board, in
/// view (a move's number or a letter); a move shown in view is not named. Returns the
/// problems found, prefixed with `name`.
fn findable(book: &Book, d: &Diagram, name: &str) -> Vec<String> {
    if d.gaps_setting != GapsSetting::Auto {
        return Vec::new();
    }
    let line = caption_lines(book, d, "en").gaps.unwrap_or_default();
    let mut problems = Vec::new();
    let mut named: Vec<u32> = Vec::new();
    let visible = |t: &str| {
        d.labels.iter().any(|(q, l)| l == t && in_view(d, *q))
            || d.moves
                .iter()
                .any(|m| m.label().as_deref() == Some(t) && m.point.is_some_and(|q| in_view(d, q)))
    };
    for entry in line.split("; ").filter(|e| !e.is_empty()) {
        if let Some((moves, target)) = entry.split_once(" at ") {
            if !visible(target) {
                problems.push(format!("{name}: `{entry}`: {target} is not on the board"));
            }
            named.extend(numbers(moves));
        } else if let Some(list) = entry.strip_suffix(": outside the diagram") {
            for n in numbers(list) {
                let m = d.moves.iter().find(|m| m.number == Some(n));
                if m.and_then(|m| m.point).is_none_or(|q| in_view(d, q)) {
                    problems.push(format!("{name}: {n} is named outside but is not"));
                }
                named.push(n);
            }
        } else if let Some(n) = entry
            .strip_suffix(": connects")
            .or(entry.strip_suffix(": elsewhere"))
        {
            named.push(n.parse().unwrap());
        } else {
            problems.push(format!("{name}: `{entry}` is no form of the gaps line"));
        }
    }
    let hidden: Vec<u32> = d
        .moves
        .iter()
        .filter(|m| !(m.shown && m.point.is_some_and(|q| in_view(d, q))))
        .filter_map(|m| m.number)
        .collect();
    let mut sorted = named.clone();
    sorted.sort_unstable();
    if sorted != hidden {
        problems.push(format!(
            "{name}: the line `{line}` names {sorted:?}, the board hides {hidden:?}"
        ));
    }
    problems
}

#[test]
fn gaps_line_names_every_move_by_its_place() {
    let (b, errors) = book("tests/books/valid/gaps-locations.gobook");
    assert!(errors.is_empty(), "{errors:?}");
    // Two kos, each its own entries with its own places. D5 and D2 were captured without
    // showing a number or letter, so they get the free letters b and c (the author took a).
    assert_eq!(
        gaps(&b, "kos", "en").as_deref(),
        Some("4, 10 at b; 7, 14 at 1; 8, 13 at c; 11 at 5")
    );
    let kos = diagram(&b, "kos");
    for (q, l) in [("H9", "a"), ("D5", "b"), ("D2", "c")] {
        assert!(kos.labels.contains(&(p(q), l.to_string())), "{l} at {q}");
    }
    assert_eq!(gaps(&b, "one", "en").as_deref(), Some("4 at a"));
    // A capture is named by its place, never "takes".
    assert_eq!(gaps(&b, "capture", "en").as_deref(), Some("3 at 1"));
    // A move that fills where a stone was just taken, on a stone with neither number
    // nor letter, gets a letter too: every entry names a place (#33).
    assert_eq!(gaps(&b, "ko-fill", "en").as_deref(), Some("3 at a"));
    assert_eq!(
        gaps(&b, "connect", "en").as_deref(),
        Some("2: elsewhere; 3 at a")
    );
    assert_eq!(
        diagram(&b, "ko-fill").labels,
        vec![(p("D5"), "a".to_string())]
    );
    assert_eq!(
        diagram(&b, "connect").labels,
        vec![(p("A1"), "a".to_string())]
    );
    // In the book's other language.
    assert_eq!(
        gaps(&b, "kos", "de").as_deref(),
        Some("4, 10 auf b; 7, 14 auf 1; 8, 13 auf c; 11 auf 5")
    );
    assert_eq!(gaps(&b, "ko-fill", "de").as_deref(), Some("3 auf a"));
}

#[test]
fn gaps_line_forms_exist_in_every_language() {
    let (b, _) = book("tests/books/valid/gaps-locations.gobook");
    let (outside, _) = book("tests/books/invalid/moves-outside-view.gobook");
    let mut seen = BTreeSet::new();
    for lang in gobook::i18n::LANGUAGES {
        let kos = gaps(&b, "kos", lang).unwrap();
        let out = gaps(&outside, "lower", lang).unwrap();
        for n in ["4", "10", "b", "7", "14", "1", "c", "11", "5"] {
            assert!(kos.contains(n), "{lang}: {kos}");
        }
        assert!(out.contains("1–3") && out.contains('5'), "{lang}: {out}");
        if lang != "en" {
            assert!(!out.contains("outside"), "{lang} is not translated: {out}");
        }
        assert!(
            seen.insert(out.clone()),
            "{lang}: {out} as in another language"
        );
    }
}

#[test]
fn moves_outside_a_partial_view_are_listed() {
    let (b, errors) = book("tests/books/invalid/moves-outside-view.gobook");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        gaps(&b, "lower", "en").as_deref(),
        Some("1–3, 5: outside the diagram; 9: elsewhere")
    );
    assert_eq!(
        gaps(&b, "lower", "de").as_deref(),
        Some("1–3, 5: außerhalb des Diagramms; 9: woanders")
    );
    assert_eq!(gaps(&b, "quiet", "en"), None, "gaps=none stays none");
    assert_eq!(gaps(&b, "whole", "en"), None);
    // `gobook check` says which moves and where the view is (the exact text is in the
    // book's .expect file).
    let path = common::root().join("tests/books/invalid/moves-outside-view.gobook");
    let out = gobook(&["check", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("moves-outside-view.gobook:10:25: warning: moves 1-3, 5 of this figure are outside its view `vw=K1T10`; widen `vw`"),
        "{err}"
    );
}

#[test]
fn every_move_can_be_found_in_the_books_and_examples() {
    let mut books: Vec<_> = common::files("tests/books/valid", "gobook");
    books.extend(common::files("examples", "gobook"));
    books.push(common::root().join("tests/books/invalid/moves-outside-view.gobook"));
    let mut problems = Vec::new();
    let mut hidden = 0;
    for path in &books {
        let src = common::read_book(path);
        let b = check(&src).resolved.book;
        for (k, d) in b.diagrams.iter().enumerate() {
            hidden += d.moves.iter().filter(|m| !m.shown).count();
            problems.extend(findable(&b, d, &format!("{} #{k}", path.display())));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(hidden > 10, "the books hide only {hidden} moves");
}

/// Long professional games, imported: every figure's moves can be found.
#[test]
fn every_move_of_imported_games_can_be_found() {
    let Some(root) = common::corpora() else {
        return;
    };
    let mut problems = Vec::new();
    let mut kos = 0;
    for game in [
        "littlego/sgf/Famous games/Blood-vomiting game.sgf",
        "littlego/sgf/Famous games/Lee's Broken Ladder Game.sgf",
        "littlego/sgf/Famous games/Ear-reddening game.sgf",
        "gnugo-regression/regression/games/mertin13x13/gnugo-goliath2.W+38.sgf",
        "sabaki-sgf/complex.sgf",
    ] {
        let path = root.join(game);
        let bytes = std::fs::read(&path).unwrap();
        let tree = gobook::sgf::parse(&bytes)
            .unwrap()
            .collection
            .games
            .remove(0);
        let text = gobook::import::book_from_game(
            &tree,
            "game",
            &gobook::import::Options {
                every: 100,
                ..Default::default()
            },
        )
        .unwrap();
        let c = check(&text);
        let errors: Vec<_> = c
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{game}: {errors:?}");
        for (k, d) in c.resolved.book.diagrams.iter().enumerate() {
            let line = caption_lines(&c.resolved.book, d, "en").gaps;
            kos += line.is_some_and(|l| l.matches(" at ").count() >= 2) as usize;
            problems.extend(findable(&c.resolved.book, d, &format!("{game} #{k}")));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(kos >= 3, "the games should hold kos, found {kos}");
}

#[test]
fn pass_and_tenuki_are_capitalised() {
    // The errors (one per wrong spelling, at the word) are in lowercase-pass.expect.
    let (b, errors) = book("tests/books/invalid/lowercase-pass.gobook");
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(errors
        .iter()
        .all(|e| e.contains("did you mean `Pass`") || e.contains("did you mean `Tenuki`")));
    // Spelt right: D4, a pass, E4 (Black again), a tenuki numbered 3, F4 numbered 4.
    let d = diagram(&b, "right");
    let moves: Vec<_> = d
        .moves
        .iter()
        .map(|m| (m.number, m.point, m.color))
        .collect();
    assert_eq!(
        moves,
        vec![
            (Some(1), Some(p("D4")), Color::Black),
            (None, None, Color::White),
            (Some(2), Some(p("E4")), Color::Black),
            (Some(3), None, Color::White),
            (Some(4), Some(p("F4")), Color::Black),
        ]
    );
}

#[test]
fn vw_is_the_whole_board_unless_inline() {
    let path = common::root().join("tests/books/invalid/view-defaults.gobook");
    let out = gobook(&["inspect", path.to_str().unwrap()]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let views: Vec<(String, String)> = json["diagrams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["id"].as_str().unwrap_or("inline").to_string(),
                format!(
                    "{}{}",
                    d["view"][0].as_str().unwrap(),
                    d["view"][1].as_str().unwrap()
                ),
            )
        })
        .collect();
    let want = [
        // `vw` on `::go` has no effect (and a warning).
        ("whole", "A1T19"),
        ("corner", "A1K10"),
        // A var after a partial figure shows the whole board.
        ("after", "A1T19"),
        // An inline diagram takes the view of the diagram it is based on.
        ("inline", "A1K10"),
        ("own", "A1G7"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(views, want);
    let out = gobook(&["check", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("view-defaults.gobook:7:13: warning: `vw` does not apply to Go data"),
        "{err}"
    );
}

#[test]
fn answers_are_played_move_by_move() {
    let (_, errors) = book("tests/books/invalid/answers-illegal.gobook");
    assert_eq!(
        errors,
        vec![
            "answer move 1 at E2 is illegal: the point is already occupied",
            "answer move 2 at A1 is illegal: it would be suicide",
            "answer move 2 at D5 is illegal: it retakes a ko at once",
        ]
    );
    // At the move itself: line and column of `E2` in `wrong`, `A1` in `wrong_de`.
    let path = common::root().join("tests/books/invalid/answers-illegal.gobook");
    let src = common::read_book(&path);
    let c = check(&src);
    let file = gobook::diagnostics::SourceFile::new("x", &src);
    let at: Vec<(u32, u32, &str)> = c
        .diagnostics
        .iter()
        .map(|d| {
            let l = file.locate(d);
            (
                l.line,
                l.column,
                &src[d.span.start as usize..d.span.end as usize],
            )
        })
        .collect();
    assert_eq!(at, vec![(8, 82, "E2"), (10, 69, "A1"), (14, 56, "D5")]);
    // A legal answer (`correct` of the same problems) gives nothing.
    let ok = check(
        "::book(#t)\n\n::chapter\n\n::prb sz=9 ab=C3D3E3E2 aw=C4D4E4F3F2F1 pl=b correct=\"E1 D2 D1(Dead.)\" wrong_en=\"D2 E1\"\n",
    );
    assert!(ok.diagnostics.is_empty(), "{:?}", ok.diagnostics);
}
