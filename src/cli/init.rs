//! `gobook init`: a starter book that builds, with comments that teach the format.

use super::{GlobalArgs, EXIT_OK, EXIT_USAGE};
use clap::Args;
use std::path::PathBuf;

/// The starter book.
const STARTER: &str = include_str!("../../assets/starter.gobook");

/// Arguments of `gobook init`.
#[derive(Args)]
pub struct InitArgs {
    /// Folder to create the book in (created if needed)
    #[arg(default_value = ".")]
    pub dir: PathBuf,
}

/// Runs `gobook init`.
pub fn run(args: &InitArgs, g: GlobalArgs) -> i32 {
    if let Err(e) = std::fs::create_dir_all(&args.dir) {
        super::report::error(&format!("cannot create {}: {e}", args.dir.display()));
        return EXIT_USAGE;
    }
    let existing = std::fs::read_dir(&args.dir)
        .map(|rd| {
            rd.flatten()
                .any(|e| e.path().extension().is_some_and(|x| x == "gobook"))
        })
        .unwrap_or(false);
    if existing {
        super::report::error(&format!(
            "{} already holds a .gobook file; choose an empty folder",
            args.dir.display()
        ));
        return EXIT_USAGE;
    }
    let path = args.dir.join("book.gobook");
    if let Err(e) = std::fs::write(&path, STARTER) {
        super::report::error(&format!("cannot write {}: {e}", path.display()));
        return EXIT_USAGE;
    }
    if !g.quiet {
        eprintln!("Created {}", path.display());
        eprintln!("Next: edit it, then run `gobook build {}` (or `gobook serve {} --open` to preview as you write)", args.dir.display(), args.dir.display());
    }
    EXIT_OK
}
