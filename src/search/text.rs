//! The full-text index of one language: every paragraph and heading of every chapter
//! page as plain text with its page and anchor. The browser scans this text for the
//! query (see `themes/default/search.js`): a substring scan needs no word splitting,
//! so Chinese, Japanese and Korean text, written without spaces, is found as any other.
//! docs/search.md says why this beats a word index (Pagefind) for books.

use crate::format::schema::ParaKind;
use crate::layout::book::LaidLanguage;
use crate::layout::page::{Block, Content, Para};
use crate::resolve::text::plain;
use serde_json::{json, Value};

/// The file of language `lang`'s index in the site's root.
pub fn file_name(lang: &str) -> String {
    format!("search-index-{lang}.js")
}

/// The index of the laid-out language `language`, as a script (see [`super::script`]):
/// `{p: [[href, title], ...], e: [[page, anchor, level, text], ...]}`, level 0 for a
/// paragraph and 1 to 5 for a heading.
pub fn index(language: &LaidLanguage) -> String {
    let plan = &language.plan;
    let mut pages = Vec::new();
    let mut entries = Vec::new();
    for (pi, pg) in language.pages.iter().enumerate() {
        pages.push(json!([plan.page_href(pi), pg.frame.short_title]));
        let mut paras = Vec::new();
        collect(&pg.blocks, &mut paras);
        for p in paras {
            let text = para_text(p);
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            if text.is_empty() {
                continue;
            }
            let level = match p.kind {
                ParaKind::H(n) => n,
                _ => 0,
            };
            entries.push(json!([pi, p.anchor, level, text]));
        }
    }
    let value = json!({ "p": Value::Array(pages), "e": Value::Array(entries) });
    super::script(&plan.lang, &value.to_string())
}

/// The plain text of a paragraph, a bullet's label included.
fn para_text(p: &Para) -> String {
    match &p.content {
        Content::Text(t) => plain(t),
        Content::Bullet { label, text } => format!("{} {}", plain(label), plain(text)),
    }
}

/// Every paragraph among `blocks` in reading order, those in boxes, groups and rows too.
fn collect<'b>(blocks: &'b [Block], out: &mut Vec<&'b Para>) {
    for b in blocks {
        match b {
            Block::Para(p) => out.push(p),
            Block::Boxed(ps) => out.extend(ps),
            Block::Group { text, .. } => collect(text, out),
            Block::Row(cells) => cells.iter().for_each(|c| collect(&c.text, out)),
            Block::Image(_) | Block::Buy { .. } | Block::Include { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index_of(book: &str, lang: &str) -> Value {
        let checked = crate::check::check(book);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        let laid = crate::layout::book::lay_out(&checked);
        let language = laid.languages.iter().find(|l| l.plan.lang == lang).unwrap();
        let js = index(language);
        let json = js
            .split_once("]=")
            .unwrap()
            .1
            .trim_end()
            .trim_end_matches(';');
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn paragraphs_and_headings_are_indexed_with_their_page_and_anchor() {
        let book = "::book(#t)\n\n::chapter(#one)\n\n::h1 First chapter\n\nThe  ladder\nworks.\n\n::chapter(#two)\n\n::h1(#h) Second\n\n::p(#x) A net.\n";
        let v = index_of(book, "en");
        let e = v["e"].as_array().unwrap();
        assert!(e.contains(&json!([0, "e2", 1, "First chapter"])), "{e:?}");
        assert!(e.iter().any(|x| x[3] == "The ladder works."), "{e:?}");
        let net = e.iter().find(|x| x[3] == "A net.").unwrap();
        assert_eq!(net[1], "x");
        let page = net[0].as_u64().unwrap() as usize;
        assert_eq!(v["p"][page], json!(["two.html", "Second"]));
    }
}
