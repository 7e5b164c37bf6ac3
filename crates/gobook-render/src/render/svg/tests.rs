//! Unit tests of the renderer's pieces; whole diagrams are tested in tests/svg_*.rs.

use super::grid::hoshi;
use super::layout::Layout;
use super::text::{baseline_offset, text_fit};
use super::*;
use crate::point::Point;

fn names(points: Vec<Point>) -> Vec<String> {
    let mut v: Vec<String> = points.into_iter().map(|p| p.to_string()).collect();
    v.sort();
    v
}

#[test]
fn star_points_of_the_usual_sizes() {
    assert_eq!(
        names(hoshi(19)),
        ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]
    );
    assert_eq!(names(hoshi(13)), ["D10", "D4", "G7", "K10", "K4"]);
    assert_eq!(names(hoshi(9)), ["C3", "C7", "E5", "G3", "G7"]);
    assert_eq!(names(hoshi(8)), ["C3", "C6", "F3", "F6"]);
    assert_eq!(names(hoshi(5)), ["C3"]);
    assert!(hoshi(4).is_empty());
    assert!(hoshi(2).is_empty());
    assert_eq!(hoshi(25).len(), 9);
}

#[test]
fn ids_are_always_valid() {
    assert_eq!(sanitize_id("gb"), "gb");
    assert_eq!(sanitize_id("fig 7<"), "fig7");
    assert_eq!(sanitize_id("7a"), "g7a");
    assert_eq!(sanitize_id(""), "g");
}

#[test]
fn three_digits_are_as_tall_as_two_and_condensed_to_fit_the_stone() {
    assert_eq!(text_fit(1, false), (14, false));
    assert_eq!(text_fit(2, false), (14, false));
    assert_eq!(
        text_fit(3, false),
        (14, true),
        "move 100 is as tall as move 99"
    );
    assert!(text_fit(4, false).0 < 14 && text_fit(4, false).1);
    // In print, bold, three digits are a size smaller to stay clear of the stone's ring.
    assert_eq!(text_fit(3, true), (12, true));
    assert_eq!(text_fit(2, true), (14, false));
    // Every point's x, condensed and scaled back, lands on the point.
    for x in (0..=24 * 24).step_by(24) {
        assert_eq!(super::text::condensed_x(x) * 3, x * 4);
    }
    assert_eq!(baseline_offset("12", 14), 5);
    assert_eq!(baseline_offset("a", 14), 4);
}

#[test]
fn layout_maps_points_to_integer_units() {
    let l = Layout::new(19, Some((Point::new(18, 18), Point::new(9, 9))), false);
    assert_eq!(l.xy(Point::new(9, 18)), (0, 0));
    assert_eq!(l.xy(Point::new(18, 9)), (216, 216));
    assert_eq!(l.real_edges(), [true, true, false, false]);
    assert!(!l.shows(Point::new(8, 12)));
    let clamped = Layout::new(40, None, true);
    assert_eq!(clamped.size, 25);
    assert_eq!(clamped.view_box(), (-33, -33, 24 * 24 + 66, 24 * 24 + 66));
}

#[test]
fn a_retitled_diagram_is_the_diagram_drawn_with_that_title() {
    let mut d = BoardDiagram::new(9);
    d.stones
        .push((Point::new(2, 2), crate::point::Color::Black));
    d.title = "Dia. 1 <a & b>".into();
    let drawn = render_inline(&d, "d0");
    d.title = "Abb. 1 \"x\"".into();
    assert_eq!(retitle(&drawn, &d.title), render_inline(&d, "d0"));
    d.title = String::new();
    assert_eq!(retitle(&drawn, ""), render_inline(&d, "d0"));
}

/// A late game figure (three-digit numerals on both colours), with coordinates, a letter
/// on a numbered stone, a word on an empty point, marks and territory.
fn busy_board() -> BoardDiagram {
    use crate::point::Color::{Black, White};
    let mut d = BoardDiagram::new(19);
    d.coordinates = true;
    for (i, p) in ["D4", "Q16", "C3", "R17"].iter().enumerate() {
        d.numbered.push(NumberedStone {
            point: Point::parse_standard(p).unwrap(),
            color: if i % 2 == 0 { Black } else { White },
            label: (119 + i).to_string(),
        });
    }
    d.stones = vec![(Point::new(9, 9), Black), (Point::new(10, 9), White)];
    d.labels = vec![
        (Point::parse_standard("D4").unwrap(), "a".into()),
        (Point::parse_standard("K4").unwrap(), "ko".into()),
    ];
    d.marks = vec![
        (Point::new(9, 9), Mark::Triangle),
        (Point::new(3, 9), Mark::Square),
    ];
    d.territory = vec![(Point::new(0, 0), Black)];
    d.title = "Figure 3 (119-122)".into();
    d
}

#[test]
fn the_print_target_has_no_css_classes_or_words_and_bold_texts() {
    let d = busy_board();
    let svg = render_print(&d);
    for absent in ["<style", "class=", "var(", "<title", "<desc", "role="] {
        assert!(!svg.contains(absent), "{absent} in {svg}");
    }
    // The same drawing as on screen: each class's colours as attributes, texts stroked bold
    // in their own colour (white numerals on black stones, dark ones on white stones and
    // on the board, coordinates, the badge's letter).
    // A group's numerals are the lines of one text in print.
    let screen = crate::render::svg::render_standalone(&d);
    let texts = |svg: &str| svg.matches("<text x=").count() + svg.matches("<tspan x=").count();
    assert_eq!(texts(&svg), texts(&screen));
    assert!(svg.contains("<tspan x="), "{svg}");
    // Every path of the screen's but the black stones' second dot: their outline is their
    // colour in print.
    assert_eq!(
        svg.matches("<path").count() + 1,
        screen.matches("<path").count()
    );
    assert!(screen.contains(r#"class="gb-sbd""#));
    assert!(
        !svg.contains(r##"stroke="#111" stroke-width=".875""##),
        "{svg}"
    );
    assert!(
        svg.contains(r##"stroke="#fff" stroke-width=".875""##),
        "{svg}"
    );
    for fill in ["#fff", "#111", "#1e1a14"] {
        let bold =
            format!(r#"fill="{fill}" stroke="{fill}" stroke-width=".7" stroke-linejoin="round""#);
        assert!(svg.contains(&bold), "{bold} in {svg}");
    }
    assert_eq!(svg.matches(r#"stroke-width=".7""#).count(), 5, "{svg}");
    assert!(
        svg.starts_with(r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-33 -33 498 498" width="498" height="498" text-anchor="middle" font-family="Helvetica,Arial,sans-serif"><rect fill="#e3bf7e" "##),
        "{svg}"
    );
}

#[test]
fn both_languages_print_the_same_bytes() {
    let en = busy_board();
    let mut de = en.clone();
    de.title = "Abb. 3 (119-122)".into();
    de.words.board = "{n}x{n}-Brett";
    de.words.moves = "Züge";
    assert_ne!(render_standalone(&en), render_standalone(&de));
    assert_eq!(render_print(&en), render_print(&de));
    assert_ne!(alt_text(&en), alt_text(&de));
}

#[test]
fn the_alt_text_is_what_the_screen_svg_says_in_its_title_and_description() {
    for mut d in [busy_board(), BoardDiagram::new(9)] {
        for title in ["Dia. 1 & <2>", ""] {
            d.title = title.into();
            let svg = render_standalone(&d);
            let between = |a: &str, b: &str| {
                let s = svg.find(a).unwrap() + a.len();
                svg[s..s + svg[s..].find(b).unwrap()]
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&amp;", "&")
            };
            let said = format!(
                "{}. {}",
                between("<title>", "</title>"),
                between("<desc>", "</desc>")
            );
            assert_eq!(alt_text(&d), said);
        }
    }
}

#[test]
fn a_print_label_with_spaces_at_its_ends_stays_on_its_point() {
    // A `tspan` among others keeps the spaces a `text` of its own drops.
    let mut d = busy_board();
    d.labels
        .push((Point::parse_standard("Q16").unwrap(), " x ".into()));
    let svg = render_print(&d);
    assert!(svg.contains(">x</tspan>"), "{svg}");
    assert!(render_standalone(&d).contains("> x </text>"));
}

#[test]
fn a_move_played_where_a_stone_stands_is_named_in_its_place_even_outside_a_run() {
    use crate::board::diagram::{CoveredMove, NumberedStone};
    use crate::point::Color;
    let p = |s| Point::parse_standard(s).unwrap();
    let stone = |at, color, label: &str| NumberedStone {
        point: p(at),
        color,
        label: label.into(),
    };
    let mut d = BoardDiagram::new(9);
    // 1 and 2 drawn; 3 played where 1 stands, but by White: no run, so each is said alone.
    d.numbered = vec![
        stone("E5", Color::Black, "1"),
        stone("D5", Color::White, "2"),
    ];
    d.covered = vec![CoveredMove {
        stone: stone("E5", Color::White, "3"),
        target: "1".into(),
    }];
    let alt = alt_text(&d);
    assert!(
        alt.ends_with("Moves 1 to 2, Black first: E5, D5. Moves: White 3 at E5 (3 at 1)."),
        "{alt}"
    );
    // Outside the view, a move not drawn is not named, as a drawn one would not be.
    d.view = Some((p("A1"), p("C3")));
    assert!(!alt_text(&d).contains("Moves"), "{}", alt_text(&d));
}
