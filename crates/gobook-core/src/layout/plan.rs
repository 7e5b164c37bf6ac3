//! The pages of one language: which chapters show, their file names, the
//! generated table of contents, and where every element can be linked to.

use crate::resolve::model::Book;
use crate::resolve::shows_in;
use std::collections::HashMap;

/// One HTML page of a language.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// File name inside the language folder.
    pub file: String,
    /// The chapter shown, or None for the generated table of contents.
    pub chapter: Option<usize>,
}

/// The pages of a language and how to reach each element.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The language.
    pub lang: String,
    /// Pages in reading order; the first is `index.html`.
    pub pages: Vec<Page>,
    /// The page that holds the table of contents.
    pub contents: Option<usize>,
    /// For elements shown in this language: (page index, anchor), anchor empty for a chapter.
    pub anchors: HashMap<usize, (usize, String)>,
    /// The text runs top to bottom, right to left (`vertical_ja` of `gobook.toml`).
    pub vertical: bool,
}

impl Plan {
    /// The relative URL of an element from any page of the same language.
    pub fn href_of(&self, element: usize) -> Option<String> {
        let (page, anchor) = self.anchors.get(&element)?;
        let file = self.page_href(*page);
        Some(if anchor.is_empty() {
            file
        } else {
            format!("{file}#{anchor}")
        })
    }

    /// The relative URL of page `page` from any page of the same language.
    pub fn page_href(&self, page: usize) -> String {
        crate::escape::url::path(&self.pages[page].file)
    }

    /// The file of the page that shows `element`.
    pub fn file_of(&self, element: usize) -> Option<&str> {
        let (page, _) = self.anchors.get(&element)?;
        Some(&self.pages[*page].file)
    }

    /// The page index showing chapter `ch`.
    pub fn page_of_chapter(&self, ch: usize) -> Option<usize> {
        self.pages.iter().position(|p| p.chapter == Some(ch))
    }
}

/// The HTML `id` of an element: its own ID when it is safe in a URL, else `e` and its index.
pub fn anchor(id: Option<&str>, element: usize) -> String {
    match id {
        Some(id)
            if !id.is_empty()
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)) =>
        {
            id.to_string()
        }
        _ => format!("e{element}"),
    }
}

/// Plans the pages of `book` in `lang`.
pub fn plan(book: &Book, lang: &str) -> Plan {
    let mut pages = Vec::new();
    let mut used: Vec<String> = Vec::new();
    let mut contents = None;
    let shown: Vec<usize> = (0..book.chapters.len())
        .filter(|&c| shows_in(&book.chapters[c].langs, lang))
        .collect();
    for (k, &c) in shown.iter().enumerate() {
        let ch = &book.chapters[c];
        let file = if k == 0 {
            "index.html".to_string()
        } else {
            let base = match ch.id.as_deref() {
                Some(id)
                    if !id.is_empty()
                        && id
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
                        && id != "index" =>
                {
                    id.to_string()
                }
                _ => format!("chapter-{}", k + 1),
            };
            let mut name = format!("{base}.html");
            let mut n = 2;
            while used.contains(&name) {
                name = format!("{base}-{n}.html");
                n += 1;
            }
            name
        };
        used.push(file.clone());
        if ch.id.as_deref() == Some("contents") {
            contents = Some(pages.len());
        }
        pages.push(Page {
            file,
            chapter: Some(c),
        });
    }
    if contents.is_none() && pages.len() > 1 {
        // No `contents` chapter: a generated one follows the title page.
        pages.insert(
            1,
            Page {
                file: if used.contains(&"contents.html".to_string()) {
                    "toc.html".into()
                } else {
                    "contents.html".into()
                },
                chapter: None,
            },
        );
        contents = Some(1);
    }
    let mut anchors = HashMap::new();
    for (pi, page) in pages.iter().enumerate() {
        let Some(c) = page.chapter else { continue };
        let ch = &book.chapters[c];
        anchors.insert(ch.element, (pi, String::new()));
        for b in ch.blocks_in(lang) {
            anchors
                .entry(b.element)
                .or_insert_with(|| (pi, anchor(b.id.as_deref(), b.element)));
        }
    }
    Plan {
        lang: lang.to_string(),
        pages,
        contents,
        anchors,
        vertical: false,
    }
}
