//! `gobook svg`: diagrams as standalone SVG files, one by ID or all of a book.

use super::book_file;
use super::{GlobalArgs, EXIT_OK, EXIT_USAGE};
use clap::Args;
use gobook::layout::diagram::{board_diagram, caption_text};
use gobook::render::svg::{render, SvgOptions};
use gobook::resolve::model::{Book, Diagram};
use std::path::{Path, PathBuf};

/// Arguments of `gobook svg`.
#[derive(Args)]
pub struct SvgArgs {
    /// The book (a .gobook file or a folder holding one), or a game (SGF or XML, told by content)
    pub book: PathBuf,
    /// ID of the diagram to draw (books)
    #[arg(long, conflicts_with = "all")]
    pub id: Option<String>,
    /// Draw every diagram of the book, one file each (needs -o DIR)
    #[arg(long)]
    pub all: bool,
    /// Language of captions and titles (default: the book's first)
    #[arg(long)]
    pub lang: Option<String>,
    /// Output file (standard output if absent), or folder with --all
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    /// Print the caption and the gaps line under the board
    #[arg(long)]
    pub caption: bool,
    /// Games: the board after move N, move N marked with a circle (default: the last move)
    #[arg(long = "move", value_name = "N", conflicts_with_all = ["from", "to"], value_parser = clap::value_parser!(u32).range(1..))]
    pub move_number: Option<u32>,
    /// Games: the position before move A, with moves A.. numbered (default end: the last move)
    #[arg(long, value_name = "A", value_parser = clap::value_parser!(u32).range(1..))]
    pub from: Option<u32>,
    /// Games: the last numbered move (default start: move 1)
    #[arg(long, value_name = "B", value_parser = clap::value_parser!(u32).range(1..))]
    pub to: Option<u32>,
    /// Games: show part of the board, given by two corners such as A1T10
    #[arg(long, value_name = "CORNERS")]
    pub view: Option<String>,
    /// Games: draw coordinates around the board
    #[arg(long)]
    pub coords: bool,
}

/// Runs `gobook svg` on a book; games go to `svg_game` (the dispatch in `cli/mod.rs`
/// chooses, so this file and `svg_game`, which uses its drawing, form no cycle).
pub fn run(args: &SvgArgs, g: GlobalArgs) -> i32 {
    if let Some(flag) = [
        (args.move_number.is_some(), "--move"),
        (args.from.is_some(), "--from"),
        (args.to.is_some(), "--to"),
        (args.view.is_some(), "--view"),
        (args.coords, "--coords"),
    ]
    .iter()
    .find(|f| f.0)
    .map(|f| f.1)
    {
        super::report::error(&format!(
            "{flag} applies to games (.sgf or .xml); for a book, choose a diagram with --id"
        ));
        return EXIT_USAGE;
    }
    if args.id.is_none() && !args.all {
        super::report::error("choose the diagram with --id ID, or draw them all with --all -o DIR");
        return EXIT_USAGE;
    }
    let file = match book_file::read_or_report(&args.book) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let checked = match book_file::checked_or_report(&file, g.quiet) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let book = &checked.resolved.book;
    let lang = match super::choose_language(args.lang.as_deref(), &book.languages) {
        Ok(l) => l,
        Err(code) => return code,
    };
    if args.all {
        let Some(dir) = &args.out else {
            super::report::error("--all writes one file per diagram: give the folder with -o DIR");
            return EXIT_USAGE;
        };
        return write_all(book, &lang, dir, args.caption, g);
    }
    let id = args.id.as_deref().unwrap_or_default();
    let Some(d) = book.diagrams.iter().find(|d| d.id.as_deref() == Some(id)) else {
        let ids: Vec<&str> = book
            .diagrams
            .iter()
            .filter_map(|d| d.id.as_deref())
            .collect();
        let known = if ids.is_empty() {
            "no diagram has an ID; add one like `::dia(#d1)`".to_string()
        } else {
            format!("diagrams with IDs: {}", ids.join(", "))
        };
        super::report::error(&format!("no diagram has the ID `{id}`; {known}"));
        return EXIT_USAGE;
    };
    let svg = draw(book, d, &lang, args.caption, id);
    write_out(args.out.as_deref(), &svg, g)
}

/// Writes the SVG to the file, or standard output.
pub fn write_out(out: Option<&Path>, svg: &str, g: GlobalArgs) -> i32 {
    match out {
        None => super::print_stdout(svg.trim_end()),
        Some(path) => match std::fs::write(path, svg) {
            Ok(()) => {
                if !g.quiet {
                    eprintln!("wrote {}", path.display());
                }
                EXIT_OK
            }
            Err(e) => {
                super::report::error(&format!("cannot write {}: {e}", path.display()));
                EXIT_USAGE
            }
        },
    }
}

/// Draws one diagram as a standalone SVG file's text.
pub fn draw(book: &Book, d: &Diagram, lang: &str, with_caption: bool, id: &str) -> String {
    let opts = SvgOptions {
        standalone: true,
        id_prefix: id.to_string(),
        caption: if with_caption {
            caption_text(book, d, lang)
        } else {
            Vec::new()
        },
    };
    let mut s = render(&board_diagram(book, d, lang), &opts);
    s.push('\n');
    s
}

/// File name for diagram `i`: its position in the book, then its ID or kind, so files sort in reading order.
fn file_name(i: usize, d: &Diagram) -> String {
    let name: String =
        d.id.as_deref()
            .unwrap_or(d.role.name())
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
    format!("{:03}-{name}.svg", i + 1)
}

fn write_all(book: &Book, lang: &str, dir: &Path, with_caption: bool, g: GlobalArgs) -> i32 {
    if let Err(e) = std::fs::create_dir_all(dir) {
        super::report::error(&format!("cannot create {}: {e}", dir.display()));
        return EXIT_USAGE;
    }
    for (i, d) in book.diagrams.iter().enumerate() {
        let name = file_name(i, d);
        let svg = draw(book, d, lang, with_caption, &format!("d{}", i + 1));
        if let Err(e) = std::fs::write(dir.join(&name), svg) {
            super::report::error(&format!("cannot write {}: {e}", dir.join(&name).display()));
            return EXIT_USAGE;
        }
        if g.verbose {
            eprintln!("wrote {}", dir.join(&name).display());
        }
    }
    if !g.quiet {
        eprintln!(
            "wrote {} to {}",
            super::count::count(book.diagrams.len(), "diagram"),
            dir.display()
        );
    }
    EXIT_OK
}
