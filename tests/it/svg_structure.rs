//! Structural tests of the SVG renderer: the output is parsed as XML and each stone,
//! number, mark and label is checked at the coordinates its point should have.

use crate::common;

use common::samples::{self, p, pts};
use gobook::point::{Color, Point};
use gobook::render::svg::{
    render, render_inline, render_standalone, BoardDiagram, Mark, NumberedStone, SvgOptions,
};
use roxmltree::{Document, Node};

/// Spacing of the lines in user units, as the renderer documents it.
const UNIT: i32 = 24;

/// Where the centre of `q` must be: the top left visible point is (0, 0).
fn xy(d: &BoardDiagram, q: Point) -> (i32, i32) {
    let last = d.size - 1;
    let (a, b) = d.view.unwrap_or((Point::new(0, 0), Point::new(last, last)));
    let col_min = a.col.min(b.col) as i32;
    let row_max = a.row.max(b.row) as i32;
    (
        (q.col as i32 - col_min) * UNIT,
        (row_max - q.row as i32) * UNIT,
    )
}

fn num(n: Node, attr: &str) -> i32 {
    n.attribute(attr)
        .unwrap_or_else(|| panic!("{attr} missing on {n:?}"))
        .parse()
        .unwrap()
}

/// Class of the group holding `n`, empty when it has none.
fn class_of_group<'a>(n: Node<'a, '_>) -> &'a str {
    n.parent_element()
        .and_then(|g| g.attribute("class"))
        .unwrap_or("")
}

/// Stones drawn: (class of their group, x, y). A stone is a round-capped dot `Mcol rowh.01`
/// in a path of its group, which is scaled by the spacing; the first path of a group is the
/// outlines, the second (its class `gb-sbd` or `gb-swd`) the same dots in the stone's colour.
fn stones<'a>(doc: &'a Document) -> Vec<(&'a str, i32, i32)> {
    let mut out = Vec::new();
    for g in doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && matches!(n.attribute("class"), Some("gb-sb" | "gb-sw")))
    {
        let class = g.attribute("class").unwrap();
        let unit: i32 = g
            .attribute("transform")
            .and_then(|t| t.strip_prefix("scale(")?.strip_suffix(')')?.parse().ok())
            .expect("a stone group is scaled by the spacing");
        let paths: Vec<Node> = g.children().filter(|n| n.has_tag_name("path")).collect();
        assert_eq!(paths.len(), 2, "outlines and discs");
        assert_eq!(
            paths[1].attribute("class"),
            Some(format!("{class}d").as_str())
        );
        let d = paths[0].attribute("d").unwrap();
        assert_eq!(
            Some(d),
            paths[1].attribute("d"),
            "the discs cover the outlines"
        );
        for dot in d.split('M').skip(1) {
            let xy = dot.strip_suffix("h.01").expect("a dot");
            let (x, y) = xy.split_once(' ').unwrap();
            out.push((
                class,
                x.parse::<i32>().unwrap() * unit,
                y.parse::<i32>().unwrap() * unit,
            ));
        }
    }
    out
}

/// Texts centred on points: (class of their group, x, y, text).
fn texts<'a>(doc: &'a Document) -> Vec<(&'a str, i32, i32, String)> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && !n.attribute("x").unwrap_or("").contains(' '))
        .map(|n| {
            (
                class_of_group(n),
                landed_x(n),
                num(n, "y"),
                n.text().unwrap_or("").to_string(),
            )
        })
        .filter(|(c, ..)| !c.is_empty())
        .collect()
}

/// Where a text's x lands: condensed texts sit in a group scaled horizontally.
fn landed_x(n: Node) -> i32 {
    let x = num(n, "x");
    match n.parent_element().and_then(|g| g.attribute("transform")) {
        None => x,
        Some("scale(.75 1)") => {
            assert_eq!(x * 3 % 4, 0, "{x} scaled lands on a whole unit");
            x * 3 / 4
        }
        Some(other) => panic!("unexpected transform {other}"),
    }
}

/// The `d` of the path with `class`, empty when there is none.
fn path_d<'a>(doc: &'a Document, class: &str) -> &'a str {
    doc.descendants()
        .find(|n| n.has_tag_name("path") && n.attribute("class") == Some(class))
        .and_then(|n| n.attribute("d"))
        .unwrap_or("")
}

/// Horizontal and vertical segments of a path made of M/m/h/v/L commands, absolute.
fn segments(d: &str) -> Vec<((i32, i32), (i32, i32))> {
    let mut out = Vec::new();
    let (mut x, mut y) = (0, 0);
    let mut chars = d.chars().peekable();
    let number = |chars: &mut std::iter::Peekable<std::str::Chars>| -> i32 {
        while chars.peek() == Some(&' ') {
            chars.next();
        }
        let mut s = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_ascii_digit() || (c == '-' && s.is_empty()) {
                s.push(c);
                chars.next();
            } else {
                break;
            }
        }
        s.parse()
            .unwrap_or_else(|_| panic!("bad number in path {d}"))
    };
    while let Some(cmd) = chars.next() {
        match cmd {
            'M' => (x, y) = (number(&mut chars), number(&mut chars)),
            'm' => {
                x += number(&mut chars);
                y += number(&mut chars);
            }
            'h' | 'v' | 'L' | 'H' | 'V' => {
                let from = (x, y);
                match cmd {
                    'h' => x += number(&mut chars),
                    'v' => y += number(&mut chars),
                    'H' => x = number(&mut chars),
                    'V' => y = number(&mut chars),
                    _ => (x, y) = (number(&mut chars), number(&mut chars)),
                }
                out.push((from, (x, y)));
            }
            'Z' | 'z' => {}
            other => panic!("unexpected command {other} in {d}"),
        }
    }
    out
}

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed: {e}\n{svg}"))
}

#[test]
fn every_sample_is_well_formed_accessible_and_deterministic() {
    for (name, d) in samples::all() {
        for svg in [render_standalone(&d), render_inline(&d, "x1")] {
            let doc = parse(&svg);
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg", "{name}");
            assert_eq!(root.attribute("role"), Some("img"), "{name}");
            let mut kids = root.children().filter(|n| n.is_element());
            let title = kids.next().unwrap();
            assert_eq!(
                title.tag_name().name(),
                "title",
                "{name}: title comes first"
            );
            assert_eq!(title.text(), Some(d.title.as_str()), "{name}");
            let desc = kids.next().unwrap();
            assert_eq!(desc.tag_name().name(), "desc", "{name}");
            assert!(
                desc.text()
                    .is_some_and(|t| t.starts_with(&format!("{0}x{0} board", d.size))),
                "{name}"
            );
        }
        assert_eq!(
            render_standalone(&d),
            render_standalone(&d.clone()),
            "{name}: deterministic"
        );
        let standalone = render_standalone(&d);
        assert!(
            standalone.contains("<style>"),
            "{name}: standalone carries its style"
        );
        assert!(
            !render_inline(&d, "x").contains("<style>"),
            "{name}: inline relies on the page CSS"
        );
    }
}

#[test]
fn stones_and_numbers_of_a_figure_sit_on_their_points() {
    let d = samples::figure_101_150();
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let circles = stones(&doc);
    let labels = texts(&doc);
    for s in &d.numbered {
        let (x, y) = xy(&d, s.point);
        let (stone_class, text_class) = match s.color {
            Color::Black => ("gb-sb", "gb-nb"),
            Color::White => ("gb-sw", "gb-nw"),
        };
        assert!(
            circles.contains(&(stone_class, x, y)),
            "stone {} at {}",
            s.label,
            s.point
        );
        let t = labels
            .iter()
            .find(|t| t.3 == s.label)
            .unwrap_or_else(|| panic!("number {} missing", s.label));
        assert_eq!(
            (t.0, t.1),
            (text_class, x),
            "number {} at {}",
            s.label,
            s.point
        );
        assert!(
            (y + 3..=y + 6).contains(&t.2),
            "number {} baseline {} near centre {y}",
            s.label,
            t.2
        );
    }
    for &(q, c) in &d.stones {
        let class = if c == Color::Black { "gb-sb" } else { "gb-sw" };
        let on_it = d.numbered.iter().any(|s| s.point == q);
        if !on_it {
            assert!(
                circles.contains(&(class, xy(&d, q).0, xy(&d, q).1)),
                "stone at {q}"
            );
        }
    }
    // Each point is drawn once: plain stones under numbered ones are not doubled.
    let mut seen = circles.iter().map(|c| (c.1, c.2)).collect::<Vec<_>>();
    let all = seen.len();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), all);
    // Three-digit numbers are as tall as two-digit ones, condensed to fit the stone by a
    // horizontal scale (every renderer applies it; librsvg and Qt ignore textLength).
    let three = doc.descendants().find(|n| n.text() == Some("150")).unwrap();
    let two = doc.descendants().find(|n| n.text() == Some("99"));
    let group = three.parent_element().unwrap();
    assert_eq!(group.attribute("font-size"), Some("14"));
    assert_eq!(group.attribute("transform"), Some("scale(.75 1)"));
    if let Some(two) = two {
        let group = two.parent_element().unwrap();
        assert_eq!(group.attribute("font-size"), Some("14"));
        assert_eq!(group.attribute("transform"), None);
    }
    assert!(!svg.contains("textLength"));
}

#[test]
fn star_points_hide_under_stones_and_labels() {
    let mut d = BoardDiagram::new(19);
    d.stones.push((p("D4"), Color::Black));
    d.labels.push((p("Q16"), "A".into()));
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let hoshi: Vec<(i32, i32)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && class_of_group(*n) == "gb-h")
        .map(|n| (num(n, "cx"), num(n, "cy")))
        .collect();
    assert_eq!(hoshi.len(), 7);
    assert!(!hoshi.contains(&xy(&d, p("D4"))));
    assert!(!hoshi.contains(&xy(&d, p("Q16"))));
    assert!(hoshi.contains(&xy(&d, p("K10"))));
}

#[test]
fn marks_contrast_with_what_is_under_them() {
    let d = samples::corner();
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let (on_black, on_white, on_empty) = (
        path_d(&doc, "gb-mb"),
        path_d(&doc, "gb-mw"),
        path_d(&doc, "gb-me"),
    );
    let (x, y) = xy(&d, p("Q16"));
    assert!(
        on_black.contains(&format!("M{x} {}l6 11h-12z", y - 7)),
        "triangle on black Q16: {on_black}"
    );
    let (x, y) = xy(&d, p("R17"));
    assert!(
        on_white.contains(&format!("M{} {}h10v10h-10z", x - 5, y - 5)),
        "square on white R17"
    );
    let (x, y) = xy(&d, p("O16"));
    assert!(
        on_black.contains(&format!("M{} {y}a6 6", x - 6)),
        "circle on black O16"
    );
    let (x, y) = xy(&d, p("S16"));
    assert!(
        on_white.contains(&format!("M{} {}l10 10", x - 5, y - 5)),
        "cross on white S16"
    );
    let (x, y) = xy(&d, p("P18"));
    assert!(
        on_white.contains(&format!("M{x} {}l7 7", y - 7)),
        "diamond on white P18"
    );
    let expected = |q: &str, mark: Mark| {
        let (x, y) = xy(&d, p(q));
        match mark {
            Mark::Triangle => format!("M{x} {}l6 11h-12z", y - 7),
            Mark::Square => format!("M{} {}h10v10h-10z", x - 5, y - 5),
            Mark::Circle => format!("M{} {y}a6 6 0 1 0 12 0a6 6 0 1 0-12 0", x - 6),
            Mark::Cross => format!("M{} {}l10 10m0-10l-10 10", x - 5, y - 5),
            Mark::Diamond => format!("M{x} {}l7 7-7 7-7-7z", y - 7),
        }
    };
    for (q, mark) in [
        ("O14", Mark::Triangle),
        ("P14", Mark::Square),
        ("Q14", Mark::Circle),
        ("R14", Mark::Cross),
        ("S14", Mark::Diamond),
    ] {
        assert!(
            on_empty.contains(&expected(q, mark)),
            "{mark:?} on empty {q}: {on_empty}"
        );
    }
    assert_eq!(on_empty.matches('M').count(), 5);
}

#[test]
fn labels_clear_the_grid_on_empty_points_and_contrast_on_stones() {
    let d = samples::corner();
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let labels = texts(&doc);
    let discs: Vec<(i32, i32)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && class_of_group(*n) == "gb-lbg")
        .map(|n| (num(n, "cx"), num(n, "cy")))
        .collect();
    for (q, text, class) in [
        ("S17", "A", "gb-ne"),
        ("N17", "23", "gb-ne"),
        ("O17", "a", "gb-nb"),
        ("R15", "b", "gb-nw"),
    ] {
        let (x, y) = xy(&d, p(q));
        let t = labels
            .iter()
            .find(|t| t.3 == text)
            .unwrap_or_else(|| panic!("label {text}"));
        assert_eq!((t.0, t.1), (class, x), "label {text} at {q}");
        assert!((y + 2..=y + 6).contains(&t.2), "label {text} baseline");
        assert_eq!(
            discs.contains(&(x, y)),
            class == "gb-ne",
            "disc behind {text} only on an empty point"
        );
    }
    // Point text on a numbered stone replaces its number; nothing else is lost. (A single
    // letter there is a badge beside the number instead: see the badge test.)
    let mut d = samples::corner();
    d.labels.push((p("Q18"), "Z9".into()));
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let labels = texts(&doc);
    assert!(labels.iter().any(|t| t.3 == "Z9" && t.0 == "gb-nb"));
    assert!(!labels.iter().any(|t| t.3 == "1"));
}

#[test]
fn full_board_grid_and_edges() {
    let d = samples::empty_19();
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let grid = segments(path_d(&doc, "gb-g"));
    // 17 inner verticals and 17 inner horizontals, each from edge to edge.
    assert_eq!(grid.len(), 34);
    for ((x1, y1), (x2, y2)) in &grid {
        let (lo, hi) = if x1 == x2 {
            (y1.min(y2), y1.max(y2))
        } else {
            (x1.min(x2), x1.max(x2))
        };
        assert_eq!((*lo, *hi), (0, 18 * UNIT));
    }
    let edge = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("gb-e"))
        .unwrap();
    assert_eq!(edge.attribute("d"), Some("M0 0H432V432H0Z"));
    assert_eq!(edge.attribute("stroke-width"), Some("2"));
    let root = doc.root_element();
    assert_eq!(root.attribute("viewBox"), Some("-15 -15 462 462"));
}

#[test]
fn a_partial_view_shows_the_board_goes_on_at_its_cut_sides() {
    let d = samples::corner(); // K10-T19: top and right are real edges
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let grid = segments(path_d(&doc, "gb-g"));
    let (w, h) = (9 * UNIT, 9 * UNIT);
    // Verticals K..S (9) start at the top edge and run past the bottom row; horizontals
    // 10..18 (9) run from past the left column to the right edge.
    assert_eq!(grid.len(), 18);
    for ((x1, y1), (x2, y2)) in grid {
        if x1 == x2 {
            assert_eq!((y1.min(y2), y1.max(y2)), (0, h + 15));
        } else {
            assert_eq!((x1.min(x2), x1.max(x2)), (-15, w));
        }
    }
    let edge = segments(path_d(&doc, "gb-e"));
    assert_eq!(edge, vec![((-15, 0), (w, 0)), ((w, 0), (w, h + 15))]);
    // Nothing outside the view is drawn: no stone or hoshi beyond the window.
    let doc_stones = stones(&doc);
    assert!(doc_stones
        .iter()
        .all(|&(_, x, y)| (0..=w).contains(&x) && (0..=h).contains(&y)));
    // A view given as any two corners means the same window.
    let mut swapped = samples::corner();
    swapped.view = Some((p("K19"), p("T10")));
    assert_eq!(render_standalone(&swapped), svg);
}

#[test]
fn a_view_inside_the_board_has_no_heavy_edge() {
    let mut d = BoardDiagram::new(19);
    d.view = Some((p("F6"), p("O14")));
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    assert!(doc
        .descendants()
        .all(|n| n.attribute("class") != Some("gb-e")));
    let left_bottom = BoardDiagram {
        view: Some((p("A1"), p("G7"))),
        ..BoardDiagram::new(19)
    };
    let doc_svg = render_standalone(&left_bottom);
    let doc = parse(&doc_svg);
    // Bottom and left edges are one polyline through the corner A1.
    assert_eq!(
        segments(path_d(&doc, "gb-e")),
        vec![((144 + 15, 144), (0, 144)), ((0, 144), (0, -15))]
    );
}

#[test]
fn coordinates_name_every_visible_line() {
    let d = samples::opening_13();
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    // One text per letter (a list of x positions is lost on librsvg and Qt), above and below.
    for (c, letter) in "ABCDEFGHJKLMN".chars().enumerate() {
        let xs: Vec<i32> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text") && n.text() == Some(letter.to_string().as_str()))
            .map(|n| n.attribute("x").unwrap().parse().unwrap())
            .collect();
        assert_eq!(xs, [c as i32 * UNIT; 2], "column {letter}");
    }
    for row in 1..=13 {
        let n: Vec<Node> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text") && n.text() == Some(row.to_string().as_str()))
            .collect();
        let side: Vec<_> = n
            .iter()
            .filter(|t| t.parent_element().and_then(|g| g.attribute("class")) == Some("gb-co"))
            .collect();
        assert_eq!(side.len(), 2, "row {row} on both sides");
        let y = num(*side[0], "y");
        let centre = (13 - row) * UNIT;
        assert!((centre + 2..=centre + 5).contains(&y));
    }
    // A partial view names only its own columns: I is skipped.
    let mut d = BoardDiagram::new(19);
    d.view = Some((p("G1"), p("L5")));
    d.coordinates = true;
    let svg = render_standalone(&d);
    assert!(svg.contains(">G</text>") && svg.contains(">L</text>") && !svg.contains(">I</text>"));
}

#[test]
fn territory_squares_and_lines_with_arrows() {
    let d = samples::territory_9();
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let black = path_d(&doc, "gb-tb");
    let white = path_d(&doc, "gb-tw");
    assert_eq!(black.matches('M').count(), 27);
    assert_eq!(white.matches('M').count(), 36);
    let (x, y) = xy(&d, p("B7"));
    assert!(
        black.contains(&format!("M{} {}h8v8h-8z", x - 4, y - 4)),
        "black territory on the dead white stone B7"
    );

    let d = samples::lines_arrows();
    let svg = render(
        &d,
        &SvgOptions {
            standalone: true,
            id_prefix: "fig 7".into(),
            caption: Vec::new(),
            width: None,
            ..SvgOptions::default()
        },
    );
    let doc = parse(&svg);
    let marker = doc
        .descendants()
        .find(|n| n.has_tag_name("marker"))
        .expect("arrow marker in defs");
    assert_eq!(marker.parent_element().unwrap().tag_name().name(), "defs");
    let id = marker.attribute("id").unwrap();
    assert_eq!(id, "fig7-ah");
    let arrows = doc
        .descendants()
        .find(|n| n.attribute("marker-end").is_some())
        .unwrap();
    assert_eq!(
        arrows.attribute("marker-end"),
        Some(format!("url(#{id})").as_str())
    );
    assert_eq!(
        arrows.children().filter(|n| n.has_tag_name("path")).count(),
        d.arrows.len()
    );
    // Lines start at the stone's edge, not its centre.
    let lines = segments(path_d(&doc, "gb-ln"));
    let (cx, cy) = xy(&d, p("C3"));
    assert_eq!(lines[0].0, (cx + 13, cy));
    assert_eq!(lines[0].1, xy(&d, p("H3")));
    // No arrows: no marker.
    assert!(!render_standalone(&samples::territory_9()).contains("<marker"));
}

#[test]
fn text_is_escaped_and_forbidden_characters_dropped() {
    let mut d = BoardDiagram::new(9);
    d.title = "Dia. <1> & \"2\" \u{1}".into();
    d.labels.push((p("E5"), "<&>".into()));
    d.numbered.push(NumberedStone {
        point: p("C3"),
        color: Color::White,
        label: "\"".into(),
    });
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("Dia. <1> & \"2\" "));
    assert!(doc
        .descendants()
        .any(|n| n.has_tag_name("text") && n.text() == Some("<&>")));
    assert!(doc
        .descendants()
        .any(|n| n.has_tag_name("text") && n.text() == Some("\"")));
}

#[test]
fn generated_description_names_stones_moves_and_markup() {
    let mut d = BoardDiagram::new(19);
    d.stones = vec![
        (p("D4"), Color::Black),
        (p("Q16"), Color::Black),
        (p("C16"), Color::White),
    ];
    d.numbered = vec![
        NumberedStone {
            point: p("C3"),
            color: Color::Black,
            label: "1".into(),
        },
        NumberedStone {
            point: p("D3"),
            color: Color::White,
            label: "2".into(),
        },
    ];
    d.marks = vec![(p("D4"), Mark::Triangle)];
    d.labels = vec![(p("E5"), "A".into())];
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let desc = doc
        .descendants()
        .find(|n| n.has_tag_name("desc"))
        .unwrap()
        .text()
        .unwrap()
        .to_string();
    assert_eq!(
        desc,
        "19x19 board. Black stones: Q16, D4. White stones: C16. Moves 1 to 2, Black first: C3, D3. \
         Marks: triangle at D4. Labels: A at E5."
    );
    // Moves that do not simply alternate are named one by one.
    d.numbered[1].color = Color::Black;
    d.numbered[1].label = "3".into();
    let svg = render_standalone(&d);
    assert!(
        svg.contains("Moves: Black 1 at C3, Black 3 at D3."),
        "{svg}"
    );
    d.desc = "Given text".into();
    assert!(render_standalone(&d).contains("<desc>Given text</desc>"));
}

#[test]
fn odd_input_never_panics_and_stays_well_formed() {
    // Sizes out of range are clamped; points off the board or the view are skipped.
    for size in [0, 1, 2, 3, 26, 255] {
        let mut d = BoardDiagram::new(size);
        d.stones = vec![
            (Point::new(0, 0), Color::Black),
            (Point::new(200, 200), Color::White),
        ];
        d.view = Some((Point::new(250, 3), Point::new(0, 0)));
        d.arrows = vec![
            (Point::new(0, 0), Point::new(0, 0)),
            (Point::new(0, 0), Point::new(99, 1)),
        ];
        d.coordinates = true;
        parse(&render_standalone(&d));
    }
    let mut d = BoardDiagram::new(25);
    d.coordinates = true;
    d.numbered = pts("A1 Z25 M13")
        .into_iter()
        .map(|q| NumberedStone {
            point: q,
            color: Color::White,
            label: "1234".into(),
        })
        .collect();
    let svg = render_standalone(&d);
    assert!(svg.contains(">Z</text>"));
    parse(&svg);
}

proptest::proptest! {
    #[test]
    fn random_diagrams_are_well_formed(
        size in 0u8..30,
        stones in proptest::collection::vec((0u8..27, 0u8..27, proptest::bool::ANY), 0..40),
        labels in proptest::collection::vec((0u8..27, 0u8..27, "\\PC{0,4}"), 0..6),
        view in proptest::option::of((0u8..27, 0u8..27, 0u8..27, 0u8..27)),
        title in "\\PC{0,20}",
        coordinates in proptest::bool::ANY,
    ) {
        let mut d = BoardDiagram::new(size);
        for (i, &(c, r, black)) in stones.iter().enumerate() {
            let color = if black { Color::Black } else { Color::White };
            if i % 3 == 0 {
                d.numbered.push(NumberedStone { point: Point::new(c, r), color, label: i.to_string() });
            } else {
                d.stones.push((Point::new(c, r), color));
            }
            d.marks.push((Point::new(r, c), [Mark::Triangle, Mark::Square, Mark::Circle, Mark::Cross, Mark::Diamond][i % 5]));
            d.territory.push((Point::new(c, c), color));
            d.arrows.push((Point::new(c, r), Point::new(r, c)));
            d.lines.push((Point::new(c, 0), Point::new(0, r)));
        }
        d.labels = labels.into_iter().map(|(c, r, t)| (Point::new(c, r), t)).collect();
        d.view = view.map(|(a, b, c, e)| (Point::new(a, b), Point::new(c, e)));
        d.title = title;
        d.coordinates = coordinates;
        let svg = render_standalone(&d);
        proptest::prop_assert!(Document::parse(&svg).is_ok(), "not well-formed: {}", svg);
        proptest::prop_assert_eq!(svg, render_standalone(&d));
    }
}

/// A letter on a numbered stone keeps the number whole: the number stays in the middle
/// of its stone and the letter is a small badge at its upper left (#33); longer point
/// text still replaces the number.
#[test]
fn a_letter_on_a_numbered_stone_is_a_badge_beside_the_number() {
    let mut d = samples::empty_19();
    let q = p("D4");
    d.stones.push((q, Color::Black));
    d.numbered.push(NumberedStone {
        point: q,
        color: Color::Black,
        label: "11".into(),
    });
    d.labels.push((q, "a".into()));
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let t = texts(&doc);
    let (x, y) = xy(&d, q);
    let number = t.iter().find(|t| t.3 == "11").expect(&svg);
    assert_eq!(number.1, x, "the number stays in the middle: {svg}");
    assert!((number.2 - y).abs() < UNIT / 2, "{svg}");
    let letter = t.iter().find(|t| t.3 == "a").expect(&svg);
    assert!(
        letter.1 < x && letter.2 < y,
        "the badge sits at the upper left: {svg}"
    );
    // Point text of two characters replaces the number, as before.
    d.labels[0].1 = "xy".into();
    let svg = render_standalone(&d);
    let doc = parse(&svg);
    let t = texts(&doc);
    assert!(
        t.iter().all(|t| t.3 != "11") && t.iter().any(|t| t.3 == "xy"),
        "{svg}"
    );
}
