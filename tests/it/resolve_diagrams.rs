//! What diagrams show: positions from bases, numbering, the spec's defaults,
//! and the moves that cannot be drawn (gaps).

use gobook::point::{Color, Point};
use gobook::resolve::model::{Diagram, Gap};

const HEAD: &str = "::book(#t)\n\n::chapter\n\n";

fn diagrams(body: &str) -> Vec<Diagram> {
    let src = format!("{HEAD}{body}\n");
    let c = gobook::check::check(&src);
    let errors: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.severity == gobook::diagnostics::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    c.resolved
        .book
        .diagrams
        .into_iter()
        .map(std::sync::Arc::unwrap_or_clone)
        .collect()
}

fn errors(body: &str) -> Vec<String> {
    let src = format!("{HEAD}{body}\n");
    gobook::check::check(&src)
        .diagnostics
        .into_iter()
        .map(|d| d.message)
        .collect()
}

fn p(s: &str) -> Point {
    Point::parse_standard(s).unwrap()
}

fn at(moves: &[&str], target: &str) -> Gap {
    Gap::At {
        moves: moves.iter().map(|s| s.to_string()).collect(),
        target: target.into(),
    }
}

#[test]
fn figure_takes_a_range_of_the_game_and_numbers_from_at() {
    let d = diagrams("::go mv=\"D4 Q16 Q4 D16 R10\"\n\n::fig at=3 to=4\n\n::fig at=5");
    let f = &d[0];
    assert_eq!(f.first_number, 3);
    assert_eq!(
        f.stones,
        vec![(p("Q16"), Color::White), (p("D4"), Color::Black)]
    );
    let nums: Vec<_> = f
        .moves
        .iter()
        .map(|m| (m.number, m.point, m.color, m.label()))
        .collect();
    assert_eq!(
        nums,
        vec![
            (Some(3), Some(p("Q4")), Color::Black, Some("3".into())),
            (Some(4), Some(p("D16")), Color::White, Some("4".into()))
        ]
    );
    assert_eq!(f.final_stones.len(), 4);
    assert!(
        f.shows_from_to("en"),
        "fig without caption shows the move range"
    );
    assert_eq!(f.width.name(), "full");
    // A figure with `at` and no moves: the position before move 5.
    assert_eq!(d[1].stones.len(), 4);
    assert!(d[1].moves.is_empty());
    assert_eq!(d[1].to_play, Color::Black);
}

#[test]
fn defaults_of_fig_dia_var_prb() {
    let d = diagrams(
        "::go mv=\"D4 Q16 Q4\"\n\n::fig at=1 to=2 ca=\"Figure\"\n\n::dia at=2 mv=C3 \n\n::var at=1 mv=E5F5\n\n::prb at=2 mv=K10",
    );
    let (fig, dia, var, prb) = (&d[0], &d[1], &d[2], &d[3]);
    assert!(
        !fig.shows_from_to("en"),
        "a fig with a caption shows no range by default"
    );
    assert_eq!(
        (
            dia.first_number,
            dia.width.name(),
            dia.shows_from_to("en"),
            dia.show_to_play
        ),
        (1, "dia", false, false)
    );
    // var is based on the most recent diagram (the dia) and numbers from its `at`.
    assert_eq!(var.first_number, 1);
    assert_eq!(var.stones, vec![(p("D4"), Color::Black)]);
    assert_eq!(var.to_play, Color::White);
    assert_eq!(
        (prb.first_number, prb.width.name(), prb.show_to_play),
        (1, "full", true)
    );
}

#[test]
fn at_counts_no_passes_and_tenuki_takes_a_number() {
    let d = diagrams(
        "::go mv=\"D4 Pass Q16 Tenuki Q4\"\n\n::fig at=2 to=3\n\n::dia mv=\"A1 Tenuki B1\"",
    );
    // Move 2 is Q16 (the pass takes no number); the position before it includes the pass.
    let f = &d[0];
    assert_eq!(f.to_play, Color::Black);
    assert_eq!(f.moves[0].point, Some(p("Q16")));
    assert_eq!(f.moves[1].point, None, "move 3 is the tenuki");
    assert_eq!(f.gaps, vec![Gap::Elsewhere("3".into())]);
    let nums: Vec<_> = d[1].moves.iter().map(|m| m.number).collect();
    assert_eq!(nums, vec![Some(1), Some(2), Some(3)]);
    assert_eq!(d[1].gaps, vec![Gap::Elsewhere("2".into())]);
    assert_eq!(d[1].moves[2].color, Color::Black);
}

#[test]
fn moves_on_captured_numbered_stones_are_grouped() {
    let d = diagrams("::dia sz=9 mv=\"A2 A1 B1 A3 A1 B2 H8 C1 H7 A1 Tenuki B1\"");
    let g = &d[0].gaps;
    // 5 connects where 3 took stone 2, and 10 plays there again: the board shows 2 there,
    // so that is how both are named ("connects" is for stones without number or letter).
    assert_eq!(
        g,
        &vec![
            at(&["5", "10"], "2"),
            Gap::Elsewhere("11".into()),
            at(&["12"], "3")
        ]
    );
    let hidden: Vec<_> = d[0]
        .moves
        .iter()
        .filter(|m| !m.shown)
        .filter_map(|m| m.number)
        .collect();
    assert_eq!(hidden, vec![5, 10, 11, 12]);
    // Captured stones stay drawn: the final position differs from the figure.
    assert!(!d[0]
        .final_stones
        .iter()
        .any(|(q, c)| *q == p("A2") && *c == Color::Black));
}

#[test]
fn ko_recaptures_are_named_by_where_they_are() {
    // The ko began before the diagram: D5 shows a stone without number or letter, so it
    // gets the letter a, on the board and in the line.
    let d = diagrams("::dia sz=9 ab=D6C5D4 aw=E6F5E4D5 mv=\"E5 H2 H3 D5 B8 B7 E5 H5 H6 D5\"");
    assert_eq!(d[0].gaps, vec![at(&["4", "10"], "a"), at(&["7"], "1")]);
    assert!(d[0].labels.contains(&(p("D5"), "a".to_string())));
    // With one recapture only, the move is named on its own, by its place.
    let d = diagrams("::dia sz=9 ab=D6C5D4 aw=E6F5E4D5 mv=\"E5 H2 H3 D5\"");
    assert_eq!(d[0].gaps, vec![at(&["4"], "a")]);
    let d = diagrams("::dia sz=9 ab=D6C5D4 aw=E6F5E4D5 mv=\"E5 H2 H3 D5 B8 B7 E5\"");
    assert_eq!(d[0].gaps, vec![at(&["4"], "a"), at(&["7"], "1")]);
}

#[test]
fn moves_on_stones_from_before_the_diagram() {
    // A1 (white, before the diagram) is captured by 1; Black 3 fills A1 and connects:
    // the stone shows neither number nor letter, so it gets one.
    let d = diagrams("::dia sz=9 pl=b aw=A1 ab=A2 mv=\"B1 C5 A1\"");
    assert_eq!(d[0].gaps, vec![at(&["3"], "a")]);
    // A lettered stone is named by its letter, and no letter is added.
    let d = diagrams("::dia sz=9 ab=D6C5D4 aw=E6F5E4D5 A=D5 mv=\"E5 H2 H3 D5\"");
    assert_eq!(d[0].gaps, vec![at(&["4"], "A")]);
    assert_eq!(d[0].labels, vec![(p("D5"), "A".to_string())]);
}

#[test]
fn mn_renumbers_and_gaps_use_the_printed_numbers() {
    let d = diagrams("::dia sz=9 mn=51 mv=\"A2 A1 B1 A3 A1 B2 H8 C1 H7 A1\"");
    assert_eq!(d[0].first_number, 51);
    assert_eq!(d[0].moves[0].label().as_deref(), Some("51"));
    assert_eq!(d[0].gaps, vec![at(&["55", "60"], "52")]);
}

#[test]
fn setup_on_top_of_a_position_and_inherited_view() {
    let d = diagrams("::go(#g) sz=13 mv=\"D4 K10\"\n\n::dia(#a) at=2 ab=C3 ae=D4 vw=A1G7\n\n::p x <dia mv=F6>inline</dia>\n\n::var mv=E5");
    assert_eq!(d[0].size, 13);
    assert_eq!(d[0].stones, vec![(p("C3"), Color::Black)]);
    assert_eq!(d[0].to_play, Color::White);
    assert_eq!(
        d[1].view,
        (p("A1"), p("G7")),
        "inline inherits vw from the paragraph's diagram"
    );
    assert_eq!(
        d[1].stones, d[0].stones,
        "inline is based on the paragraph's diagram"
    );
    assert_eq!(
        d[2].view,
        (p("A1"), p("N13")),
        "a var shows the whole board unless it has its own vw"
    );
}

#[test]
fn labels_marks_and_point_text() {
    let d = diagrams(
        "::dia sz=9 A=C3 b=D4E5 G7=23 tr=C3 sq=D4 cr=E5 ma=F6 rg=G7 tb=A1 tw=J9 ln=A1B2 ar=C3D4",
    );
    let x = &d[0];
    assert_eq!(x.labels.len(), 4);
    assert!(x.labels.contains(&(p("G7"), "23".to_string())));
    assert_eq!(x.marks.len(), 5);
    assert_eq!(
        x.territory,
        vec![(p("A1"), Color::Black), (p("J9"), Color::White)]
    );
    assert_eq!(x.lines, vec![(p("A1"), p("B2"))]);
    assert_eq!(x.arrows, vec![(p("C3"), p("D4"))]);
}

#[test]
fn problem_sequences_and_default_correct_answer() {
    let d = diagrams("::prb sz=9 ab=A3 pl=b correct=\"B1(Dead.);C1\" wrong=\"A1B1(Alive.)\"\n\n::go(#g) sz=9 mv=\"E5 F5 E6\"\n\n::prb base=g");
    assert_eq!(d[0].correct.len(), 2);
    assert_eq!(d[0].correct[0][0].1.as_deref(), Some("Dead."));
    assert_eq!(d[0].wrong[0].len(), 2);
    assert_eq!(d[1].correct.len(), 1, "the base's moves are the answer");
    assert_eq!(d[1].correct[0].len(), 3);
}

#[test]
fn illegal_moves_and_ranges_are_errors() {
    let e = errors("::dia sz=9 ab=A2B1 pl=w mv=A1");
    assert_eq!(e, vec!["move 1 at A1 is illegal: it would be suicide"]);
    let e = errors("::dia sz=9 mv=\"C3 C3\"");
    assert_eq!(
        e,
        vec!["move 2 at C3 is illegal: the point is already occupied"]
    );
    let e = errors("::dia sz=9 ab=D6C5D4 aw=E6F5E4D5 mv=\"E5 D5\"");
    assert_eq!(e, vec!["move 2 at D5 is illegal: it retakes a ko at once"]);
    let e = errors("::go mv=\"D4 Q16\"\n\n::fig at=4");
    assert_eq!(
        e,
        vec!["`at=4` is outside the base's moves: it can be 1 to 3"]
    );
    let e = errors("::go mv=\"D4 Q16\"\n\n::fig at=1 to=3");
    assert_eq!(
        e,
        vec!["`to=3` must be from `at` (1) to the base's last move (2)"]
    );
    let e = errors("::go(#g) sz=9\n\n::dia base=g sz=13");
    assert_eq!(
        e,
        vec!["`sz=13` differs from the base's board size 9; remove `sz` or `base`"]
    );
}

/// `check` warns where a book puts a letter by hand on a point where the diagram draws a
/// numbered stone (the letter shows only as a badge); a letter on an empty point or an
/// unnumbered stone is fine.
#[test]
fn a_letter_on_a_numbered_stone_is_a_warning() {
    let text = "::book(#b)\n\n::chapter\n\n::dia(#d) sz=9 ab=E5 mv=\"C3 D4\" a=C3 b=E5 c=G7\n";
    let c = gobook::check::check(text);
    let found: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.code == gobook::diagnostics::Code::LetterOnNumberedStone)
        .collect();
    assert_eq!(found.len(), 1, "{:?}", c.diagnostics);
    assert!(
        found[0]
            .message
            .contains("the letter a at C3 stands on move 1"),
        "{}",
        found[0].message
    );
    assert_eq!(
        &text[found[0].span.start as usize..found[0].span.end as usize],
        "a=C3"
    );
}
