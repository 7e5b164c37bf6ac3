//! Representative diagrams shared by the golden, structure and size tests.
//!
//! The game figures replay a real professional game on the rules engine so captures
//! and the resulting positions are genuine, not typed in by hand.

#![allow(dead_code)]

use gobook::board::Board;
use gobook::point::{Color, Point};
use gobook::render::svg::{BoardDiagram, Mark, NumberedStone};

/// The first 150 moves of a 19x19 game (SGF letter pairs, Black first, alternating).
pub const GAME: &str = "pddpcdqpopoqnqpqcnfqmpqnicdjpoqocpcqbqcobpbodobndqepdrcmjpcgedqfqepfndpiojoinjmhgpgqdndmfohphoeoenfnemelfmgnflgoekdkdlclehdipjqirfrgkdhnomrerdsffigkhminhlkokpgcdfidjcgedgcfchbhdhbihdhegdfdhcfeecghfcgiiihkikilimijjljjifkmklljlklolikjcicjmjnrmrlqlpmqnplrlmkhhgqcqdrcpcsdggcebdqbhijghjobpbpanbdeeegjhhejnfmfmerkfhelnhnglglh";

/// A standard coordinate in a test; panics on a typo, which is a bug in the test.
pub fn p(s: &str) -> Point {
    Point::parse_standard(s).unwrap_or_else(|| panic!("bad test coordinate {s}"))
}

/// Points from a space-separated list of standard coordinates.
pub fn pts(list: &str) -> Vec<Point> {
    list.split_whitespace().map(p).collect()
}

fn game_moves() -> Vec<Point> {
    GAME.as_bytes()
        .chunks(2)
        .map(|c| Point::from_sgf([c[0], c[1]], 19).expect("game move"))
        .collect()
}

/// A game figure: the position before move `first`, then moves `first..=last` numbered.
///
/// A move on a point that already shows a number in this figure is left off the board,
/// as books list it below the figure ("125 at 119").
pub fn figure(first: usize, last: usize, title: &str) -> BoardDiagram {
    let moves = game_moves();
    let mut board = Board::new(19).expect("19 is a board size");
    let mut color = Color::Black;
    for &m in &moves[..first - 1] {
        board.play(color, m).expect("game moves are legal");
        color = color.opponent();
    }
    let mut d = BoardDiagram::new(19);
    d.stones = board.stones().collect();
    for (n, &m) in moves[first - 1..last].iter().enumerate() {
        board.play(color, m).expect("game moves are legal");
        if !d.numbered.iter().any(|s| s.point == m) {
            d.numbered.push(NumberedStone {
                point: m,
                color,
                label: (first + n).to_string(),
            });
        }
        color = color.opponent();
    }
    d.title = title.to_string();
    d
}

/// The empty 19x19 board.
pub fn empty_19() -> BoardDiagram {
    let mut d = BoardDiagram::new(19);
    d.title = "Empty 19x19 board".into();
    d
}

/// The median game figure: about 60 stones with 50 numbered moves (61 to 110).
pub fn median_figure() -> BoardDiagram {
    figure(61, 110, "Figure 2 (61-110)")
}

/// A late figure with three-digit numbers: moves 101 to 150 over the position after 100.
pub fn figure_101_150() -> BoardDiagram {
    figure(101, 150, "Figure 3 (101-150)")
}

/// A partial view of the top right corner with letters, point text and every mark,
/// on stones and on empty points.
pub fn corner() -> BoardDiagram {
    let mut d = BoardDiagram::new(19);
    d.view = Some((p("T19"), p("K10")));
    for q in pts("Q16 R16 P17 O17 O16") {
        d.stones.push((q, Color::Black));
    }
    for q in pts("R17 Q17 P18 S16 R15") {
        d.stones.push((q, Color::White));
    }
    d.numbered.push(NumberedStone {
        point: p("Q18"),
        color: Color::Black,
        label: "1".into(),
    });
    d.numbered.push(NumberedStone {
        point: p("R18"),
        color: Color::White,
        label: "2".into(),
    });
    d.marks = vec![
        (p("Q16"), Mark::Triangle),
        (p("R17"), Mark::Square),
        (p("P18"), Mark::Diamond),
        (p("O16"), Mark::Circle),
        (p("S16"), Mark::Cross),
        (p("O14"), Mark::Triangle),
        (p("P14"), Mark::Square),
        (p("Q14"), Mark::Circle),
        (p("R14"), Mark::Cross),
        (p("S14"), Mark::Diamond),
    ];
    d.labels = vec![
        (p("S17"), "A".into()),
        (p("S18"), "B".into()),
        (p("Q10"), "C".into()),
        (p("O17"), "a".into()),
        (p("R15"), "b".into()),
        (p("N17"), "23".into()),
        (p("M12"), "x".into()),
    ];
    d.title = "Dia. 1: the 3-3 invasion & what follows".into();
    d
}

/// A 9x9 life-and-death problem, Black to play.
pub fn problem_9() -> BoardDiagram {
    let mut d = BoardDiagram::new(9);
    for q in pts("A4 B4 C4 D4 D3 E3 E2 F2 F1 G5 C6") {
        d.stones.push((q, Color::Black));
    }
    for q in pts("A3 B3 C3 C2 D2 D1 E1 B1") {
        d.stones.push((q, Color::White));
    }
    d.title = "Problem 1: Black to play and kill".into();
    d
}

/// A 13x13 opening with coordinates and a few numbered moves.
pub fn opening_13() -> BoardDiagram {
    let mut d = BoardDiagram::new(13);
    d.stones = vec![
        (p("K10"), Color::Black),
        (p("D4"), Color::Black),
        (p("K4"), Color::White),
        (p("D10"), Color::White),
    ];
    let moves = ["C11", "C4", "L3", "G7"];
    let mut color = Color::Black;
    for (i, m) in moves.iter().enumerate() {
        d.numbered.push(NumberedStone {
            point: p(m),
            color,
            label: (i + 1).to_string(),
        });
        color = color.opponent();
    }
    d.coordinates = true;
    d.title = "13x13 opening".into();
    d
}

/// A finished 9x9 game with territory marked, dead stones included.
pub fn territory_9() -> BoardDiagram {
    let mut d = BoardDiagram::new(9);
    for row in 1..=9 {
        d.stones.push((p(&format!("D{row}")), Color::Black));
        d.stones.push((p(&format!("E{row}")), Color::White));
    }
    d.stones.push((p("B7"), Color::White));
    d.stones.push((p("G3"), Color::Black));
    for col in ["A", "B", "C"] {
        for row in 1..=9 {
            d.territory.push((p(&format!("{col}{row}")), Color::Black));
        }
    }
    for col in ["F", "G", "H", "J"] {
        for row in 1..=9 {
            d.territory.push((p(&format!("{col}{row}")), Color::White));
        }
    }
    d.title = "Counting: Black 27, White 36".into();
    d
}

/// Lines and arrows over a partial view of the lower left.
pub fn lines_arrows() -> BoardDiagram {
    let mut d = BoardDiagram::new(19);
    d.view = Some((p("A1"), p("K9")));
    d.stones = vec![
        (p("C3"), Color::Black),
        (p("D4"), Color::Black),
        (p("F3"), Color::White),
        (p("C6"), Color::White),
    ];
    d.lines = vec![(p("C3"), p("H3")), (p("B8"), p("H8"))];
    d.arrows = vec![
        (p("D4"), p("G7")),
        (p("C6"), p("C9")),
        (p("J2"), p("F3")),
        (p("K5"), p("H5")),
    ];
    d.labels = vec![(p("G7"), "A".into())];
    d.title = "Directions of play".into();
    d
}

/// Every sample with the file name of its golden SVG.
pub fn all() -> Vec<(&'static str, BoardDiagram)> {
    vec![
        ("empty-19", empty_19()),
        ("figure-61-110", median_figure()),
        ("figure-101-150", figure_101_150()),
        ("corner-view", corner()),
        ("problem-9x9", problem_9()),
        ("opening-13x13-coordinates", opening_13()),
        ("territory-9x9", territory_9()),
        ("lines-arrows", lines_arrows()),
    ]
}
