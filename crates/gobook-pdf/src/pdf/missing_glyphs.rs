//! The fonts of one language's PDF, found for what it prints (`super::printed_text`); and
//! when a character is in no font, an error at its place in the book, as every problem of
//! a book is reported: file, line, column and the source line, naming the character (its
//! glyph and U+ code), where fonts were looked for and what to do.

use super::fonts::{self, FontError, FontFolders, Fonts, Lacking};
use super::printed_text::{self, Origin, Printed};
use super::typeset::Print;
use crate::check::Checked;
use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::format::schema::ElementKind;
use crate::layout::book::LaidLanguage;
use crate::project::build::BuildError;
use crate::span::Span;

/// Characters reported each at its own place; the first error names how many more there are.
const PLACED: usize = 8;

/// The fonts for the PDF of language `l`: the bundled ones and those found for what else it
/// prints; else the error at the first places of the characters no font has.
pub fn fonts_for(p: &Print, l: &LaidLanguage) -> Result<Fonts, BuildError> {
    let checked = p.input.book.checked;
    let printed = printed_text::of(checked, l);
    let folders = FontFolders::of_this_machine();
    let named = p.settings.cjk_font.as_deref();
    match fonts::for_chars(printed.chars(), named, p.input.book_dir, &folders) {
        Ok(f) => Ok(f),
        Err(FontError::Setting(why)) => Err(BuildError::Print(why)),
        Err(FontError::Lacking(lacking)) => Err(error(p, &l.plan.lang, &printed, &lacking)),
    }
}

/// A character no font has, at its place: in the book (`file` None) or an included file.
struct Placed {
    file: Option<usize>,
    span: Span,
    c: char,
    words: bool,
}

/// The error for the characters of `lacking` in the PDF of `lang`: the first
/// [`PLACED`] of them, in the order of the book, each at the place it is first printed
/// from, in the first file that holds any.
fn error(p: &Print, lang: &str, printed: &Printed, lacking: &Lacking) -> BuildError {
    let checked = p.input.book.checked;
    let mut placed: Vec<Placed> = lacking
        .chars
        .iter()
        .map(|&c| {
            let origin = printed.origin(c).unwrap_or(Origin::Words);
            let (file, span) = place(checked, origin, c, lang);
            Placed {
                file,
                span,
                c,
                words: origin == Origin::Words,
            }
        })
        .collect();
    // The book's text before gobook's own words: a place in it says more.
    placed.sort_by_key(|x| (x.file.is_some(), x.file, x.words, x.span.start, x.c));
    let first_file = placed.first().and_then(|x| x.file);
    let all = placed.len();
    let shown: Vec<&Placed> = placed
        .iter()
        .filter(|x| x.file == first_file)
        .take(PLACED)
        .collect();
    let diagnostics = shown
        .iter()
        .enumerate()
        .map(|(i, x)| Diagnostic {
            severity: Severity::Error,
            span: x.span,
            code: Code::NoFont,
            message: if i == 0 {
                first_message(lang, x, &placed, all, lacking)
            } else {
                format!(
                    "the `{lang}` PDF cannot print {} either: no font has it",
                    shown_char(x.c)
                )
            },
        })
        .collect();
    let (name, text) = match first_file.and_then(|i| checked.included.get(i)) {
        Some(f) => (f.name.clone(), f.text.clone()),
        None => (
            p.input.opts.book.display().to_string(),
            p.input.opts.text.to_string(),
        ),
    };
    BuildError::Content {
        name,
        text,
        diagnostics,
    }
}

/// The first error's message: the character, how many others there are, where gobook
/// looked and what to do.
fn first_message(
    lang: &str,
    x: &Placed,
    placed: &[Placed],
    all: usize,
    lacking: &Lacking,
) -> String {
    let what = if x.words {
        format!(
            "the `{lang}` PDF prints gobook's own words in that language, and cannot print {} of them",
            shown_char(x.c)
        )
    } else {
        format!("the `{lang}` PDF cannot print {}", shown_char(x.c))
    };
    let nor = if x.words { " nor" } else { ", nor" };
    let others = match all - 1 {
        0 => String::new(),
        n => {
            let list: Vec<String> = placed
                .iter()
                .filter(|o| o.c != x.c)
                .take(12)
                .map(|o| shown_char(o.c))
                .collect();
            let more = if n > 12 { ", ..." } else { "" };
            format!(
                "{nor} {n} other character{} ({}{more})",
                if n == 1 { "" } else { "s" },
                list.join(", ")
            )
        }
    };
    format!(
        "{what}{others}: no font has {} (searched: {}); {}",
        if all == 1 { "it" } else { "them" },
        lacking.searched(),
        lacking.what_to_do(all > 1)
    )
}

/// A character for a message: its glyph and code, `` `頁` (U+9801) ``.
fn shown_char(c: char) -> String {
    format!("`{c}` (U+{:04X})", c as u32)
}

/// Where character `c` printed from `origin` stands: in the element's own text for the
/// language (its value, its attributes of no language or of `lang`), else anywhere in the
/// element, else in the book's own text for the language, else at the element's name;
/// gobook's own words at the book's `lang` tag. The file is the
/// included file the element is in (its index), None for the book.
fn place(checked: &Checked, origin: Origin, c: char, lang: &str) -> (Option<usize>, Span) {
    let book_element = || {
        checked
            .doc
            .elements
            .iter()
            .position(|e| e.kind == ElementKind::Book)
    };
    let (element, span) = match origin {
        Origin::Element(e) => (Some(e), element_place(checked, e, c, lang)),
        Origin::Words => {
            let e = book_element();
            (
                e,
                e.map_or(Span::new(0, 0), |e| language_tag(checked, e, lang)),
            )
        }
    };
    let Some(file) = element.and_then(|e| {
        let at = checked.doc.elements.get(e)?.span.start;
        checked.included.iter().position(|f| f.holds(at))
    }) else {
        return (None, span);
    };
    (Some(file), checked.included[file].local(span))
}

/// The first place of `c` in element `e`'s text for `lang` (see [`place`]); a standard text
/// that quotes the book's information (`#title#`) is found in the book's attributes.
fn element_place(checked: &Checked, e: usize, c: char, lang: &str) -> Span {
    let Some(el) = checked.doc.elements.get(e) else {
        return Span::new(0, 0);
    };
    let book = checked
        .doc
        .elements
        .iter()
        .find(|b| b.kind == ElementKind::Book);
    let mut spans = own_text(el, lang);
    spans.push(el.span);
    spans.extend(book.map(|b| own_text(b, lang)).unwrap_or_default());
    for s in spans {
        let Some(text) = checked.src.get(s.start as usize..s.end as usize) else {
            continue;
        };
        if let Some(at) = text.find(c) {
            let start = s.start as usize + at;
            return Span::new(start, start + c.len_utf8());
        }
    }
    el.name_span
}

/// Where element `el`'s text for `lang` stands: its attributes of no language or of `lang`
/// and its value, in the order of the source.
fn own_text(el: &crate::format::syntax::Element, lang: &str) -> Vec<Span> {
    let mut spans: Vec<Span> = el
        .attrs
        .iter()
        .filter(|a| a.langs().next().is_none() || a.langs().any(|l| l == lang))
        .map(|a| a.value_span)
        .chain(el.value.as_ref().map(|v| v.span))
        .collect();
    spans.sort_by_key(|s| s.start);
    spans
}

/// The `lang` tag after element `e`'s name (`ja` of `::book_en_ja`), else its name.
fn language_tag(checked: &Checked, e: usize, lang: &str) -> Span {
    let Some(el) = checked.doc.elements.get(e) else {
        return Span::new(0, 0);
    };
    let after = el.name_span.end as usize;
    let rest = checked.src.get(after..).unwrap_or("");
    let tags = &rest[..rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len())];
    let mut at = 0;
    for tag in tags.split('_') {
        if tag == lang {
            let start = after + at;
            return Span::new(start, start + tag.len());
        }
        at += tag.len() + 1;
    }
    el.name_span
}
