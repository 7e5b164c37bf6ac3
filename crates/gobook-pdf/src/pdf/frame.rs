//! The frame around a book's chapters in print: the document's settings and metadata,
//! page size and margins, the running heads, then the title page, the copyright page
//! and the contents (`frame.typ` holds the typst functions the chapters call).

use super::escape::{markup, string};
use super::settings::Settings;

/// The typst functions of the frame.
const FRAME: &str = include_str!("frame.typ");

/// What the front matter prints, in the PDF's language.
pub struct Front<'a> {
    /// The book's title.
    pub title: &'a str,
    /// Its subtitle.
    pub subtitle: Option<&'a str>,
    /// Its author.
    pub author: Option<&'a str>,
    /// Its publisher.
    pub publisher: Option<&'a str>,
    /// Its copyright line.
    pub copyright: Option<&'a str>,
    /// The typst language code (`en`, `ja`, `zh`...).
    pub lang: &'a str,
    /// The typst region, where the language needs one (`CN`, `TW`).
    pub region: Option<&'a str>,
    /// The word for "contents".
    pub contents: &'a str,
    /// The abbreviation of "page" before a page number.
    pub page_word: &'a str,
    /// The family for characters the text font lacks (CJK), if any.
    pub extra_font: Option<&'a str>,
    /// The year the book was printed (`SOURCE_DATE_EPOCH`).
    pub year: i32,
    /// The chapters the contents list: each one's title, short title (the running
    /// heads') and the key of its label.
    pub chapters: Vec<(&'a str, &'a str, String)>,
    /// The label of the book's own contents chapter, which the printed contents stands for.
    pub contents_key: Option<String>,
}

/// The typst source before the first chapter: settings, functions, front matter.
pub fn preamble(f: &Front, s: &Settings) -> String {
    let mut out = head(f, s, None);
    out.push_str(&front_matter(f));
    out
}

/// What the link to a label of another part is, until the parts are joined: an address
/// no reader opens, which `super::join` turns into a link to the label's place.
pub const AWAY_LINK: &str = "gobook-label:";

/// Where a part of a book typeset in parts stands in it (`super::parts`).
pub struct PartPlace<'a> {
    /// The number of the book's pages before the part's first.
    pub offset: usize,
    /// The book's page of each label of another part the part names.
    pub known: &'a [(String, usize)],
    /// The chapters (indices into [`Front::chapters`]) its running heads can name: the one
    /// before its first, its own, and the one after. Each page's running head captures
    /// the list, and typst hashes what a function captures on every call, so a list of
    /// the whole book made a part's layout grow with the book (a 20 MB book of 4,001
    /// chapters spent a fifth of its time hashing it).
    pub chapters: std::ops::Range<usize>,
}

/// The title page, the copyright page and the contents.
pub fn front_matter(f: &Front) -> String {
    let mut out = title_page(f);
    out.push_str(&contents(f));
    out
}

/// The typst source every part of a book starts with: its settings and functions, and
/// the page's furniture; `part` for a part of a book typeset in parts.
pub fn head(f: &Front, s: &Settings, part: Option<&PartPlace>) -> String {
    let mut fonts = vec![string(super::fonts::TEXT_FAMILY)];
    if let Some(x) = f.extra_font {
        fonts.push(string(x));
    }
    fonts.push(string(super::fonts::DIAGRAM_FAMILY));
    let fonts = format!("({},)", fonts.join(", "));
    let authors = f
        .author
        .map(|a| format!("{},", string(a)))
        .unwrap_or_default();
    let region = f
        .region
        .map(|r| format!(", region: {}", string(r)))
        .unwrap_or_default();
    let mut out = format!(
        "#let gb-title = {title}\n#let gb-page-word = {page}\n#let gb-right-hand = {right}\n\
         #let gb-front = 3\n#let gb-embolden = none\n#let gb-fonts = {fonts}\n#let gb-diagram-font = {dia}\n\
         #let gb-ref-around = {around}\n#let gb-number-first = {first}\n#let gb-colon = {colon}\n\
         #set document(title: gb-title, author: ({authors}))\n\
         #set text(font: gb-fonts, size: {size}pt, lang: {lang}{region}, hyphenate: true{tight})\n",
        title = string(f.title),
        page = string(f.page_word),
        right = s.right_hand_chapters,
        dia = string(super::fonts::DIAGRAM_FAMILY),
        lang = string(f.lang),
        size = s.text_pt(),
        // Chinese, Japanese and Korean put the page's number before its word: "12頁".
        first = matches!(f.lang, "ja" | "zh" | "ko"),
        // Japanese and Chinese set a hint's word with a full-width colon ("ヒント："), and
        // numbers and Latin words close to the characters around them ("黒1と", "6頁"), as
        // Go books in those languages print them: not a quarter em apart, typst's default.
        colon = string(if matches!(f.lang, "ja" | "zh") {
            "："
        } else {
            ": "
        }),
        tight = if matches!(f.lang, "ja" | "zh") {
            ", cjk-latin-spacing: none"
        } else {
            ""
        },
        // What sets a page reference after a link: ", p. 12", or "（p. 12）" in unspaced text.
        around = if matches!(f.lang, "ja" | "zh") {
            "(\"（\", \"）\")"
        } else {
            "(\", \", \"\")"
        },
    );
    // Each chapter's short title and key, for the running heads (see `gb-head`).
    // A part holds only the chapters its pages can name (`PartPlace::chapters`).
    let held = part.map_or(0..f.chapters.len(), |p| {
        p.chapters.start.min(f.chapters.len())..p.chapters.end.min(f.chapters.len())
    });
    let chapters: String = f.chapters[held.clone()]
        .iter()
        .map(|(_, short, key)| format!("({}, {}), ", string(short), string(key)))
        .collect();
    out.push_str(&format!(
        "#let gb-chapters = ({chapters})\n#let gb-chapters-from = {}\n#let gb-chapter-total = {}\n",
        held.start,
        f.chapters.len()
    ));
    out.push_str(&part_lets(part));
    // Where the text block ends, from the trimmed page's top (where typst measures a
    // position from, bleed or not), for a board that fits what is left of a page
    // (`gb-figure`'s `fit`).
    let end = s.trim.height - super::settings::BOTTOM_MARGIN;
    out.push_str(&format!("#let gb-text-bottom = {end:.2}mm\n"));
    out.push_str(FRAME);
    // The page's furniture calls the frame's functions: set after them.
    out.push_str(&page_settings(s));
    out
}

/// The values the frame reads of where a part stands (see `gb-book-page` in `frame.typ`).
fn part_lets(part: Option<&PartPlace>) -> String {
    let (offset, known) = part.map_or((0, &[][..]), |p| (p.offset, p.known));
    let known: String = if known.is_empty() {
        ":".into()
    } else {
        known
            .iter()
            .map(|(key, page)| format!("{}: {page}, ", string(key)))
            .collect()
    };
    format!(
        "#let gb-parted = {}\n#let gb-offset = {offset}\n#let gb-known = ({known})\n#let gb-away-link = {}\n",
        part.is_some(),
        string(AWAY_LINK)
    )
}

/// The contents page: its heading, and each chapter's title with the key of its label,
/// known before typst lays anything out (see `gb-contents` in `frame.typ`).
fn contents(f: &Front) -> String {
    let entries: String = f
        .chapters
        .iter()
        .map(|(title, _, key)| format!("({}, {}), ", string(title), string(key)))
        .collect();
    let key = f.contents_key.as_deref().map_or("none".into(), string);
    format!(
        "\n#gb-contents([{}], ({entries}), key: {key})\n",
        markup(f.contents)
    )
}

/// The page's size, margins for binding, bleed and crop marks, and its furniture.
fn page_settings(s: &Settings) -> String {
    let (inner, outer) = s.margins;
    // The bleed and the marks lie outside the trim: typst's bleed holds both, and the
    // PDF's TrimBox says where the page is cut.
    let out = s.bleed + s.slug();
    let marks = if s.crop_marks {
        format!(
            ", background: gb-crop-marks({out:.2}mm, {:.2}mm, {:.2}mm)",
            s.bleed + super::settings::CROP_MARK_GAP,
            super::settings::CROP_MARK_LENGTH
        )
    } else {
        String::new()
    };
    format!(
        "\n#set page(width: {w}mm, height: {h}mm, bleed: {out:.2}mm, margin: (inside: {inner:.1}mm, outside: {outer:.1}mm, top: {top}mm, bottom: {bottom}mm), header: gb-head(), footer: gb-foot(){marks})\n",
        w = s.trim.width,
        h = s.trim.height,
        top = super::settings::TOP_MARGIN,
        bottom = super::settings::BOTTOM_MARGIN,
    )
}

/// The title page and, on its back, the copyright page.
fn title_page(f: &Front) -> String {
    let line = |size: &str, text: Option<&str>, gap: &str| {
        text.filter(|t| !t.trim().is_empty())
            .map(|t| {
                format!(
                    "#block(below: {gap}, text(size: {size})[#par[{}]])\n",
                    markup(t)
                )
            })
            .unwrap_or_default()
    };
    let mut out = String::from("\n#page(header: none, footer: none)[#set align(center)\n#v(25%)\n");
    // The title is the document's first heading, of level 1, as PDF/UA asks; it leads
    // neither the contents nor the bookmarks. Its size folds into the level-1 heading's
    // 1.6em: 1.375em of that is 2.2 times the text.
    out.push_str(&format!(
        "#[#show heading: set text(size: 1.375em, weight: \"regular\")\n#show heading: it => block(below: 1.2em, it.body)\n#heading(level: 1, outlined: false, bookmarked: false)[{}]]\n",
        markup(f.title)
    ));
    out.push_str(&line("1.3em", f.subtitle, "3em"));
    out.push_str(&line("1.2em", f.author, "1em"));
    out.push_str("#v(1fr)\n");
    out.push_str(&line("1em", f.publisher, "0pt"));
    out.push_str("]\n#page(header: none, footer: none)[#set text(size: 0.85em)\n#v(1fr)\n");
    out.push_str(&line("1em", Some(f.title), "0.5em"));
    out.push_str(&line("1em", f.author, "0.5em"));
    fn given(t: Option<&str>) -> Option<&str> {
        t.filter(|c| !c.trim().is_empty())
    }
    match given(f.copyright) {
        Some(c) => out.push_str(&line("1em", Some(c), "0.5em")),
        // A year with no holder says nothing: without an author or publisher, no line.
        None => {
            if let Some(who) = given(f.author).or(given(f.publisher)) {
                out.push_str(&line("1em", Some(&format!("© {} {who}", f.year)), "0.5em"));
            }
        }
    }
    out.push_str(&line("1em", f.publisher, "0.5em"));
    out.push_str("#block(above: 1em)[#par[Typeset with gobook.]]\n]\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copyright_line_names_its_holder_or_is_left_out() {
        let front = |author: Option<&'static str>, copyright: Option<&'static str>| Front {
            title: "Problems",
            subtitle: None,
            author,
            publisher: None,
            copyright,
            lang: "en",
            region: None,
            contents: "Contents",
            page_word: "p.",
            extra_font: None,
            year: 2023,
            chapters: Vec::new(),
            contents_key: None,
        };
        assert!(!title_page(&front(None, None)).contains('©'));
        assert!(title_page(&front(Some("Ann Teacher"), None)).contains("© 2023 Ann Teacher"));
        let given = title_page(&front(None, Some("Copyright 1996 Kiseido")));
        assert!(
            given.contains("Copyright 1996 Kiseido") && !given.contains("©"),
            "{given}"
        );
    }

    #[test]
    fn the_books_words_are_text_in_the_frame_never_code() {
        let f = Front {
            title: "#panic(\"x\") ] [",
            subtitle: Some("= not a heading"),
            author: Some("\"); #panic(); (\""),
            publisher: None,
            copyright: None,
            lang: "en",
            region: None,
            contents: "Contents",
            page_word: "p.",
            extra_font: None,
            year: 2024,
            chapters: vec![("#panic() ]", "#panic() [", "3/".into())],
            contents_key: Some("#panic()\")".into()),
        };
        let s = Settings::from_config(&Default::default());
        let src = preamble(&f, &s);
        let tree = typst::syntax::parse(&src);
        assert!(tree.errors_and_warnings().0.is_empty());
        // The title page shows the title as escaped text; the typeset PDF is tested in `build`.
        assert!(src.contains(r#"\#panic\(\"x\"\) \] \["#), "{src}");
    }
}
