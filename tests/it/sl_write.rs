//! Issue #52: `gobook svg --format sl` writes any diagram as a Sensei's Library diagram,
//! and reading it back gives the same position, numbers and marks, within what the
//! format can say (ten numbers a diagram, no diamonds, letters on empty points).

use crate::common::{self, gobook};
use gobook::board::diagram::{BoardDiagram, Mark};
use gobook::point::{Color, Point};
use gobook::sl::{Cell, Shape};
use std::collections::BTreeSet;

type Seen = BTreeSet<(usize, usize, String)>;

/// What a drawn board shows in the part of it that is shown, by grid point.
fn shown_board(b: &BoardDiagram) -> Seen {
    let (lo, hi) = match b.view {
        Some((p, q)) => (
            Point::new(p.col.min(q.col), p.row.min(q.row)),
            Point::new(
                p.col.max(q.col).min(b.size - 1),
                p.row.max(q.row).min(b.size - 1),
            ),
        ),
        None => (Point::new(0, 0), Point::new(b.size - 1, b.size - 1)),
    };
    let rc = |p: Point| {
        (p.col >= lo.col && p.col <= hi.col && p.row >= lo.row && p.row <= hi.row)
            .then(|| ((hi.row - p.row) as usize, (p.col - lo.col) as usize))
    };
    let mut out = Seen::new();
    let color = |c: Color| if c == Color::Black { "X" } else { "O" };
    for &(p, c) in &b.stones {
        if let Some((r, k)) = rc(p) {
            out.insert((r, k, color(c).into()));
        }
    }
    let start = b
        .numbered
        .iter()
        .filter_map(|s| s.label.parse::<u32>().ok())
        .min()
        .unwrap_or(1);
    for s in &b.numbered {
        if let Some((r, k)) = rc(s.point) {
            out.insert((r, k, color(s.color).into()));
            if s.label.parse::<u32>().is_ok_and(|n| n < start + 10) {
                out.insert((r, k, format!("#{}", s.label)));
            }
        }
    }
    for &(p, m) in &b.marks {
        if let (Some((r, k)), false) = (rc(p), m == Mark::Diamond) {
            out.insert((r, k, m.name().into()));
        }
    }
    out
}

fn shown_sl(d: &gobook::sl::Diagram) -> Seen {
    let mut out = Seen::new();
    let shape = |s: Shape| match s {
        Shape::Circle => "circle",
        Shape::Square => "square",
        Shape::Triangle => "triangle",
        Shape::Cross => "cross",
    };
    let color = |c: Color| if c == Color::Black { "X" } else { "O" };
    for (r, row) in d.rows.iter().enumerate() {
        for (k, &cell) in row.iter().enumerate() {
            match cell {
                Cell::Stone(c) => {
                    out.insert((r, k, color(c).into()));
                }
                Cell::Marked(c, s) => {
                    out.insert((r, k, color(c).into()));
                    out.insert((r, k, shape(s).into()));
                }
                Cell::Mark(s) => {
                    out.insert((r, k, shape(s).into()));
                }
                Cell::Move(n) => {
                    out.insert((r, k, color(d.move_color(n)).into()));
                    out.insert((r, k, format!("#{}", d.start + n as u32 - 1)));
                }
                _ => {}
            }
        }
    }
    out
}

/// Every diagram of every example book: written, read back, the same stones, numbers and marks.
#[test]
fn every_example_diagram_round_trips() {
    let mut count = 0;
    let books: Vec<_> = std::fs::read_dir(common::root().join("examples"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .flat_map(|dir| {
            common::files(
                &format!("examples/{}", dir.file_name().unwrap().to_string_lossy()),
                "gobook",
            )
        })
        .collect();
    assert!(books.len() >= 5, "{books:?}");
    for book in books {
        count += round_trip(&book.display().to_string(), &common::read_book(&book));
    }
    assert!(count > 20, "{count} diagrams");
}

/// Writes every diagram of the book `text` (named `name`) as Sensei's Library text, reads
/// it back and compares what both can say; gives the number of diagrams.
fn round_trip(name: &str, text: &str) -> usize {
    let mut count = 0;
    let checked = gobook::check::check(text);
    let b = &checked.resolved.book;
    let lang = b.languages.first().cloned().unwrap_or_else(|| "en".into());
    for d in &b.diagrams {
        let board = gobook::layout::diagram::board_diagram(b, d, &lang);
        let (sl, _) = gobook::board::sl::to_sl(&board);
        let written = gobook::sl::write(&sl);
        let again =
            gobook::sl::read(&written).unwrap_or_else(|e| panic!("{}: {e}\n{written}", name));
        // Stones out of turn are written plain: compare what both can say.
        let want: Seen = shown_board(&board);
        let got = shown_sl(&again);
        let numbered_out_of_turn: Seen = want.difference(&got).cloned().collect();
        // A mark on a numbered stone overlaps its number: SL cannot say it (warned).
        let numbered = |x: &(usize, usize, String)| {
            want.iter()
                .any(|y| y.0 == x.0 && y.1 == x.1 && y.2.starts_with('#'))
        };
        assert!(
            numbered_out_of_turn
                .iter()
                .all(|x| x.2.starts_with('#') || numbered(x)),
            "{}: {:?}\n{written}",
            name,
            numbered_out_of_turn
        );
        assert!(
            got.is_subset(&want),
            "{}: {:?}\n{written}",
            name,
            got.difference(&want)
        );
        count += 1;
    }
    count
}

/// Every diagram of books imported from corpus games (figures of fifty moves, variation
/// diagrams, the SGF's marks and labels): written, read back, the same within what SL says.
#[test]
fn every_diagram_of_imported_corpus_games_round_trips() {
    let Some(corpora) = common::corpora() else {
        return;
    };
    let (mut books, mut count) = (0, 0);
    let files = ["glift", "sgf-render", "sabaki-sgf"]
        .iter()
        .flat_map(|d| common::files_with_ext(&corpora.join(d), "sgf"));
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        let Ok(parsed) = gobook::sgf::parse(&bytes) else {
            continue;
        };
        let Some(game) = parsed.collection.games.first() else {
            continue;
        };
        let opts = gobook::import::Options::default();
        let Ok(book) = gobook::import::import_game(game, "game", &opts) else {
            continue;
        };
        count += round_trip(&file.display().to_string(), &book.text);
        books += 1;
    }
    assert!(
        books >= 40 && count >= 150,
        "{books} books, {count} diagrams"
    );
}

#[test]
fn svg_format_sl_writes_a_game_moment_and_warns_of_what_it_cannot_say() {
    let game = common::root().join("examples/ear-reddening");
    let out = gobook(&[
        "svg",
        game.to_str().unwrap(),
        "--id",
        "fig1",
        "--format",
        "sl",
    ]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(text.starts_with("$$B "), "{text}");
    assert!(err.contains("moves 11 to 50 are beyond the ten"), "{err}");
    let d = gobook::sl::read(&text).unwrap();
    assert_eq!(d.rows.len(), 19);
    assert!(d.edges.top && d.edges.bottom && d.edges.left && d.edges.right);
}

#[test]
fn svg_replaces_a_sensei_diagram_it_wrote_and_no_other() {
    let dir = common::tempdir();
    let out = dir.path().join("d.sl");
    let o = out.to_str().unwrap();
    let dia = "::dia sz=9 mv=C3D4 ab=E5 tr=E5 ca=\"A diagram\"";
    let first = gobook(&["svg", "-e", dia, "--format", "sl", "-o", o]);
    assert_eq!(first.status.code(), Some(0), "{:?}", first);
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.starts_with("$$B9 A diagram\n"), "{written}");
    // gobook's own diagram is replaced without --force, by another diagram or a picture.
    let again = gobook(&["svg", "-e", "::dia sz=9 mv=G7", "--format", "sl", "-o", o]);
    assert_eq!(again.status.code(), Some(0), "{:?}", again);
    assert_ne!(std::fs::read_to_string(&out).unwrap(), written);
    // A diagram typed by hand is not gobook's: refused without --force, and kept.
    let typed = "$$ A hand-typed diagram\n$$ . X .\n$$ . O .\n";
    std::fs::write(&out, typed).unwrap();
    let refused = gobook(&["svg", "-e", dia, "--format", "sl", "-o", o]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{err}");
    assert!(
        err.contains("gobook did not write it") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), typed);
    let forced = gobook(&["svg", "-e", dia, "--format", "sl", "-o", o, "--force"]);
    assert_eq!(forced.status.code(), Some(0), "{:?}", forced);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), written);
}
