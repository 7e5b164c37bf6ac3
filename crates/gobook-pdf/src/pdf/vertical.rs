//! Vertical Japanese in print (tategaki, `vertical_ja`): a chapter's text set top to bottom
//! in columns placed right to left, as printed Japanese Go books are. typst (0.15) has no
//! vertical writing mode (`text(dir: ttb)` is refused), so gobook sets the columns itself:
//! here each paragraph becomes a list of units (a character, a short number set across the
//! column, a Latin run laid on its side) with the line-breaking rules of Japanese (kinsoku),
//! and `vertical.typ` measures them, breaks them into columns of the text block's height
//! and places the columns and the upright diagrams from right to left, page after page.

use super::blocks::Chapters;
use super::escape::{markup, string};
use super::rich::{key, target_key};
use crate::format::inline::TextStyle;
use crate::format::schema::ParaKind;
use crate::layout::page::{Block, Content, Para};
use crate::layout::plan::Plan;
use crate::resolve::text::Rich;

/// The typst functions that set vertical text.
pub const FRAME: &str = include_str!("vertical.typ");

/// How a unit stands in its column (the numbers `vertical.typ` reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A character upright in a square cell, in the font's vertical forms (`vert`).
    Cell = 0,
    /// An upright character that may not start a column (、。」）ー and small kana).
    NoStart = 1,
    /// An upright character that may not end a column (「（).
    NoEnd = 2,
    /// A short number set across the column (tate-chu-yoko): 黒12.
    Across = 3,
    /// A run of Latin letters or a longer number, laid on its side.
    Sideways = 4,
    /// A forced column break.
    Break = 5,
}

/// One unit of a column: its kind and its typst content.
struct Unit {
    kind: Kind,
    body: String,
}

/// Characters that may not start a column (JIS X 4051's closing brackets, stops, small kana,
/// the long vowel mark and iteration marks).
const NO_START: &str = "、。，．・：；？！ー）」』】〕〉》］｝〙〗’”ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々〻ゝゞヽヾ…‥〜～";
/// Characters that may not end a column (opening brackets).
const NO_END: &str = "（「『【〔〈《［｛〘〖‘“";

/// Whether `c` stands upright in vertical text (CJK, kana, full-width forms and the
/// symbols and shapes Unicode's vertical orientation keeps upright).
fn upright(c: char) -> bool {
    let u = c as u32;
    let shown =
        u >= 0x2E80 || (0x2460..=0x2BFF).contains(&u) || matches!(c, '…' | '‥' | '—' | '―' | '※');
    shown && !invisible(c)
}

/// Whether `c` prints nothing (a variation selector, a word joiner...): it belongs to the
/// character before it, never a cell of its own.
fn invisible(c: char) -> bool {
    typst::text::is_default_ignorable(c)
}

/// The styles a unit is inside, each the opening of a typst call with a trailing content
/// block (`#strong[`), closed by `]`.
type Styles = Vec<String>;

/// The units of `rich`, with the styles and links of what it is inside.
fn push_units(plan: &Plan, rich: &[Rich], styles: &mut Styles, out: &mut Vec<Unit>) {
    for r in rich {
        let mut inner = |open: String, body: &[Rich], out: &mut Vec<Unit>| {
            styles.push(open);
            push_units(plan, body, styles, out);
            styles.pop();
        };
        match r {
            Rich::Text(t) => push_text(t, styles, out),
            Rich::Bold(c) => inner("#strong[".into(), c, out),
            // An inline diagram prints after its paragraph; its words stay in the text.
            Rich::Italic(c) | Rich::Diagram { content: c, .. } => inner("#emph[".into(), c, out),
            Rich::Lang { content, .. } => push_units(plan, content, styles, out),
            Rich::Styled { style, content } => {
                let open = match style {
                    TextStyle::Smaller => "#text(size: 0.83em)[",
                    TextStyle::Larger => "#text(size: 1.2em)[",
                    TextStyle::SmallCaps => "#smallcaps[",
                };
                inner(open.into(), content, out)
            }
            Rich::Break => out.push(Unit {
                kind: Kind::Break,
                body: "none".into(),
            }),
            Rich::Symbol { .. } => out.push(Unit {
                kind: Kind::Cell,
                body: wrap(styles, &super::rich::rich(plan, std::slice::from_ref(r))),
            }),
            // A point's letter or number stands upright, as on the board.
            Rich::Label(l) => out.push(Unit {
                kind: if l.chars().count() <= 3 {
                    Kind::Across
                } else {
                    Kind::Sideways
                },
                body: wrap(styles, &format!("#gb-label[{}]", markup(l))),
            }),
            Rich::Link { target, content } => match target_key(plan, target) {
                Some(k) => inner(format!("#gb-vlink({})[", string(&k)), content, out),
                None => push_units(plan, content, styles, out),
            },
            // A picture in running text belongs to the web editions, as in horizontal print.
            Rich::Image { .. } => {}
        }
    }
}

/// `body` (typst markup) inside the styles' calls, as a typst expression: a plain
/// character as a string, anything else as a content block.
fn wrap(styles: &Styles, body: &str) -> String {
    let mut s = String::from("[");
    for open in styles {
        s.push_str(open);
    }
    s.push_str(body);
    s.push_str(&"]".repeat(styles.len()));
    s.push(']');
    s
}

/// The units of plain text `t`: each upright character a cell, short numbers across the
/// column, other runs (Latin words, longer numbers, the spaces between them) on their side.
fn push_text(t: &str, styles: &Styles, out: &mut Vec<Unit>) {
    let chars: Vec<char> = t.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if upright(c) {
            let kind = if NO_START.contains(c) {
                Kind::NoStart
            } else if NO_END.contains(c) {
                Kind::NoEnd
            } else {
                Kind::Cell
            };
            // What follows it and prints nothing stays with it (a variation selector picks
            // its glyph).
            let mut cell = c.to_string();
            i += 1;
            while i < chars.len() && invisible(chars[i]) {
                cell.push(chars[i]);
                i += 1;
            }
            let body = if styles.is_empty() {
                string(&cell)
            } else {
                wrap(styles, &markup(&cell))
            };
            out.push(Unit { kind, body });
            continue;
        }
        let end = (i..chars.len())
            .find(|&j| upright(chars[j]))
            .unwrap_or(chars.len());
        let run: String = chars[i..end].iter().collect();
        i = end;
        if run.chars().all(invisible) {
            // Nothing to print between two cells (a word joiner, a zero-width space).
            continue;
        }
        if run.trim().is_empty() {
            // A space between upright characters: a quarter of a cell, as in running text.
            out.push(Unit {
                kind: Kind::Sideways,
                body: wrap(styles, "#h(0.25em)"),
            });
            continue;
        }
        // A short number stands across the column; anything else in the run lies on its side,
        // a word to a unit so that a column may end between two words.
        let shown: String = run.chars().filter(|c| !invisible(*c)).collect();
        if crate::markup::rich::is_short_number(shown.trim()) {
            out.push(Unit {
                kind: Kind::Across,
                body: wrap(styles, &markup(run.trim())),
            });
            continue;
        }
        let words: Vec<&str> = run.split_whitespace().collect();
        for (n, w) in words.iter().enumerate() {
            // The space after a word is kept as fixed space: a line's end would drop it.
            let space = if n + 1 < words.len() { "#h(0.3em)" } else { "" };
            out.push(Unit {
                kind: Kind::Sideways,
                body: wrap(styles, &format!("{}{space}", markup(w))),
            });
        }
    }
}

/// The units of `rich` as a typst array of `(kind, body)` pairs.
fn units(plan: &Plan, rich: &[Rich]) -> String {
    let mut list = Vec::new();
    push_units(plan, rich, &mut Vec::new(), &mut list);
    let mut out = String::from("(");
    for u in &list {
        out.push_str(&format!("({}, {}), ", u.kind as u8, u.body));
    }
    out.push(')');
    out
}

impl Chapters<'_> {
    /// The blocks of the chapter on page `page` as one call of `gb-tate`: paragraphs as
    /// vertical text, diagrams upright between them, other blocks across the page.
    pub fn vertical_blocks(&mut self, page: usize, blocks: &[Block]) -> String {
        let mut items = String::new();
        for b in blocks {
            self.vertical_block(page, b, &mut items);
        }
        format!("#gb-tate((\n{items}))\n\n")
    }

    fn vertical_block(&mut self, page: usize, b: &Block, items: &mut String) {
        match b {
            Block::Para(p) => self.vertical_para(page, p, items),
            Block::Boxed(ps) => ps.iter().for_each(|p| self.vertical_para(page, p, items)),
            Block::Group { figure, text } => {
                if figure.brk.as_deref() == Some("page") {
                    items.push_str("(t: \"break\"),\n");
                }
                let share = if figure.width == crate::resolve::model::DiagramWidth::Dia {
                    0.45
                } else {
                    1.0
                };
                let fig = self.figure(page, figure, share);
                items.push_str(&figure_item(&fig));
                for t in text {
                    self.vertical_block(page, t, items);
                }
            }
            Block::Row(_) | Block::Image(_) => {
                let body = self.block(page, b);
                if !body.trim().is_empty() {
                    items.push_str(&format!("(t: \"block\", body: [{body}]),\n"));
                }
            }
            Block::Include {
                markdown: Some(doc),
                ..
            } => self.vertical_markdown(page, doc, items),
            // A buy button and an included gobook file the check could not splice in
            // belong to the web editions.
            Block::Buy { .. } | Block::Include { markdown: None, .. } => {}
        }
    }

    pub(super) fn vertical_para(&mut self, page: usize, p: &Para, items: &mut String) {
        // As in horizontal print: a paragraph that only switches language is left out, and
        // one that links as a whole (not a heading) is a link (`units` sets no page after
        // it here).
        if super::blocks::only_a_language_switch(p) {
            return;
        }
        let linked = |t: &[Rich]| match &p.href {
            Some(target) if !matches!(p.kind, ParaKind::H(_)) => vec![Rich::Link {
                target: target.clone(),
                content: super::rich::for_print(t).to_vec(),
            }],
            _ => super::rich::for_print(t).to_vec(),
        };
        let mut rich: Vec<Rich> = Vec::new();
        if p.hint {
            rich.push(Rich::Text(format!("{}：", self.hint_word())));
        }
        match &p.content {
            Content::Text(t) => rich.extend(linked(t)),
            Content::Bullet { label, text } => {
                rich.extend(label.iter().cloned());
                rich.push(Rich::Text("\u{3000}".into()));
                rich.extend(linked(text));
            }
        }
        let list = units(self.plan, &rich);
        if list != "()" {
            let (head, size, outlined) = match p.kind {
                ParaKind::H(n) => (p.tag_level.to_string(), heading_size(n), n <= 3),
                ParaKind::S(_) => ("none".into(), 1.05, false),
                _ => ("none".into(), 1.0, false),
            };
            let brk = p.brk.as_deref() == Some("page") && matches!(p.kind, ParaKind::H(_));
            if brk {
                items.push_str("(t: \"break\"),\n");
            }
            let i = p.indent;
            // A paragraph of a Japanese book starts one character down (字下げ), where the
            // book gives it no indent of its own: paragraphs are not spaced apart in vertical text.
            let own = i.first != 0 || i.rest != 0 || p.kind != ParaKind::P;
            // A heading's plain words for the bookmarks and the tags, set aside unseen (a
            // link has no plain text in typst's tags: its words only).
            let title = match p.kind {
                ParaKind::H(_) => format!(
                    "[{}]",
                    super::rich::rich(self.plan, &super::rich::without_links(&rich))
                ),
                _ => "none".into(),
            };
            items.push_str(&format!(
                "(t: \"para\", key: {}, head: {head}, outlined: {outlined}, title: {title}, size: {size}, first: {:.1}, rest: {:.1}, units: {list}),\n",
                string(&key(page, &p.anchor)),
                if own { i.first as f64 / 10.0 } else { 1.0 },
                i.rest as f64 / 10.0,
            ));
        }
        for fig in self.inline_figures(p) {
            items.push_str(&figure_item(&fig));
        }
    }
}

/// A heading's size over the text's in vertical print, drawn by gobook (its typst heading
/// is hidden, for the tags and bookmarks): `frame.typ`'s factors alone, smaller than a
/// horizontal heading, which typst's own heading sizes multiply (`blocks::heading_percent`).
fn heading_size(level: u8) -> f64 {
    match level {
        0 | 1 => 1.6,
        2 => 1.35,
        _ => 1.15,
    }
}

/// A diagram's item: upright, in a strip as wide as its board.
fn figure_item(call: &str) -> String {
    format!(
        "(t: \"figure\", body: [{}]),\n",
        call.replacen("#gb-figure(", "#gb-vfigure(", 1)
    )
}

/// The page settings of a vertical edition: the text block's size for `gb-tate`.
pub fn preamble(text_width: f64, text_height: f64) -> String {
    format!(
        "\n#let gb-tate-width = {text_width:.2}mm\n#let gb-tate-height = {text_height:.2}mm\n{FRAME}\n"
    )
}

/// Asks PDF viewers to lay a vertical book's spreads out right to left, as it is bound: the
/// catalog's `/ViewerPreferences` says `/Direction/L2R` (typst-pdf writes it from the text
/// direction of the language, left to right for Japanese, and has no setting for it), and
/// `/R2L` is the same number of bytes, so no offset in the file moves. Where the catalog
/// does not read as expected, the PDF is left as it is.
pub fn read_right_to_left(pdf: &mut [u8]) {
    let find = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).position(|w| w == needle);
    let Some(at) = find(pdf, b"/Type/Catalog") else {
        return;
    };
    let end = find(&pdf[at..], b"endobj").map_or(pdf.len(), |e| at + e);
    if let Some(d) = find(&pdf[at..end], b"/Direction/L2R") {
        let v = at + d + b"/Direction/".len();
        pdf[v..v + 3].copy_from_slice(b"R2L");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> Plan {
        Plan {
            lang: "ja".into(),
            pages: vec![],
            contents: None,
            anchors: Default::default(),
            vertical: true,
        }
    }

    #[test]
    fn characters_numbers_and_latin_runs_become_units_with_their_kinsoku() {
        let r = [
            Rich::Text("「黒1は」SmartGo 1835年".into()),
            Rich::Bold(vec![Rich::Text("急".into())]),
        ];
        let u = units(&plan(), &r);
        assert_eq!(
            u,
            "((2, \"「\"), (0, \"黒\"), (3, [1]), (0, \"は\"), (1, \"」\"), (4, [SmartGo#h(0.3em)]), (4, [1835]), \
             (0, \"年\"), (0, [#strong[急]]), )"
        );
        let tree = typst::syntax::parse_code(&u);
        assert!(tree.errors_and_warnings().0.is_empty(), "{u}");
    }

    #[test]
    fn what_prints_nothing_stays_with_the_character_before_it_and_takes_no_cell() {
        // A variation selector after 葛, a word joiner between two characters (as `gobook
        // import` writes), a zero-width space alone, a byte-order mark after a number.
        let r = [Rich::Text(
            "葛\u{E0100}城\u{2060}市\u{200B}。12\u{FEFF}".into(),
        )];
        let u = units(&plan(), &r);
        assert_eq!(
            u,
            "((0, \"葛\u{E0100}\"), (0, \"城\u{2060}\"), (0, \"市\u{200B}\"), (1, \"。\"), (3, [12\u{2060}]), )"
        );
    }

    #[test]
    fn user_words_stay_text_in_units() {
        let u = units(&plan(), &[Rich::Text("#panic() \"] [".into())]);
        assert_eq!(
            u,
            "((4, [\\#panic\\(\\)#h(0.3em)]), (4, [\\\"\\]#h(0.3em)]), (4, [\\[]), )"
        );
        let tree = typst::syntax::parse_code(&u);
        assert!(tree.errors_and_warnings().0.is_empty(), "{u}");
    }

    #[test]
    fn the_catalog_asks_for_spreads_right_to_left_and_nothing_else_changes() {
        let before = b"1 0 obj\n<</Direction/L2R>>\nendobj\n2 0 obj\n<</Type/Catalog/ViewerPreferences<</DisplayDocTitle true/Direction/L2R>>>>\nendobj\n".to_vec();
        let mut pdf = before.clone();
        read_right_to_left(&mut pdf);
        assert_eq!(pdf.len(), before.len());
        let text = String::from_utf8(pdf).unwrap();
        assert!(text.starts_with("1 0 obj\n<</Direction/L2R>>"), "{text}");
        assert!(
            text.contains("/DisplayDocTitle true/Direction/R2L>>"),
            "{text}"
        );
        let mut other = b"%PDF no catalog /Direction/L2R".to_vec();
        read_right_to_left(&mut other);
        assert_eq!(other, b"%PDF no catalog /Direction/L2R");
    }

    proptest::proptest! {
        #[test]
        fn any_text_gives_units_typst_reads_as_data(t in "\\PC{0,40}") {
            let u = units(&plan(), &[Rich::Text(t.clone())]);
            let tree = typst::syntax::parse_code(&u);
            proptest::prop_assert!(tree.errors_and_warnings().0.is_empty(), "{} -> {}", t, u);
        }
    }
}
