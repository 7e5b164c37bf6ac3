//! `gobook check`: report every problem in a book.
use clap::Args;
use std::path::PathBuf;

/// Arguments of `gobook check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The book file
    pub book: PathBuf,
}

/// Runs `gobook check`.
pub fn run(_args: &CheckArgs, _g: super::GlobalArgs) -> i32 {
    super::not_yet("check")
}
