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
    assert_eq!(text_fit(1), (14, false));
    assert_eq!(text_fit(2), (14, false));
    assert_eq!(text_fit(3), (14, true), "move 100 is as tall as move 99");
    assert!(text_fit(4).0 < 14 && text_fit(4).1);
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
