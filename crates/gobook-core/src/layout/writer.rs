//! The one boundary between the pipeline and an output (as mdBook's `Renderer`): the book
//! is checked, resolved and laid out once ([`run`]), and each output (the site, the
//! e-books, print next) is a [`Writer`] over the laid-out book. A new output is a new
//! implementation; the pipeline and the other writers stay as they are.

use crate::layout::book::{lay_out_with, LaidBook};
use crate::layout::cache::LayoutCache;
use crate::project::build::{checked_book, BuildError, Options};
use crate::project::config::{self, Config};
use crate::project::output;
use crate::project::reads::Reads;
use crate::resolve::cache::ResolveCache;
use std::path::Path;

/// What a writer is given: the build's options and settings, and the laid-out book.
pub struct Input<'a> {
    /// How to build.
    pub opts: &'a Options<'a>,
    /// `gobook.toml`.
    pub config: &'a Config,
    /// The book's folder: where its images, includes and settings are.
    pub book_dir: &'a Path,
    /// Every page of every language.
    pub book: &'a LaidBook<'a>,
    /// What the build has read from the book's folder so far (the settings, the book, its
    /// includes, their images, the theme): the site refuses an output folder holding any.
    pub reads: &'a Reads,
}

impl Input<'_> {
    /// The folder the output goes to: `-o`, else `gobook.toml`'s `out_dir`, else the
    /// default beside the book.
    pub fn out_dir(&self) -> Result<std::path::PathBuf, BuildError> {
        Ok(output::out_dir(
            self.opts.out_dir,
            self.config.out_dir.as_deref(),
            crate::project::build::DEFAULT_OUT_DIR,
            self.opts.book,
        )?)
    }
}

/// An output of a book.
pub trait Writer {
    /// What a finished write gives back.
    type Output;

    /// Checks what the writer can refuse before the book is read (its output folder), so a
    /// wrong place is reported before the book's problems. Nothing, unless a writer says.
    fn prepare(&mut self, _opts: &Options, _config: &Config) -> Result<(), BuildError> {
        Ok(())
    }

    /// Writes the laid-out book.
    fn write(&mut self, input: &Input) -> Result<Self::Output, BuildError>;
}

/// The pipeline: reads the settings, checks and resolves the book (through `cache`), lays
/// out its pages and hands them to `writer`.
pub fn run<W: Writer>(
    writer: &mut W,
    opts: &Options,
    cache: &mut ResolveCache,
) -> Result<W::Output, BuildError> {
    run_with(writer, opts, cache, &mut LayoutCache::once())
}

/// [`run`], laying out again only what changed since the build that left `layout` (`serve`).
pub fn run_with<W: Writer>(
    writer: &mut W,
    opts: &Options,
    cache: &mut ResolveCache,
    layout: &mut LayoutCache,
) -> Result<W::Output, BuildError> {
    let book_dir = output::book_folder(opts.book);
    // Joins the caller's recording, if it read the book before (`build`, `serve`).
    let reads = Reads::start(&book_dir);
    let config = config::load(&book_dir)?;
    writer.prepare(opts, &config)?;
    let mut owned = None;
    let checked = checked_book(opts, cache, &mut owned)?;
    let mut stages = crate::timings::Stages::new("");
    // The Markdown files the book includes, read once for every page and writer.
    let includes = crate::layout::markdown::Includes::read(checked, &book_dir);
    let mut book = lay_out_with(checked, &includes, layout);
    stages.mark("layout");
    // Vertical writing is a setting of the Japanese edition alone: a Latin edition set
    // vertically would be text lying on its side.
    for l in &mut book.languages {
        l.plan.vertical = config.vertical_ja == Some(true) && l.plan.lang == "ja";
    }
    writer.write(&Input {
        opts,
        config: &config,
        book_dir: &book_dir,
        book: &book,
        reads: &reads,
    })
}
