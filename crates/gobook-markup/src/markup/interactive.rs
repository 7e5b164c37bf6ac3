//! What the browser script (`themes/default/gobook.js`) needs, embedded in the page:
//! per diagram a compact `data-gb` JSON (start position, moves, problem sequences and
//! the board geometry, so the script never guesses), per page the interface words in
//! the page's language. The script itself carries no word lists and no book data.

use crate::format::schema::DiagramKind;
use crate::format::values::{Move, Sequence};
use crate::i18n::{self, UiWord};
use crate::point::{Color, Mark, Point};
use crate::render::svg::{geometry, star_points};
use crate::resolve::model::{Book, Diagram, DiagramRole};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::borrow::Cow;

/// The interface words the script uses; the page embeds them in its language.
const UI_KEYS: &[UiWord] = &[
    UiWord::FirstMove,
    UiWord::PreviousMove,
    UiWord::NextMove,
    UiWord::LastMove,
    UiWord::MoveOf,
    UiWord::ExpandBoard,
    UiWord::Reset,
    UiWord::ShowSolution,
    UiWord::Solution,
    UiWord::Correct,
    UiWord::Wrong,
    UiWord::NotInBook,
    UiWord::BlackMoveAt,
    UiWord::WhiteMoveAt,
    UiWord::Pass,
    UiWord::Elsewhere,
    UiWord::Close,
    UiWord::Problem,
];

/// A point in two letters, column then row counted from the bottom (`a` = 0):
/// the shortest form, and the script needs no coordinate parser.
fn code(p: Point) -> String {
    let mut s = String::with_capacity(2);
    push_code(&mut s, p);
    s
}

/// Appends [`code`] of `p`.
fn push_code(out: &mut String, p: Point) {
    out.push((b'a' + p.col) as char);
    out.push((b'a' + p.row) as char);
}

fn color_letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// One move of a problem sequence as `[point]` or `[point, text]`; a pass has the empty point.
type Step<'a> = Vec<Cow<'a, str>>;

/// A problem sequence as `[[point, text?], ...]`, the comments as the reader sees text
/// in `lang` (standard texts such as `#sn#`, typography).
fn sequence<'a>(book: &Book, seq: &'a Sequence, lang: &str) -> Vec<Step<'a>> {
    seq.iter()
        .map(|(mv, text)| {
            let p = match mv {
                Move::Play(p) => code(*p),
                Move::Pass | Move::Tenuki => String::new(),
            };
            let mut step = vec![Cow::Owned(p)];
            step.extend(
                text.as_deref()
                    .map(|t| Cow::Owned(crate::resolve::text::resolve_plain(book, t, lang))),
            );
            step
        })
        .collect()
}

/// Whether the reader can do anything with the diagram: replay moves, expand a
/// partial board or solve a problem.
fn is_interactive(d: &Diagram, lang: &str) -> bool {
    let partial = !(d.view.0.col == 0
        && d.view.0.row == 0
        && d.view.1.col + 1 == d.size
        && d.view.1.row + 1 == d.size);
    let problem = d.role == DiagramRole::Block(DiagramKind::Prb)
        && !(d.correct_in(lang).is_empty() && d.wrong_in(lang).is_empty());
    partial || problem || d.moves.iter().any(|m| m.point.is_some())
}

/// The `data-gb` JSON of a diagram; the field names are the keys the script reads.
///
/// The keys are single letters because every diagram of every page carries one, and
/// they stand in alphabetical order, as `serde_json` sorts a parsed object's keys.
#[derive(Serialize)]
struct Data<'a> {
    /// Black's start stones, as point codes one after another.
    b: String,
    /// A problem's correct sequences.
    #[serde(skip_serializing_if = "Option::is_none")]
    c: Option<Vec<Vec<Step<'a>>>>,
    /// The board geometry (see [`geometry`]).
    g: [i32; 5],
    /// The star points.
    h: String,
    /// The marks and labels the replay keeps drawing: point code and `T`, `S`, `C`, `X`,
    /// `D` (triangle, square, circle, cross, diamond) or `=` and the label; the points
    /// of `hideInReplay` are left out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    k: Vec<(String, String)>,
    /// The moves, space-separated: `Bdd`; `B-` a tenuki, `B` a pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    m: Option<String>,
    /// The first move's number, when there are moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u32>,
    /// Who plays first: `B` or `W`.
    p: char,
    /// The view: left, bottom, right, top.
    v: [u8; 4],
    /// White's start stones.
    w: String,
    /// A problem's wrong sequences.
    #[serde(skip_serializing_if = "Option::is_none")]
    x: Option<Vec<Vec<Step<'a>>>>,
    /// The board size.
    z: u8,
}

/// The `data-gb` JSON of a diagram for a reader of `lang` (see [`Data`]: a problem's
/// answers and their comments are the language's own), or None when there is nothing to interact with.
pub fn data(book: &Book, d: &Diagram, lang: &str) -> Option<String> {
    if !is_interactive(d, lang) {
        return None;
    }
    let (correct, wrong) = (d.correct_in(lang), d.wrong_in(lang));
    let problem =
        d.role == DiagramRole::Block(DiagramKind::Prb) && !(correct.is_empty() && wrong.is_empty());
    let stones = |color: Color| {
        let mut s = String::with_capacity(2 * d.stones.len());
        for (p, _) in d.stones.iter().filter(|(_, c)| *c == color) {
            push_code(&mut s, *p);
        }
        s
    };
    let mut star = String::new();
    for p in star_points(d.size) {
        push_code(&mut star, p);
    }
    let moves = (!d.moves.is_empty()).then(|| {
        let mut o = String::with_capacity(4 * d.moves.len());
        for (i, m) in d.moves.iter().enumerate() {
            if i > 0 {
                o.push(' ');
            }
            o.push(color_letter(m.color));
            match (m.point, m.number) {
                (Some(p), _) => push_code(&mut o, p),
                (None, Some(_)) => o.push('-'),
                (None, None) => {}
            }
        }
        o
    });
    let (lo, hi) = d.view;
    let code = |p: Point| {
        let mut s = String::with_capacity(2);
        push_code(&mut s, p);
        s
    };
    let shown = |p: &Point| !d.hide_in_replay.contains(p);
    let mut kept: Vec<(String, String)> = d
        .marks
        .iter()
        .filter(|(p, _)| shown(p))
        .map(|&(p, m)| {
            let k = match m {
                Mark::Triangle => "T",
                Mark::Square => "S",
                Mark::Circle => "C",
                Mark::Cross => "X",
                Mark::Diamond => "D",
            };
            (code(p), k.to_string())
        })
        .collect();
    kept.extend(
        d.labels
            .iter()
            .filter(|(p, t)| shown(p) && !t.is_empty())
            .map(|(p, t)| (code(*p), format!("={t}"))),
    );
    let data = Data {
        b: stones(Color::Black),
        c: problem.then(|| correct.iter().map(|s| sequence(book, s, lang)).collect()),
        g: geometry(d.show_coords),
        h: star,
        k: kept,
        n: moves.as_ref().map(|_| d.first_number),
        m: moves,
        p: color_letter(d.to_play),
        v: [lo.col, lo.row, hi.col, hi.row],
        w: stones(Color::White),
        x: problem.then(|| wrong.iter().map(|s| sequence(book, s, lang)).collect()),
        z: d.size,
    };
    // Plain strings, numbers and arrays: serialising them cannot fail.
    serde_json::to_string(&data).ok()
}

/// The interface words of a page in `lang`, as JSON for a `<script type="application/json">`.
/// `</` cannot occur: the words are fixed and contain no angle brackets, and no `&`
/// either, so the same text is also well-formed in an e-book's XHTML (a test checks).
pub fn ui_json(lang: &str) -> String {
    let mut o = Map::new();
    for &k in UI_KEYS {
        o.insert(k.key().into(), json!(i18n::ui(k, lang)));
    }
    o.insert("black".into(), json!(i18n::color_name(true, lang)));
    o.insert("white".into(), json!(i18n::color_name(false, lang)));
    Value::Object(o).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interface_words_exist_in_every_language_and_are_safe_in_a_script_element() {
        for lang in i18n::LANGUAGES {
            let j = ui_json(lang);
            assert!(!j.contains('<') && !j.contains('&'), "{lang}: {j}");
            let v: Value = serde_json::from_str(&j).unwrap();
            for k in UI_KEYS {
                assert!(v[k.key()].as_str().is_some_and(|s| !s.is_empty()));
            }
        }
    }

    #[test]
    fn diagram_data_is_the_json_serde_writes_with_sorted_keys() {
        let book = "::book(#t)\n\n::chapter\n\n::prb(#p) sz=9 ab=A3B3C3D3E3E2E1 aw=A2B2C2D2D1 pl=b vw=A1F5\ncorrect=\"B1(White is \\\"dead\\\" – für immer\\\\\\\\.)\"\nwrong=\"A1B1;C1B1(Lives.)\"\n\n::dia sz=9 ab=E5 mv=\"C3 D4 E4\"\n";
        let checked = crate::check::check(book);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        let diagrams = &checked.resolved.book.diagrams;
        assert_eq!(diagrams.len(), 2);
        for d in diagrams {
            let text = data(&checked.resolved.book, d, "en").expect("interactive");
            let v: Value = serde_json::from_str(&text).expect("valid JSON");
            // serde_json writes objects with sorted keys: the same bytes mean the same writer.
            assert_eq!(serde_json::to_string(&v).unwrap(), text);
            assert_eq!(v["z"], json!(9));
            assert_eq!(v["g"], json!(geometry(d.show_coords)));
        }
        let prb: Value =
            serde_json::from_str(&data(&checked.resolved.book, &diagrams[0], "en").unwrap())
                .unwrap();
        assert_eq!(
            prb["c"],
            // Comments read as text does: quotes are typeset, `\\` is one backslash.
            json!([[["ba", "White is “dead” – für immer\\."]]])
        );
        assert_eq!(
            prb["x"],
            json!([[["aa"], ["ba"]], [["ca"], ["ba", "Lives."]]])
        );
        assert_eq!(prb["p"], json!("B"));
        let dia: Value =
            serde_json::from_str(&data(&checked.resolved.book, &diagrams[1], "en").unwrap())
                .unwrap();
        assert_eq!(dia["m"], json!("Bcc Wdd Bed"));
        assert_eq!(dia["b"], json!("ee"));
    }

    #[test]
    fn points_are_two_letters_from_the_lower_left() {
        assert_eq!(code(Point::new(0, 0)), "aa");
        assert_eq!(code(Point::new(3, 15)), "dp");
    }
}
