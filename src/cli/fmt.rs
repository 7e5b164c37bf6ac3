//! `gobook fmt`: rewrite a book in the standard layout.
use clap::Args;
use std::path::PathBuf;

/// Arguments of `gobook fmt`.
#[derive(Args)]
pub struct FmtArgs {
    /// The book file, or `-` for standard input
    pub book: PathBuf,
}

/// Runs `gobook fmt`.
pub fn run(_args: &FmtArgs, _g: super::GlobalArgs) -> i32 {
    super::not_yet("fmt")
}
