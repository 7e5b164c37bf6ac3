//! `gobook build --pdf`: the print edition as a [`Writer`] over the laid-out book, one PDF
//! per book language (`ID-LANG.pdf`), each written through a temporary name so a failed
//! build leaves the previous PDF as it was.

use super::settings::Settings;
use super::typeset::{self, Print};
use crate::layout::writer::{self, Input, Writer};
use crate::project::build::{local_images, BuildError, Options, Product};
use crate::project::{date, editions};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What a finished PDF build did.
#[derive(Debug)]
pub struct Summary {
    /// The PDF files written, one per language that could be printed.
    pub files: Vec<PathBuf>,
    /// The languages whose PDF could not be printed, each with why (a character no font
    /// has, at its place in the book): their previous PDFs are left as they were, and the
    /// other languages' are written.
    pub failed: Vec<(String, BuildError)>,
    /// Time taken.
    pub elapsed: Duration,
    /// Where the PDFs of those names went that gobook had not written (`--force`).
    pub put_aside: Vec<crate::project::aside::Aside>,
    /// What the author should know of a PDF written: one not tagged for accessibility, and
    /// why.
    pub warnings: Vec<String>,
}

/// Builds one PDF per language of the book into the output folder. A PDF of that name in a
/// folder gobook did not write is replaced only with `force`. A language that cannot be
/// printed is in the summary's `failed`, and the others are written; an error is what stops
/// every language (the book's errors, its files, the output folder).
pub fn build(opts: &Options, force: bool) -> Result<Summary, BuildError> {
    writer::run(&mut PdfBuild { force }, opts, &mut Default::default())
}

/// The PDFs written to disk.
pub struct PdfBuild {
    /// Replace PDFs in a folder gobook did not write.
    pub force: bool,
}

impl Writer for PdfBuild {
    type Output = Summary;

    fn write(&mut self, input: &Input) -> Result<Summary, BuildError> {
        let start = Instant::now();
        let out_dir = input.out_dir()?;
        // The book's files checked as `gobook check` does: a missing image stops the build.
        let name = input.opts.book.display().to_string();
        let product = Product {
            files: &[],
            name: "the PDF",
        };
        local_images(
            input.book.checked,
            &name,
            input.opts.text,
            input.book_dir,
            false,
            &product,
        )?;
        let settings = Settings::from_config(input.config);
        let print = Print {
            input,
            settings: &settings,
            epoch: date::book_date(input.opts.book),
        };
        let id = &input.book.book().id;
        // One language after the other: typst lays out a language's pages (its memo then
        // dropped), its drawings are put in place, and it is exported; two languages at once held both layouts in memory
        // for the same CPU time, as typst lays out and exports a document on both cores.
        let mut warnings = Vec::new();
        // A language that cannot be printed stops neither the others nor the other editions.
        let mut failed = Vec::new();
        // Each language's PDF waits on disk for the others, not in memory.
        let pdfs: Vec<(PathBuf, std::fs::File)> = input
            .book
            .languages
            .iter()
            .filter_map(|l| {
                let name = file_name(id, &l.plan.lang);
                let printed = typeset::print(&print, l).and_then(|(pdf, untagged)| {
                    let pdf = with_bleed_box(pdf, &settings)?;
                    Ok((pdf.reader().map_err(BuildError::Print)?, untagged))
                });
                match printed {
                    Ok((bytes, untagged)) => {
                        if let Some(why) = untagged {
                            warnings.push(untagged_warning(&name, &why));
                        }
                        Some((out_dir.join(name), bytes))
                    }
                    Err(e) => {
                        failed.push((l.plan.lang.clone(), e));
                        None
                    }
                }
            })
            .collect();
        // typst keeps what it computed for a next compilation; a build makes no other.
        typst::comemo::evict(0);
        (input.opts.progress)(&editions::counted(pdfs.len(), "PDF"));
        // No PDF to write (every language failed): nothing is made, not even the folder.
        let (files, put_aside) = if pdfs.is_empty() {
            Default::default()
        } else {
            editions::write(&out_dir, pdfs, self.force)?
        };
        Ok(Summary {
            files,
            failed,
            elapsed: start.elapsed(),
            put_aside,
            warnings,
        })
    }
}

/// `pdf` with the BleedBox its crop marks need (`super::bleed_box`); as it is without marks,
/// where typst's MediaBox is the bleed.
fn with_bleed_box(
    pdf: super::spill::Spilled,
    settings: &Settings,
) -> Result<super::spill::Spilled, BuildError> {
    if !settings.crop_marks {
        return Ok(pdf);
    }
    super::bleed_box::with_bleed_box(pdf, settings.bleed)
        .map_err(|e| typeset::bug("write the PDF's BleedBox", e))
}

/// What to tell the author of PDF `name`, not tagged for accessibility: what it is
/// instead and why (`super::fallback`).
fn untagged_warning(name: &str, is: &str) -> String {
    format!("{name} is {is}")
}

/// `ID-LANG.pdf`, with every character a file name should not hold replaced.
pub fn file_name(id: &str, lang: &str) -> String {
    editions::file_name(id, lang, "pdf")
}
