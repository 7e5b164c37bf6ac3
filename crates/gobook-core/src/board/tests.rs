//! Rule tests: captures, snapback, ko, suicide, edges, the smallest and largest boards.

use super::*;
use crate::point::Color::{Black, White};

fn p(s: &str) -> Point {
    Point::parse_standard(s).expect("test coordinate")
}

fn pts(list: &str) -> Vec<Point> {
    list.split_whitespace().map(p).collect()
}

/// A board from rows of `X`, `O`, `.`, top row first (the way a diagram reads).
fn board(rows: &[&str]) -> Board {
    let size = rows.len() as u8;
    let mut b = Board::new(size).unwrap();
    for (i, line) in rows.iter().enumerate() {
        let row = size - 1 - i as u8;
        for (col, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let at = Point::new(col as u8, row);
            match ch {
                'X' => assert!(b.add_black(at)),
                'O' => assert!(b.add_white(at)),
                _ => {}
            }
        }
    }
    b
}

fn sorted(mut v: Vec<Point>) -> Vec<Point> {
    v.sort();
    v
}

#[test]
fn sizes_outside_2_to_25_are_refused() {
    assert_eq!(Board::new(1).err(), Some(BadBoardSize(1)));
    assert_eq!(Board::new(26).err(), Some(BadBoardSize(26)));
    assert_eq!(Board::new(0).err(), Some(BadBoardSize(0)));
    assert!(Board::new(2).is_ok());
    assert!(Board::new(25).is_ok());
}

#[test]
fn simple_capture_in_the_middle() {
    let mut b = board(&[
        ". . . . .",
        ". . X . .",
        ". X O X .",
        ". . . . .",
        ". . . . .",
    ]);
    let out = b.play(Black, p("C2")).unwrap();
    assert_eq!(out.captured, vec![p("C3")]);
    assert!(out.did_capture());
    assert_eq!(b.get(p("C3")), None);
    assert_eq!(b.to_play(), White);
}

#[test]
fn one_move_captures_several_groups() {
    // Black D4 fills the last liberty of three separate white groups.
    let mut b = board(&[
        ". . . . . . .",
        ". . . X . . .",
        ". . X O X . .",
        ". X O . O X .",
        ". . X O X . .",
        ". . . X . . .",
        ". . . . . . .",
    ]);
    let out = b.play(Black, p("D4")).unwrap();
    assert_eq!(sorted(out.captured), sorted(pts("D5 C4 E4 D3")));
    for q in pts("D5 C4 E4 D3") {
        assert_eq!(b.get(q), None);
    }
    // Four stones captured: no ko even though each group had one stone.
    assert_eq!(b.ko_point(), None);
}

#[test]
fn capture_of_a_large_group_reports_every_stone() {
    let mut b = board(&[
        "X X X X X",
        "O O O O X",
        "X X X O X",
        ". . X O X",
        ". . X . .",
    ]);
    let out = b.play(Black, p("D1")).unwrap();
    assert_eq!(sorted(out.captured), sorted(pts("A4 B4 C4 D4 D3 D2")));
}

#[test]
fn edge_and_corner_captures() {
    let mut b = board(&[
        "O X . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
        "O X . . .",
    ]);
    // Corner stone A5 has one liberty left (A4).
    assert_eq!(b.play(Black, p("A4")).unwrap().captured, vec![p("A5")]);
    // Corner stone A1: liberty A2.
    assert_eq!(b.play(Black, p("A2")).unwrap().captured, vec![p("A1")]);
    // An edge group of two on the right side.
    let mut b = board(&[
        ". . . X .",
        ". . . X O",
        ". . . X O",
        ". . . . X",
        ". . . . .",
    ]);
    assert_eq!(
        sorted(b.play(Black, p("E5")).unwrap().captured),
        pts("E3 E4")
    );
}

#[test]
fn suicide_is_an_error_carrying_the_point_and_changes_nothing() {
    let mut b = board(&[
        ". X . . .",
        "X . . . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    ]);
    let before = b.to_string();
    assert_eq!(b.play(White, p("A5")), Err(IllegalMove::Suicide(p("A5"))));
    assert_eq!(IllegalMove::Suicide(p("A5")).point(), p("A5"));
    assert_eq!(b.to_string(), before);
    assert_eq!(b.to_play(), Black);
    // Joining a friendly stone does not help when the joined group has no liberty either.
    let mut b = board(&[
        "O X . . .",
        ". X . . .",
        "X . . . .",
        ". . . . .",
        ". . . . .",
    ]);
    assert_eq!(b.play(White, p("A4")), Err(IllegalMove::Suicide(p("A4"))));
    assert_eq!(b.get(p("A4")), None);
    assert_eq!(b.get(p("A5")), Some(White));
}

#[test]
fn a_move_without_liberties_that_captures_is_legal() {
    let mut b = board(&[
        ". X O . .",
        "X O . . .",
        "O . . . .",
        ". . . . .",
        ". . . . .",
    ]);
    // White A5 has no liberty of its own, but both black stones have only A5 left.
    let out = b.play(White, p("A5")).unwrap();
    assert_eq!(sorted(out.captured), pts("A4 B5"));
}

#[test]
fn occupied_and_off_board_points_are_refused() {
    let mut b = Board::new(9).unwrap();
    b.play(Black, p("E5")).unwrap();
    assert_eq!(b.play(White, p("E5")), Err(IllegalMove::Occupied(p("E5"))));
    assert_eq!(
        b.play(White, p("K10")),
        Err(IllegalMove::OffBoard(p("K10")))
    );
    assert_eq!(b.to_play(), White);
    assert!(!b.add_black(p("T19")));
    assert!(!b.remove(Point::new(200, 3)));
}

#[test]
fn ko_forbids_the_immediate_retake_then_clears() {
    let mut b = board(&[
        ". . . . .",
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
    ]);
    let out = b.play(Black, p("C3")).unwrap();
    assert_eq!(out.captured, vec![p("B3")]);
    assert_eq!(b.ko_point(), Some(p("B3")));
    assert_eq!(b.play(White, p("B3")), Err(IllegalMove::Ko(p("B3"))));
    // The refused retake changed nothing; the ban still holds.
    assert_eq!(b.ko_point(), Some(p("B3")));
    assert_eq!(b.to_play(), White);
    // A ko threat elsewhere and its answer lift the ban.
    b.play(White, p("E1")).unwrap();
    assert_eq!(b.ko_point(), None);
    b.play(Black, p("E2")).unwrap();
    let out = b.play(White, p("B3")).unwrap();
    assert_eq!(out.captured, vec![p("C3")]);
    assert_eq!(b.ko_point(), Some(p("C3")));
    assert_eq!(b.play(Black, p("C3")), Err(IllegalMove::Ko(p("C3"))));
}

#[test]
fn pass_clears_the_ko_point() {
    let mut b = board(&[
        ". . . . .",
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
    ]);
    b.play(Black, p("C3")).unwrap();
    assert_eq!(b.ko_point(), Some(p("B3")));
    b.pass();
    assert_eq!(b.ko_point(), None);
    assert_eq!(b.to_play(), Black);
    b.pass();
    assert!(b.play(White, p("B3")).is_ok());
}

#[test]
fn the_capturer_may_fill_the_ko() {
    let mut b = board(&[
        ". . . . .",
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
    ]);
    b.play(Black, p("C3")).unwrap();
    // Black moves twice (books do this with Tenuki): Black may connect at B3.
    assert!(b.play(Black, p("B3")).is_ok());
}

#[test]
fn snapback_is_not_ko() {
    // White takes one stone at B1; Black plays there again and takes four.
    let mut b = board(&[
        ". . . . .",
        ". . . . .",
        "X X X . .",
        "O O X . .",
        ". X O X .",
    ]);
    let out = b.play(White, p("A1")).unwrap();
    assert_eq!(out.captured, vec![p("B1")]);
    // Not a ko: the capturing stone joined A2, so Black may retake at once.
    assert_eq!(b.ko_point(), None);
    let out = b.play(Black, p("B1")).unwrap();
    assert_eq!(sorted(out.captured), pts("A1 A2 B2 C1"));
    assert_eq!(b.ko_point(), None);
}

#[test]
fn two_by_two_board() {
    let mut b = Board::new(2).unwrap();
    b.play(Black, p("A1")).unwrap();
    b.play(White, p("B2")).unwrap();
    b.play(Black, p("B1")).unwrap();
    // White A2 has no liberty, but neither has Black A1-B1, so White captures.
    let out = b.play(White, p("A2")).unwrap();
    assert_eq!(sorted(out.captured), pts("A1 B1"));
    assert_eq!(b.stones().count(), 2);
    assert!(b.play(Black, p("A1")).is_ok());
    assert_eq!(b.play(White, p("B1")).unwrap().captured, vec![p("A1")]);
    // Three white stones with the one liberty A1: Black A1 takes them all, no suicide.
    assert_eq!(
        sorted(b.play(Black, p("A1")).unwrap().captured),
        pts("A2 B1 B2")
    );
    // The corner between two black stones is suicide for White.
    let mut b = Board::new(2).unwrap();
    b.add_black(p("A2"));
    b.add_black(p("B1"));
    assert_eq!(b.play(White, p("A1")), Err(IllegalMove::Suicide(p("A1"))));
}

#[test]
fn twenty_five_by_twenty_five_board_corners_and_a_long_chain() {
    let mut b = Board::new(25).unwrap();
    // White chain along the whole first row, Black along the second: Black's last move captures 25.
    for col in 0..25 {
        b.add_white(Point::new(col, 0));
    }
    for col in 0..24 {
        b.play(Black, Point::new(col, 1)).unwrap();
    }
    let out = b.play(Black, Point::new(24, 1)).unwrap();
    assert_eq!(out.captured.len(), 25);
    assert_eq!(b.stones().count(), 25);
    // Top right corner Z25.
    let z25 = p("Z25");
    b.add_white(z25);
    b.play(Black, p("Y25")).unwrap();
    assert_eq!(b.play(Black, p("Z24")).unwrap().captured, vec![z25]);
}

#[test]
fn setup_does_not_capture_and_clears_ko() {
    let mut b = board(&[
        ". . . . .",
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
    ]);
    b.play(Black, p("C3")).unwrap();
    assert!(b.ko_point().is_some());
    assert!(b.add_black(p("E5")));
    assert_eq!(b.ko_point(), None);
    // A stone without liberties placed by setup stays.
    let mut b = Board::new(3).unwrap();
    b.add_black(p("A2"));
    b.add_black(p("B1"));
    b.add_white(p("A1"));
    assert_eq!(b.get(p("A1")), Some(White));
    assert!(b.remove(p("A1")));
    assert_eq!(b.get(p("A1")), None);
}

#[test]
fn ko_point_attribute_binds_the_player_to_move() {
    let mut b = Board::new(9).unwrap();
    b.set_to_play(White);
    b.set_ko_point(Some(p("E5")));
    assert_eq!(b.ko_point(), Some(p("E5")));
    assert_eq!(b.play(White, p("E5")), Err(IllegalMove::Ko(p("E5"))));
    assert!(b.play(Black, p("E5")).is_ok());
    b.set_ko_point(Some(p("T19")));
    assert_eq!(b.ko_point(), None);
}

#[test]
fn display_shows_the_position() {
    let mut b = Board::new(3).unwrap();
    b.play(Black, p("A1")).unwrap();
    b.play(White, p("C3")).unwrap();
    assert_eq!(b.to_string(), ". . O\n. . .\nX . .\n");
    assert!(format!("{b:?}").contains("to_play: Black"));
}

/// Every group on the board has a liberty, checked by a plain search independent of `GroupScan`.
fn every_group_has_a_liberty(b: &Board) -> bool {
    let size = b.size();
    b.stones().all(|(start, color)| {
        let mut seen = vec![start];
        let mut i = 0;
        while i < seen.len() {
            let q = seen[i];
            i += 1;
            let steps = [(-1i16, 0i16), (1, 0), (0, -1), (0, 1)];
            for (dc, dr) in steps {
                let (c, r) = (q.col as i16 + dc, q.row as i16 + dr);
                if c < 0 || r < 0 || c >= size as i16 || r >= size as i16 {
                    continue;
                }
                let n = Point::new(c as u8, r as u8);
                match b.get(n) {
                    None => return true,
                    Some(k) if k == color && !seen.contains(&n) => seen.push(n),
                    _ => {}
                }
            }
        }
        false
    })
}

proptest::proptest! {
    #[test]
    fn random_games_keep_the_rules(size in 2u8..=25, moves in proptest::collection::vec((0u8..27, 0u8..27, proptest::bool::ANY), 0..300)) {
        let mut b = Board::new(size).unwrap();
        for (col, row, pass) in moves {
            if pass && col == 0 {
                b.pass();
                continue;
            }
            let color = b.to_play();
            let before = b.stones().count();
            let snapshot = b.to_string();
            match b.play(color, Point::new(col, row)) {
                Ok(out) => {
                    proptest::prop_assert_eq!(b.stones().count(), before + 1 - out.captured.len());
                    for q in &out.captured {
                        proptest::prop_assert_eq!(b.get(*q), None);
                    }
                    proptest::prop_assert!(every_group_has_a_liberty(&b));
                    if let Some(k) = b.ko_point() {
                        proptest::prop_assert_eq!(out.captured.clone(), vec![k]);
                    }
                }
                Err(_) => proptest::prop_assert_eq!(b.to_string(), snapshot),
            }
        }
    }
}
