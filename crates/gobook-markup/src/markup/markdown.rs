//! An included Markdown file (the page model's [`Document`]) as HTML or XHTML. The
//! document is given back to pulldown-cmark as the events it was read from and written by
//! its HTML writer, so the site and the e-book show it as they always have; what the book's
//! rules decided (raw HTML as text, refused addresses) is already in the document.
//! pulldown-cmark closes its void elements (`<br />`, `<img ... />`), so its HTML is also XHTML.

use crate::format::values::is_external;
use crate::layout::links::LinkContext;
use crate::layout::markdown::{Align, Block, Document, ImageSource, Inline};
use crate::markup::Dialect;
use maud::{Markup, PreEscaped};
use pulldown_cmark::{Alignment, CodeBlockKind, CowStr, Event, HeadingLevel, LinkType, Tag};

/// `doc` as markup of `dialect` on the page `cx` leads from. A link whose address was
/// refused keeps its words, marked as not available, as does a relative link in XHTML (an
/// e-book holds none of the site's pages it may lead to); a local image is found from the page
/// as the book's own are (`cx.local_url`); in XHTML a web image shows its description, as
/// an e-book holds every image it shows.
pub fn markdown(doc: &Document, dialect: Dialect, cx: &LinkContext) -> Markup {
    let mut w = Events {
        dialect,
        cx,
        out: Vec::new(),
    };
    for b in &doc.blocks {
        w.block(b);
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, w.out.into_iter());
    PreEscaped(html)
}

/// The events a document is written as.
struct Events<'d, 'c> {
    dialect: Dialect,
    cx: &'c LinkContext<'c>,
    out: Vec<Event<'d>>,
}

impl<'d> Events<'d, '_> {
    fn around(&mut self, tag: Tag<'d>, inner: impl FnOnce(&mut Self)) {
        let end = tag.to_end();
        self.out.push(Event::Start(tag));
        inner(self);
        self.out.push(Event::End(end));
    }

    fn blocks(&mut self, blocks: &'d [Block]) {
        for b in blocks {
            self.block(b);
        }
    }

    fn block(&mut self, b: &'d Block) {
        match b {
            Block::Para(c) => self.around(Tag::Paragraph, |w| w.inlines(c)),
            Block::Tight(c) => self.inlines(c),
            Block::Heading {
                level,
                tag_level,
                content,
            } => {
                // Tagged a level above its own, it keeps its own level's look.
                let classes = if tag_level == level {
                    Vec::new()
                } else {
                    vec![format!("gb-h{}", (*level).clamp(1, 6)).into()]
                };
                let tag = Tag::Heading {
                    level: heading_level(*tag_level),
                    id: None,
                    classes,
                    attrs: Vec::new(),
                };
                self.around(tag, |w| w.inlines(content));
            }
            Block::List { start, items } => self.around(Tag::List(*start), |w| {
                for item in items {
                    w.around(Tag::Item, |w| w.blocks(item));
                }
            }),
            Block::Table { align, head, rows } => {
                let tag = Tag::Table(align.iter().map(|a| alignment(*a)).collect());
                self.around(tag, |w| {
                    w.around(Tag::TableHead, |w| w.cells(head));
                    for row in rows {
                        w.around(Tag::TableRow, |w| w.cells(row));
                    }
                });
            }
            Block::Code { lang, text } => {
                let tag = Tag::CodeBlock(CodeBlockKind::Fenced(CowStr::Borrowed(lang)));
                self.around(tag, |w| w.out.push(Event::Text(CowStr::Borrowed(text))));
            }
            Block::Quote(blocks) => self.around(Tag::BlockQuote(None), |w| w.blocks(blocks)),
            Block::Rule => self.out.push(Event::Rule),
            Block::RawHtml(text) => self.around(Tag::HtmlBlock, |w| {
                w.out.push(Event::Text(CowStr::Borrowed(text)))
            }),
            Block::Footnote { label, blocks, .. } => {
                let tag = Tag::FootnoteDefinition(CowStr::Borrowed(label));
                self.around(tag, |w| w.blocks(blocks));
            }
        }
    }

    fn cells(&mut self, cells: &'d [Vec<Inline>]) {
        for c in cells {
            self.around(Tag::TableCell, |w| w.inlines(c));
        }
    }

    fn inlines(&mut self, inlines: &'d [Inline]) {
        for i in inlines {
            self.inline(i);
        }
    }

    fn inline(&mut self, i: &'d Inline) {
        let text = |t: &'d str| Event::Text(CowStr::Borrowed(t));
        match i {
            Inline::Text(t) => self.out.push(text(t)),
            Inline::Code(t) => self.out.push(Event::Code(CowStr::Borrowed(t))),
            Inline::Emphasis(c) => self.around(Tag::Emphasis, |w| w.inlines(c)),
            Inline::Strong(c) => self.around(Tag::Strong, |w| w.inlines(c)),
            Inline::Strikethrough(c) => self.around(Tag::Strikethrough, |w| w.inlines(c)),
            // An e-book holds no page a relative link of the site leads to: its words stay.
            Inline::Link {
                url: Some(url),
                title,
                content,
            } if self.dialect == Dialect::Html || is_external(url) => {
                let tag = Tag::Link {
                    link_type: LinkType::Inline,
                    dest_url: CowStr::Borrowed(url),
                    title: CowStr::Borrowed(title),
                    id: CowStr::Borrowed(""),
                };
                self.around(tag, |w| w.inlines(content));
            }
            Inline::Link { content, .. } => {
                self.out.push(Event::Html(CowStr::Borrowed(
                    "<span class=\"gb-link-disabled\" title=\"not available\">",
                )));
                self.inlines(content);
                self.out.push(Event::Html(CowStr::Borrowed("</span>")));
            }
            Inline::Image { src, title, alt } => {
                let dest = match src {
                    ImageSource::Local(path) => Some(self.cx.local_url(path)),
                    ImageSource::Web(url) if self.dialect == Dialect::Html => Some(url.clone()),
                    // An e-book holds every image it shows: a web image is its description.
                    ImageSource::Web(_) | ImageSource::Refused => None,
                };
                match dest {
                    Some(dest) => {
                        let tag = Tag::Image {
                            link_type: LinkType::Inline,
                            dest_url: CowStr::from(dest),
                            title: CowStr::Borrowed(title),
                            id: CowStr::Borrowed(""),
                        };
                        self.around(tag, |w| w.out.push(text(alt)));
                    }
                    None => self.out.push(text(alt)),
                }
            }
            Inline::SoftBreak => self.out.push(Event::SoftBreak),
            Inline::HardBreak => self.out.push(Event::HardBreak),
            Inline::FootnoteRef { label, .. } => self
                .out
                .push(Event::FootnoteReference(CowStr::Borrowed(label))),
        }
    }
}

fn heading_level(level: u8) -> HeadingLevel {
    match level {
        0 | 1 => HeadingLevel::H1,
        2 => HeadingLevel::H2,
        3 => HeadingLevel::H3,
        4 => HeadingLevel::H4,
        5 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    }
}

fn alignment(a: Align) -> Alignment {
    match a {
        Align::None => Alignment::None,
        Align::Left => Alignment::Left,
        Align::Center => Alignment::Center,
        Align::Right => Alignment::Right,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::markdown::parse;
    use crate::layout::plan::Plan;

    /// `text` parsed and written in `dialect` from a page `root` leads to the site's root from.
    fn written(text: &str, dialect: Dialect, root: &str) -> String {
        let plan = Plan {
            lang: "en".into(),
            pages: vec![],
            contents: None,
            anchors: Default::default(),
            vertical: false,
        };
        let cx = LinkContext {
            plan: &plan,
            all: &[],
            chapter: None,
            multi: false,
            inline_anchor: &crate::layout::links::inline_anchor,
            root,
            renamed: &[],
        };
        markdown(&parse(text), dialect, &cx).into_string()
    }

    /// pulldown-cmark's own HTML of `text`, read with gobook's options.
    fn pulldown(text: &str) -> String {
        let mut s = String::new();
        let parser =
            pulldown_cmark::Parser::new_ext(text, crate::project::includes::markdown_options());
        pulldown_cmark::html::push_html(&mut s, parser);
        s
    }

    #[test]
    fn what_has_no_raw_html_nor_address_is_pulldown_cmarks_own_html() {
        let text = "# Preface\n\nSome *emphasis*, **strong**, ~~struck~~ and `code`.  \nA break.\n\n\
                    - one\n- two\n  1. nested\n  2. again\n\n3. from three\n4. four\n\n\
                    - loose\n\n- items\n\n\
                    | Left | Mid | Right | None |\n|:--|:-:|--:|---|\n| a | b | c | d |\n| *e* | f |\n\n\
                    ```rust extra\nfn main() { println!(\"<hi>\"); }\n```\n\n    indented & code\n\n\
                    > A quote\n> > nested\n\n---\n\nA note[^n] and another[^m].\n\n[^m]: M.\n[^n]: N *it*.\n\n\
                    [a link](https://example.org \"T\") <https://x.org> <me@example.org>\n";
        assert_eq!(written(text, Dialect::Html, ""), pulldown(text));
    }

    #[test]
    fn markdown_escapes_raw_html() {
        let m = written(
            "# Preface\n\n<script>alert(1)</script>\n\nSome **bold** text, and <b>inline</b> html.",
            Dialect::Html,
            "",
        );
        assert!(m.contains("<h1>Preface</h1>"));
        assert!(m.contains("&lt;script&gt;"));
        assert!(m.contains("<strong>bold</strong>"));
        assert!(m.contains("&lt;b&gt;inline"));
        assert!(!m.contains("<script") && !m.contains("<b>"), "{m}");
    }

    #[test]
    fn markdown_links_and_images_follow_the_books_link_rule() {
        let m = written(
            "[ok](https://example.org) [rel](chapter.html#x) [bad](javascript:alert(1)) [data](data:text/html,x) [vb](VBScript:x) <javascript:alert(2)>\n\n\
             ![pic](pic.png) ![evil](javascript:alert(3)) ![blob](data:image/svg+xml,x) ![none]()",
            Dialect::Html,
            "",
        );
        assert!(m.contains(r#"<a href="https://example.org">ok</a>"#), "{m}");
        assert!(m.contains(r#"<a href="chapter.html#x">rel</a>"#), "{m}");
        assert!(
            m.contains(r#"<span class="gb-link-disabled" title="not available">bad</span>"#),
            "{m}"
        );
        assert!(m.contains(r#"<img src="pic.png" alt="pic" />"#), "{m}");
        let lower = m.to_ascii_lowercase();
        for scheme in ["javascript:", "data:", "vbscript:"] {
            assert!(
                !lower.contains(&format!("href=\"{scheme}"))
                    && !lower.contains(&format!("src=\"{scheme}")),
                "{scheme} in {m}"
            );
        }
        assert!(
            m.contains("evil") && m.contains("blob") && m.contains("none"),
            "a refused image keeps its description: {m}"
        );
        assert!(!m.contains(r#"src="""#), "{m}");
    }

    #[test]
    fn markdown_in_xhtml_is_well_formed_and_shows_web_images_as_their_description() {
        let m = written(
            "Line  \nbreak\n\n---\n\n![pic](pic.png) ![far](https://x.org/a.png)",
            Dialect::Xhtml,
            "",
        );
        assert!(m.contains(r#"<img src="pic.png" alt="pic" />"#), "{m}");
        assert!(m.contains("far") && !m.contains("x.org"), "{m}");
        let links = written(
            "[web](https://x.org/) [page](other.html) [here](#x)",
            Dialect::Xhtml,
            "",
        );
        assert!(
            links.contains(r#"<a href="https://x.org/">web</a>"#),
            "{links}"
        );
        assert_eq!(links.matches("<a ").count(), 1, "{links}");
        assert!(links.contains("page") && links.contains("here"), "{links}");
        let multi = written("![pic](./img/pic.png)", Dialect::Xhtml, "../");
        assert!(multi.contains(r#"src="../img/pic.png""#), "{multi}");
        roxmltree::Document::parse(&format!("<div>{m}</div>")).expect("well-formed");
    }

    #[test]
    fn a_local_image_is_addressed_by_its_file_name_as_the_books_own_are() {
        // A space, `%` and `#` in a file's name: the browser asks for the file by that name.
        let m = written(
            "![a](<img/my pic.png>) ![b](100%.png) ![c](<a#b.png>)",
            Dialect::Html,
            "",
        );
        assert!(m.contains(r#"src="img/my%20pic.png""#), "{m}");
        assert!(m.contains(r#"src="100%25.png""#), "{m}");
        assert!(m.contains(r#"src="a%23b.png""#), "{m}");
    }
}
