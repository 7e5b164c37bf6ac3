//! The files a book reads from its folder: images, the cover, included files and the
//! images those show (in gobook and in Markdown). Found and checked in one place (an
//! image must also be the kind of image its name says, see `images`), so that `gobook check` reports
//! exactly what would stop a build and a build copies exactly what was checked.

use crate::check::{check, Checked};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Severity};
use crate::format::schema::ElementKind;
use crate::format::syntax::{Document, Span};
use crate::project::confine::{confine, Kind};
use crate::project::images;
use crate::project::includes::{self, IncludeError, Included};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Problems in one file the book is made of (a file it includes, a game file).
#[derive(Clone, Debug)]
pub struct FileProblems {
    /// The file's name as shown in messages.
    pub name: String,
    /// Its text, for placing the problems.
    pub text: String,
    /// The problems, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// What a book reads from its folder, checked.
#[derive(Debug, Default)]
pub struct BookFiles {
    /// Local images, relative to the book's folder (and to the site root alike).
    pub images: Vec<PathBuf>,
    /// Problems placed in the book itself: missing or outside images, includes, cover.
    pub book: Vec<Diagnostic>,
    /// Problems placed in included files: their own errors, nested includes, their images.
    pub included: Vec<FileProblems>,
    /// Where the book names each local image (one place per image, the first): what a
    /// writer's problem with the image's name points at.
    pub named: Vec<Named>,
}

/// The place in the book that names a local image.
#[derive(Debug, Clone)]
pub struct Named {
    /// The image, relative to the book's folder.
    pub path: PathBuf,
    /// The value naming it in the book; for an image of an included file, the `url` of
    /// the `::include` (the book's problems are placed in the book).
    pub span: Span,
    /// The included file that names the image, if it is not the book itself.
    pub via: Option<String>,
}

impl BookFiles {
    /// Whether any problem is an error.
    pub fn has_errors(&self) -> bool {
        let errs = |ds: &[Diagnostic]| ds.iter().any(|d| d.severity == Severity::Error);
        errs(&self.book) || self.included.iter().any(|f| errs(&f.diagnostics))
    }
}

/// Checks every file the book names, as a build reads them. `cover`: check the book's
/// `cover` too (e-books show it; the website does not use it).
pub fn check_files(checked: &Checked, book_dir: &Path, cover: bool) -> BookFiles {
    let mut found = Found::new();
    let mut named: Vec<Named> = Vec::new();
    let mut diags = Diagnostics::default();
    // What an image without `url` shows, in the book and in the files it includes alike.
    let book = &checked.resolved.book;
    let shown_cover = book.cover(book.languages.first().map_or("en", String::as_str));
    read_ahead(&checked.doc, book_dir, &shown_cover, &mut found);
    images(
        &checked.doc,
        book_dir,
        0,
        &shown_cover,
        &mut diags,
        &mut found,
        &mut |path, span| {
            // An image of a spliced file is named, for the book, by its `::include`'s `url`.
            let via = checked.included.iter().find(|f| f.holds(span.start));
            named.push(Named {
                path,
                span: via.map_or(span, |f| f.url_span),
                via: via.map(|f| f.url.clone()),
            })
        },
    );
    let mut included = spliced_problems(checked, &mut diags);
    if cover {
        covers(&checked.doc, book_dir, &mut diags);
    }
    check_includes(
        checked,
        book_dir,
        &shown_cover,
        &mut found,
        &mut named,
        &mut diags,
        &mut included,
    );
    let mut book = diags.into_vec();
    book.sort_by_key(|d| d.span.start);
    // The first place naming each image is the one its problems point at.
    let mut seen = BTreeSet::new();
    named.retain(|n| seen.insert(n.path.clone()));
    BookFiles {
        images: found.into_keys().collect(),
        book,
        included,
        named,
    }
}

/// Reads the files the book's `::include`s name, each once however often it is included:
/// their problems and those of their images go to `included`, the images to `found` and
/// `named`, and an include naming a file that cannot be read is marked in `diags`.
fn check_includes<'a>(
    checked: &'a Checked,
    book_dir: &Path,
    cover: &str,
    found: &mut Found,
    named: &mut Vec<Named>,
    diags: &mut Diagnostics,
    included: &mut Vec<FileProblems>,
) {
    // Each file once, however often it is included; every include naming a bad one is marked.
    let mut read: BTreeMap<&'a str, Option<IncludeError>> = BTreeMap::new();
    for el in checked
        .doc
        .elements
        .iter()
        .filter(|e| e.kind == ElementKind::Include)
    {
        let Some(a) = el.attr("url") else { continue };
        let url = a.value.as_str();
        // An included file's images are named, for the book, by the `::include`'s `url`.
        let mut via_include = |path| {
            named.push(Named {
                path,
                span: a.value_span,
                via: Some(url.to_string()),
            })
        };
        let outcome = read.entry(url).or_insert_with(|| {
            match included_file(url, book_dir, cover, found, &mut via_include) {
                Ok(problems) => {
                    included.extend(problems);
                    None
                }
                Err(e) => Some(e),
            }
        });
        match outcome {
            Some(IncludeError::Missing(m)) => {
                diags.error(a.value_span, Code::MissingInclude, m.clone())
            }
            Some(IncludeError::Outside(m)) => {
                diags.error(a.value_span, Code::IncludeOutsideBook, m.clone())
            }
            _ => {}
        }
    }
}

/// Reads one included file (`url`) and checks the images it shows: its problems, if it
/// has any, or why it cannot be read. A gobook file with errors is read all the same, for
/// its images.
fn included_file(
    url: &str,
    book_dir: &Path,
    cover: &str,
    found: &mut Found,
    name_image: &mut dyn FnMut(PathBuf),
) -> Result<Option<FileProblems>, IncludeError> {
    match includes::read(url, book_dir) {
        Ok(Included::Markdown { name, text }) => {
            Ok(markdown_images(name, text, book_dir, found, name_image))
        }
        Ok(Included::Gobook {
            name,
            text,
            warnings,
        }) => Ok(included_images(
            name, text, warnings, book_dir, cover, found, name_image,
        )),
        Err(IncludeError::Content {
            name,
            text,
            diagnostics,
        }) => Ok(included_images(
            name,
            text,
            diagnostics,
            book_dir,
            cover,
            found,
            name_image,
        )),
        Err(e) => Err(e),
    }
}

/// The problems of the gobook files spliced into the book (`check::splice`): those the
/// check found and those with their images (taken out of `diags`, where `images` put
/// them), each file once however often it is included.
fn spliced_problems(checked: &Checked, diags: &mut Diagnostics) -> Vec<FileProblems> {
    let mut out: Vec<FileProblems> = Vec::new();
    let mut book = std::mem::take(diags).into_vec();
    for f in &checked.included {
        let mut ds: Vec<Diagnostic> = f.diagnostics.clone();
        book.retain(|d| {
            let here = f.holds(d.span.start);
            if here {
                let mut d = d.clone();
                d.span = f.local(d.span);
                ds.push(d);
            }
            !here
        });
        match out.iter_mut().find(|p| p.name == f.name) {
            Some(p) => p.diagnostics.extend(ds),
            None => out.push(FileProblems {
                name: f.name.clone(),
                text: f.text.clone(),
                diagnostics: ds,
            }),
        }
    }
    diags.extend(book);
    for p in &mut out {
        p.diagnostics.sort_by_key(|d| (d.span.start, d.severity));
        p.diagnostics.dedup();
    }
    out.retain(|p| !p.diagnostics.is_empty());
    out
}

/// Checks what `gobook.toml` makes a build read: the settings themselves, the theme and
/// the extra style sheets, as the build reads them; the error names the file and setting.
pub fn check_settings(book_dir: &Path) -> Result<(), crate::project::error::ProjectError> {
    let config = crate::project::config::load(book_dir)?;
    let theme = crate::project::theme::theme(config.theme.as_deref(), book_dir)?;
    crate::project::theme::stylesheet(&theme, &config.extra_css, book_dir)?;
    crate::project::script::script(&theme)?;
    Ok(())
}

/// Adds the problems with the images of an included gobook file to those it has
/// (`diagnostics`): they are shown on the book's pages, so they are the book's images.
/// Each image found is also given to `name_image`.
fn included_images(
    name: String,
    text: String,
    mut diagnostics: Vec<Diagnostic>,
    book_dir: &Path,
    cover: &str,
    found: &mut Found,
    name_image: &mut dyn FnMut(PathBuf),
) -> Option<FileProblems> {
    let wrapped = includes::wrap(&text);
    let shift = (wrapped.len() - text.len()) as u32;
    let mut own = Diagnostics::default();
    images(
        &check(&wrapped).doc,
        book_dir,
        shift,
        cover,
        &mut own,
        found,
        &mut |path, _| name_image(path),
    );
    diagnostics.extend(own.into_vec());
    diagnostics.sort_by_key(|d| d.span.start);
    (!diagnostics.is_empty()).then_some(FileProblems {
        name,
        text,
        diagnostics,
    })
}

/// Checks the local images a document shows (image elements and inline images); an image
/// without `url` shows `cover` (the book's, see `Book::cover`); spans are moved back by
/// `shift` (the part wrapped around an included file). Each image found is also given to
/// `name_image` with the place naming it.
fn images(
    doc: &Document,
    book_dir: &Path,
    shift: u32,
    cover: &str,
    diags: &mut Diagnostics,
    found: &mut Found,
    name_image: &mut dyn FnMut(PathBuf, Span),
) {
    let mut visit = |url: Option<&str>, span: Span| {
        let shown = url.unwrap_or(cover);
        if shown.is_empty() || crate::format::values::is_external(shown) {
            return;
        }
        let span = Span {
            start: span.start.saturating_sub(shift),
            end: span.end.saturating_sub(shift),
        };
        match confine(book_dir, shown, "image", Kind::File) {
            Ok(rel) => {
                name_image(rel.clone(), span);
                match content(found, book_dir, rel, shown) {
                    Some((code, m)) if url.is_none() => diags.error(
                        span,
                        code,
                        format!("{m}; an image without `url` shows the book's cover"),
                    ),
                    Some((code, m)) => diags.error(span, code, m),
                    None => {}
                }
            }
            Err(r) if r.outside => diags.error(span, Code::ImageOutsideBook, r.message),
            Err(r) if url.is_none() => diags.error(
                span,
                Code::MissingImage,
                format!("{}; an image without `url` shows the book's cover: add `{shown}` to the book's folder, or give the image a `url`", r.message),
            ),
            Err(r) => diags.error(span, Code::MissingImage, r.message),
        }
    };
    for el in &doc.elements {
        if el.kind == ElementKind::Img {
            match el.attr("url") {
                Some(a) => visit(Some(&a.value), a.value_span),
                None => visit(None, el.name_span),
            }
        }
        for (attrs, span) in el
            .value
            .as_ref()
            .map(crate::format::inline::images)
            .unwrap_or_default()
        {
            match attrs.iter().find(|a| a.name == "url") {
                Some(a) => visit(Some(&a.value), a.value_span),
                None => visit(None, span),
            }
        }
    }
}

/// Checks the content of the local images `doc` shows (see [`images`]) on all cores at
/// once into `found`: print reads each whole, which takes a while for a photo, and the
/// walk through the book that follows then finds them checked.
fn read_ahead(doc: &Document, book_dir: &Path, cover: &str, found: &mut Found) {
    use rayon::prelude::*;
    let mut urls: Vec<String> = Vec::new();
    for el in &doc.elements {
        if el.kind == ElementKind::Img {
            urls.push(
                el.attr("url")
                    .map_or(cover, |a| a.value.as_str())
                    .to_string(),
            );
        }
        for (attrs, _) in el
            .value
            .as_ref()
            .map(crate::format::inline::images)
            .unwrap_or_default()
        {
            if let Some(a) = attrs.into_iter().find(|a| a.name == "url") {
                urls.push(a.value);
            }
        }
    }
    let mut named: BTreeMap<PathBuf, String> = BTreeMap::new();
    for url in urls {
        if url.is_empty() || crate::format::values::is_external(&url) {
            continue;
        }
        if let Ok(rel) = confine(book_dir, &url, "image", Kind::File) {
            named.entry(rel).or_insert(url);
        }
    }
    let checked: Vec<(PathBuf, Option<images::Problem>)> = named
        .into_par_iter()
        .map(|(rel, url)| {
            let problem = content_of(&book_dir.join(&rel), &url);
            (rel, problem)
        })
        .collect();
    found.extend(checked);
}

/// The local images found so far, each with what is wrong with its content (None: nothing).
type Found = BTreeMap<PathBuf, Option<images::Problem>>;

/// What is wrong with the content of the image `rel` (named `url`): not the kind its
/// name says, or not what print can read; checked once however often it is shown.
fn content(found: &mut Found, book_dir: &Path, rel: PathBuf, url: &str) -> Option<images::Problem> {
    found
        .entry(rel)
        .or_insert_with_key(|rel| content_of(&book_dir.join(rel), url))
        .clone()
}

/// What is wrong with the content of the image file at `path` (named `url`), if anything.
fn content_of(path: &Path, url: &str) -> Option<images::Problem> {
    images::check_file(path, url)
        .map_err(|m| (Code::BadImage, m))
        .and_then(|kind| images::check_printable(path, url, kind))
        .err()
}

/// Checks the local images an included Markdown file shows (`![alt](pic.png)`), as the
/// book's own: they are copied and shown alike. Problems are placed in the Markdown file.
/// Each image found is also given to `name_image`.
fn markdown_images(
    name: String,
    text: String,
    book_dir: &Path,
    found: &mut Found,
    name_image: &mut dyn FnMut(PathBuf),
) -> Option<FileProblems> {
    let mut diags = Diagnostics::default();
    for (url, range) in includes::markdown_images(&text) {
        let span = Span::new(range.start, range.end);
        match confine(book_dir, &url, "image", Kind::File) {
            Ok(rel) => {
                name_image(rel.clone());
                if let Some((code, m)) = content(found, book_dir, rel, &url) {
                    diags.error(span, code, m)
                }
            }
            Err(r) if r.outside => diags.error(span, Code::ImageOutsideBook, r.message),
            Err(r) => diags.error(span, Code::MissingImage, r.message),
        }
    }
    let diagnostics = diags.into_vec();
    (!diagnostics.is_empty()).then_some(FileProblems {
        name,
        text,
        diagnostics,
    })
}

/// Checks the book's local cover images (`cover`, and `cover_ja` and the like).
fn covers(doc: &Document, book_dir: &Path, diags: &mut Diagnostics) {
    let Some(book) = doc.elements.iter().find(|e| e.kind == ElementKind::Book) else {
        return;
    };
    for a in book
        .attrs
        .iter()
        .filter(|a| a.name == "cover" || a.name.starts_with("cover_"))
    {
        let url = a.value.trim();
        if url.is_empty() || crate::format::values::is_external(url) {
            continue;
        }
        match confine(book_dir, url, "cover image", Kind::File) {
            // A cover that is there must be an image: a broken one fails the e-book.
            Ok(rel) => {
                if let Err(m) = images::check_file(&book_dir.join(rel), url) {
                    diags.error(a.value_span, Code::BadCover, m)
                }
            }
            Err(r) if r.outside => diags.error(a.value_span, Code::CoverOutsideBook, r.message),
            // The e-book draws a cover from the title instead: worth a warning, not a stop.
            Err(r) => diags.warning(
                a.value_span,
                Code::MissingCover,
                format!(
                    "{}; the e-book draws a cover from the title instead: add the file, or remove `{}`",
                    r.message, a.name
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A valid PNG of one pixel (print reads images whole: a signature alone is damaged).
    const ONE_PIXEL: &[u8] = &[
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f,
        0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0x60,
        0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01, 0xe9, 0xfa, 0xdc, 0xd8, 0x00, 0x00, 0x00, 0x00,
        0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ];

    fn at<'a>(text: &'a str, d: &Diagnostic) -> &'a str {
        &text[d.span.start as usize..d.span.end as usize]
    }

    /// Each problem of the book's text as its code and the value it is found at.
    fn problems<'a>(text: &'a str, files: &'a BookFiles) -> Vec<(&'a str, &'a str)> {
        files
            .book
            .iter()
            .map(|d| (d.code.as_str(), at(text, d)))
            .collect()
    }

    /// An image inside a paragraph's text is checked as an `::img` is, in any element
    /// with text.
    #[test]
    fn an_inline_image_is_checked_where_the_text_names_it() {
        let t = tempfile::tempdir().unwrap();
        std::fs::write(t.path().join("ok.png"), ONE_PIXEL).unwrap();
        let text = "::book(#b)\n\n::chapter\n\n::p See <img url=\"ok.png\"> and <img url=\"gone.png\">.\n\n\
                    ::h1 A <img url=\"lost.png\"/> heading\n\n::p No image: <b>img</b> <dia ab=C3>here</dia>.\n";
        let files = check_files(&crate::check::check(text), t.path(), false);
        let got = problems(text, &files);
        assert_eq!(
            got,
            vec![("missing-image", "gone.png"), ("missing-image", "lost.png")]
        );
        assert_eq!(files.images, vec![PathBuf::from("ok.png")]);
    }

    #[test]
    fn every_file_problem_is_found_at_the_value_that_names_it() {
        let t = tempfile::tempdir().unwrap();
        let book = t.path().join("book");
        std::fs::create_dir(&book).unwrap();
        std::fs::write(t.path().join("secret.png"), b"png").unwrap();
        std::os::unix::fs::symlink(t.path().join("secret.png"), book.join("link.png")).unwrap();
        std::os::unix::fs::symlink("/proc/self/environ", book.join("env.md")).unwrap();
        std::fs::write(book.join("ok.png"), ONE_PIXEL).unwrap();
        std::fs::write(book.join("part.gobook"), "::h1 Part\n\n::img url=\"gone.png\"\n\n::img url=\"ok.png\"\n\n\n::include url=\"x.md\"\n").unwrap();
        let text = "::book(#b) cover=\"nocover.png\" cover_ja=\"link.png\"\n\n::chapter\n\n::img url=\"ok.png\"\n\n::img url=\"missing.png\"\n\n::img url=\"../secret.png\"\n\n\n::include url=\"env.md\"\n\n\n::include url=\"nope.md\"\n\n\n::include url=\"part.gobook\"\n";
        let checked = crate::check::check(text);
        let files = check_files(&checked, &book, true);
        let got = problems(text, &files);
        assert_eq!(
            got,
            vec![
                ("missing-cover", "nocover.png"),
                ("cover-outside-book", "link.png"),
                ("missing-image", "missing.png"),
                ("image-outside-book", "../secret.png"),
                ("include-outside-book", "env.md"),
                ("missing-include", "nope.md"),
            ]
        );
        assert_eq!(files.images, vec![PathBuf::from("ok.png")]);
        assert_eq!(files.included.len(), 1);
        let part = &files.included[0];
        let got: Vec<(&str, &str)> = part
            .diagnostics
            .iter()
            .map(|d| (d.code.as_str(), at(&part.text, d)))
            .collect();
        assert_eq!(
            got,
            vec![("missing-image", "gone.png"), ("nested-include", "x.md")]
        );
        assert!(files.has_errors());
        // The website does not show the cover, so it does not need it.
        assert!(!check_files(&checked, &book, false)
            .book
            .iter()
            .any(|d| d.code.as_str().contains("cover")));
    }
}
