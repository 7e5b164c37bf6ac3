//! The `sgf` attribute of Go data: the SGF main line becomes the element's
//! position and moves, and SGF problems are reported inside the value.

use gobook::check::{check, Checked};
use gobook::diagnostics::{Code, Severity, SourceFile};
use gobook::point::{Color, Point};

const HEAD: &str = "::book(#t)\n\n::chapter\n\n";

fn book(body: &str) -> (String, Checked) {
    let src = format!("{HEAD}{body}\n");
    let c = check(&src);
    (src, c)
}

fn p(s: &str) -> Point {
    Point::parse_standard(s).unwrap()
}

fn errors(c: &Checked) -> Vec<String> {
    c.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect()
}

#[test]
fn figure_takes_its_moves_from_the_sgf_main_line() {
    let (_, c) = book("::go sgf=\"(;SZ[9]AB[cc]PL[W];W[ee];B[gg])\"\n\n::fig at=1 to=2");
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    let d = &c.resolved.book.diagrams[0];
    assert_eq!(d.size, 9);
    // SGF cc on a 9x9 board is C7 (rows counted from the bottom).
    assert_eq!(d.stones, vec![(p("C7"), Color::Black)]);
    assert_eq!(d.to_play, Color::White);
    let moves: Vec<_> = d
        .moves
        .iter()
        .map(|m| (m.number, m.point, m.color))
        .collect();
    assert_eq!(
        moves,
        vec![
            (Some(1), Some(p("E5")), Color::White),
            (Some(2), Some(p("G3")), Color::Black)
        ]
    );
    assert_eq!(d.final_stones.len(), 3);
}

#[test]
fn at_and_to_pick_from_the_sgf_like_from_a_base() {
    let (_, c) = book(
        "::go sgf=\"(;SZ[9];B[cc];W[gg];B[cg];W[gc])\"\n\n::fig at=3 to=4\n\n::dia at=2 mv=E5",
    );
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    let f = &c.resolved.book.diagrams[0];
    assert_eq!(f.first_number, 3);
    assert_eq!(f.stones.len(), 2);
    assert_eq!(f.moves.len(), 2);
    let d = &c.resolved.book.diagrams[1];
    assert_eq!(d.stones, vec![(p("C7"), Color::Black)]);
    assert_eq!(d.to_play, Color::White);
}

#[test]
fn two_moves_of_one_colour_keep_the_game_numbering() {
    let (_, c) = book("::go sgf=\"(;SZ[9];B[cc];B[gg];W[cg])\"\n\n::fig at=1 to=3");
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    let d = &c.resolved.book.diagrams[0];
    let shown: Vec<_> = d
        .moves
        .iter()
        .filter(|m| m.number.is_some())
        .map(|m| (m.number, m.color))
        .collect();
    assert_eq!(
        shown,
        vec![
            (Some(1), Color::Black),
            (Some(2), Color::Black),
            (Some(3), Color::White)
        ]
    );
}

#[test]
fn own_setup_adds_to_the_sgf_position() {
    let (_, c) = book("::go sgf=\"(;SZ[9];B[cc])\" aw=E5\n\n::fig at=1 to=1");
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    assert_eq!(
        c.resolved.book.diagrams[0].stones,
        vec![(p("E5"), Color::White)]
    );
}

#[test]
fn own_sz_that_differs_from_the_sgf_is_an_error() {
    let (_, c) = book("::go sz=13 sgf=\"(;SZ[9];B[cc])\"");
    assert!(
        errors(&c).iter().any(|e| e.starts_with("size-mismatch")),
        "{:?}",
        errors(&c)
    );
}

#[test]
fn a_value_that_is_no_sgf_is_an_error_at_the_value() {
    let (src, c) = book("::go sgf=\"B[cc]\"");
    let e = c
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    assert_eq!(e.code, Code::SgfSyntax);
    let (line, col) = SourceFile::new("b.gobook", &src).line_col(e.span.start);
    // The value starts after `::go sgf="` (10 characters) on line 5.
    assert_eq!((line, col), (5, 11));
}

#[test]
fn a_truncated_sgf_value_warns_at_the_broken_property_and_loses_the_move() {
    let (src, c) = book("::go sgf=\"(;SZ[9];B[cc];W[gg\"\n\n::fig at=1 to=2");
    let w = c
        .diagnostics
        .iter()
        .find(|d| d.code == Code::SgfUnclosedValue)
        .expect("a repair warning");
    let (line, col) = SourceFile::new("b.gobook", &src).line_col(w.span.start);
    assert_eq!((line, col), (5, 11 + "(;SZ[9];B[cc];".len() as u32));
    // Only one move is left, so the figure's range is wrong.
    assert!(
        errors(&c).iter().any(|e| e.starts_with("to-out-of-range")),
        "{:?}",
        errors(&c)
    );
}

#[test]
fn sgf_repairs_are_warnings_at_the_property() {
    // A lowercase property name is repaired with a warning pointing at it.
    let (src, c) = book("::go sgf=\"(;SZ[9];b[cc])\"");
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    let w = c
        .diagnostics
        .iter()
        .find(|d| d.code == Code::SgfIdentifier)
        .expect("a repair warning");
    assert_eq!(&src[w.span.start as usize..w.span.start as usize + 1], "b");
}

#[test]
fn an_illegal_sgf_move_is_reported_at_the_move() {
    let (src, c) = book("::go sgf=\"(;SZ[9];B[cc];W[cc])\"");
    let e = c
        .diagnostics
        .iter()
        .find(|d| d.code == Code::IllegalMove)
        .expect("illegal move");
    assert_eq!(&src[e.span.start as usize..e.span.end as usize], "W[cc]");
    assert!(e.message.contains("move 2"), "{}", e.message);
}

#[test]
fn a_base_next_to_sgf_is_ignored_with_a_warning() {
    let (_, c) = book("::go(#a) mv=D4\n\n::go sgf=\"(;SZ[9];B[cc])\" base=a\n\n::fig at=1 to=1");
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    assert!(c.diagnostics.iter().any(|d| d.code == Code::SgfAndBase));
    assert_eq!(c.resolved.book.diagrams[0].size, 9);
}

#[test]
fn mv_next_to_sgf_moves_replaces_them_with_a_warning() {
    let (_, c) = book("::go sgf=\"(;SZ[9];B[cc])\" mv=E5\n\n::fig at=1 to=1");
    assert!(errors(&c).is_empty(), "{:?}", errors(&c));
    assert!(c.diagnostics.iter().any(|d| d.code == Code::SgfMovesUnused));
    assert_eq!(c.resolved.book.diagrams[0].moves[0].point, Some(p("E5")));
}
