//! A player: one diagram as a fragment of HTML for a page gobook did not write (`gobook svg
//! --format html`, an `interactive` block of `gobook md` and the mdBook preprocessor).
//!
//! It is the site's replay, not a second one: the figure as the site writes it (the board's
//! SVG, its `data-gb` JSON and caption), the interface words in the diagram's language, and
//! the site's own script and style sheets inline, so the fragment asks nothing of any other
//! site. Several fragments share a page: the script runs once, guarded by a global, and sets
//! up every figure; each fragment's words are its own (found from its figure, so two languages
//! can stand side by side); its style sheet goes once into the page's head, scoped to
//! `.gb-player`; and the fragment has no `id` at all, so including it twice clashes with
//! nothing (its SVG draws each arrow head rather than defining one marker to share).

use crate::check::Checked;
use crate::i18n::html_lang;
use crate::layout::links::LinkContext;
use crate::layout::plan::Plan;
use crate::layout::reads::question_of;
use crate::markup::{blocks::figcaption, interactive, rich, Dialect};
use crate::resolve::caption::caption_lines;
use crate::resolve::model::Diagram;
use crate::resolve::text::Rich;
use maud::{html, Markup, PreEscaped};

/// The site's script, byte for byte as the site carries it.
const SCRIPT: &str = include_str!("../../../../themes/default/gobook.js");
/// The site's board colours, read on the player instead of the page's root.
const BOARD_CSS: &str = include_str!("../../../../themes/default/board.css");
/// The site's rules for what the script adds (controls, feedback, live board).
const INTERACTIVE_CSS: &str = include_str!("../../../../themes/default/interactive.css");
/// The player's own card: the theme's colours and type, scoped to it.
const PLAYER_CSS: &str = include_str!("../../../../themes/default/player.css");

/// The global the first player on a page sets, so that the script and style sheet of the
/// others do not run again (the script sets up every figure of the page at once).
pub const GUARD: &str = "gbPlayer";

/// A comment of a game, shown with the move it follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The number of the move it follows, as the diagram numbers moves; the number before
    /// the first move shown for the position it starts from (0: the game's start).
    pub at: u32,
    /// The comment, as plain text.
    pub text: String,
}

/// The player's style sheet: the site's board and interactive rules, whose `:root` is the
/// player here (a page gobook did not write keeps its own root), then the player's card.
pub fn style_sheet() -> String {
    let mut css = String::with_capacity(BOARD_CSS.len() + INTERACTIVE_CSS.len() + PLAYER_CSS.len());
    for part in [BOARD_CSS, INTERACTIVE_CSS, PLAYER_CSS] {
        css.push_str(&part.replace(":root", ".gb-player"));
        css.push('\n');
    }
    css
}

/// The script element's text: on the page's first player, the style sheet put into the
/// head and the site's script run; on the others, nothing.
fn script_text() -> String {
    // A JSON string is a JavaScript string; `</` written `<\/` so no text ends the element.
    let css = serde_json::to_string(&style_sheet())
        .unwrap_or_default()
        .replace("</", "<\\/");
    // Without its empty lines, which would end the HTML block a Markdown page holds the
    // fragment in (the script has no string across lines, so that changes nothing it does).
    let script = without_empty_lines(SCRIPT) + "\n";
    format!(
        "if (!self.{GUARD}) {{\nself.{GUARD} = true;\n\
         document.head.append(Object.assign(document.createElement('style'), {{ textContent: {css} }}));\n\
         {script}}}\n"
    )
}

/// `text` without its empty lines (the board's SVG: a description the author wrote on
/// several lines), for the HTML block of a Markdown page, which an empty line would end.
fn without_empty_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines.join("\n")
}

/// The paragraphs of a comment: its text between empty lines, each trimmed (an empty line
/// in the fragment would end the HTML block of a Markdown page that holds it).
fn paragraphs(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in text.lines().map(str::trim) {
        match (line.is_empty(), open) {
            (true, _) => open = false,
            (false, true) => {
                if let Some(p) = out.last_mut() {
                    p.push('\n');
                    p.push_str(line);
                }
            }
            (false, false) => {
                out.push(line.to_string());
                open = true;
            }
        }
    }
    out
}

/// `rich` without what would ask for a file: an image is its caption's words (in `lang`),
/// since the fragment stands on a page whose files gobook does not know.
fn without_images(rich: &[Rich], lang: &str) -> Vec<Rich> {
    let inner = |c: &[Rich]| without_images(c, lang);
    rich.iter()
        .map(|r| match r {
            Rich::Image { image, .. } => {
                Rich::Text(image.caption.get(lang).unwrap_or("").to_string())
            }
            Rich::Bold(c) => Rich::Bold(inner(c)),
            Rich::Italic(c) => Rich::Italic(inner(c)),
            Rich::Styled { style, content } => Rich::Styled {
                style: *style,
                content: inner(content),
            },
            Rich::Link { target, content } => Rich::Link {
                target: target.clone(),
                content: inner(content),
            },
            Rich::Diagram { diagram, content } => Rich::Diagram {
                diagram: *diagram,
                content: inner(content),
            },
            Rich::Lang { lang: l, content } => Rich::Lang {
                lang: l.clone(),
                content: inner(content),
            },
            other => other.clone(),
        })
        .collect()
}

/// A problem's question as the site writes it (bold, italic, symbols, labels, breaks,
/// escaped), its links and inline diagrams their words alone: the fragment leads nowhere
/// and holds no other diagram.
fn question_markup(rich: &[Rich], lang: &str) -> Markup {
    let plan = Plan {
        lang: lang.to_string(),
        pages: Vec::new(),
        contents: None,
        anchors: Default::default(),
        vertical: false,
    };
    let no_anchor = |_: usize| String::new();
    let cx = LinkContext {
        plan: &plan,
        all: &[],
        chapter: None,
        multi: false,
        inline_anchor: &no_anchor,
        root: "",
        renamed: &[],
    };
    let markup = rich::render_unlinked(&without_images(rich, lang), &cx, Dialect::Html);
    // No empty line, which would end the HTML block of a Markdown page holding the player
    // (in HTML a line break is a space all the same).
    PreEscaped(without_empty_lines(&markup.into_string()))
}

/// The player of diagram `d` of the checked book in `lang`: `svg` is its board, drawn
/// standalone (it shows without the script or the style sheet), `comments` the game's,
/// `width` the widest it is shown, in CSS pixels (else its column's width, up to the style
/// sheet's cap). A problem's question (the diagram's text) stands under the caption, as on
/// the site, in the site's inline markup.
pub fn fragment(
    checked: &Checked,
    d: &Diagram,
    lang: &str,
    svg: &str,
    comments: &[Comment],
    width: Option<u32>,
) -> String {
    let book = &checked.resolved.book;
    let lines = caption_lines(book, d, lang);
    let question = question_of(checked, d, lang)
        .filter(|q| !q.is_empty())
        .map(|q| question_markup(&q, lang));
    let kind = d.role.name();
    // Still no wider than its column.
    let style = width.map(|w| format!("max-width:min(100%,{w}px)"));
    let notes = (!comments.is_empty()).then(|| {
        html! {
            ol.gb-comments {
                @for c in comments {
                    li data-gb-at=(c.at) {
                        // The start's comment has no move to name.
                        @if c.at > 0 { span.gb-at { (c.at) } }
                        // A line between paragraphs, so that their text read aloud does not run on.
                        div.gb-note { @for (i, p) in paragraphs(&c.text).iter().enumerate() { @if i > 0 { "\n" } p { (p) } } }
                    }
                }
            }
        }
    });
    let markup = html! {
        div.gb-player lang=(html_lang(lang)) style=[style] {
            "\n"
            figure class={ "gb-fig gb-" (kind) } data-gb=[interactive::data(book, d, lang)] {
                "\n" (PreEscaped(without_empty_lines(svg))) "\n"
                (figcaption(&lines, question, notes))
            }
            "\n"
            script.gb-ui type="application/json" { (PreEscaped(interactive::ui_json(lang))) }
            "\n"
            script { (PreEscaped(script_text())) }
            "\n"
        }
    };
    markup.into_string() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_inline_ends_the_script_element_early() {
        let text = script_text().to_ascii_lowercase();
        assert!(!text.contains("</script"), "a `</script` in the script");
        assert!(!text.contains("<!--"), "a `<!--` in the script");
    }

    #[test]
    fn the_script_has_no_string_across_lines_so_its_empty_lines_can_go() {
        // A template literal is the one string that spans lines: its backticks pair up on
        // every line, so none is open at a line's end.
        for (i, line) in SCRIPT.lines().enumerate() {
            let ticks = line.matches('`').count();
            assert!(
                ticks % 2 == 0,
                "gobook.js:{}: a template literal across lines",
                i + 1
            );
        }
        assert!(!script_text().lines().any(|l| l.trim().is_empty()));
    }

    #[test]
    fn the_style_sheet_keeps_off_the_pages_root() {
        let css = style_sheet();
        assert!(!css.contains(":root"));
        assert!(css.contains(".gb-player {\n  --gb-board"));
    }
}
