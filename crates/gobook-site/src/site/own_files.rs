//! The files gobook writes into a site itself, which no image of the book may replace:
//! every language's pages, the language chooser and folders, the sitemap, the style
//! sheet, the icon, the scripts, the lists of pages and the marker of a folder gobook built.

use crate::layout::plan::{self, Plan};
use crate::project::output::MARKER;
use crate::project::taken::OwnFile;
use crate::resolve::model::Book;

/// The style sheet's path from the site root.
pub const STYLE: &str = "style.css";
/// The page script's path from the site root.
pub const SCRIPT: &str = "gobook.js";
/// The sitemap's path from the site root.
pub const SITEMAP: &str = "sitemap.xml";

/// The plans of a site of `book`: one per language, as a build makes them.
pub fn plans(book: &Book) -> Vec<Plan> {
    book.languages.iter().map(|l| plan::plan(book, l)).collect()
}

/// Every file a site planned as `plans` holds besides the book's images (a site of
/// several languages has a folder per language). The sitemap is named even when no
/// `base_url` asks for it: adding one must not make a book's image a problem.
pub fn own_files(book: &Book, plans: &[Plan]) -> Vec<OwnFile> {
    let multi = plans.len() > 1;
    let mut own = vec![
        OwnFile::new(STYLE, "the style sheet"),
        OwnFile::new(SCRIPT, "the page script"),
        OwnFile::new(crate::site::html::FAVICON, "the site's icon"),
        OwnFile::new(SITEMAP, "the sitemap"),
        OwnFile::new(MARKER, "the mark of a folder gobook built"),
        OwnFile::new(crate::site::finding::SEARCH_SCRIPT, "the search script"),
        OwnFile::new(crate::search::positions::FILE_NAME, "the position index"),
        OwnFile::new(
            crate::search::parts::FOLDER,
            "the folder of the search indexes' parts",
        ),
    ];
    for plan in plans {
        own.push(OwnFile::new(
            crate::search::text::file_name(&plan.lang),
            format!("the search index in `{}`", plan.lang),
        ));
        own.push(OwnFile::new(
            crate::site::nav::file_name(&plan.lang),
            format!("the list of pages in `{}`", plan.lang),
        ));
    }
    if multi {
        own.push(OwnFile::new(
            "index.html",
            "the page that opens the reader's language",
        ));
    }
    for plan in plans {
        let (folder, lang) = if multi {
            (format!("{}/", plan.lang), format!(" in `{}`", plan.lang))
        } else {
            (String::new(), String::new())
        };
        for (i, page) in plan.pages.iter().enumerate() {
            let what = match page.chapter {
                None => "the contents page".to_string(),
                Some(_) if i == 0 => "the title page".to_string(),
                Some(c) => match &book.chapters[c].id {
                    Some(id) => format!("the page of chapter `{id}`"),
                    None => format!("the page of chapter {}", c + 1),
                },
            };
            own.push(OwnFile::new(
                format!("{folder}{}", page.file),
                format!("{what}{lang}"),
            ));
        }
    }
    own
}
