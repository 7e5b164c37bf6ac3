//! `gobook svg`: diagrams as standalone SVG or PNG files, one by ID or all of a book, or
//! a diagram snippet typed with `-e` or piped in.

use super::book_file;
use super::picture::{self, Format, PictureArgs};
use super::sl_input;
use super::snippet;
use super::{GlobalArgs, EXIT_OK, EXIT_USAGE};
use clap::Args;
use gobook::resolve::model::{Book, Diagram};
use std::path::{Path, PathBuf};

/// Arguments of `gobook svg`.
#[derive(Args)]
pub struct SvgArgs {
    /// The book (a .gobook file or a folder holding one), a game (SGF or XML, told by content), a
    /// Sensei's Library diagram (`$$` lines), or `-` for a diagram snippet on standard input
    #[arg(required_unless_present = "expr")]
    pub book: Option<PathBuf>,
    /// A diagram snippet to draw, such as '::dia sz=9 ab=C3D4 tr=C3' (no ::book needed), or a
    /// Sensei's Library diagram ('$$B' then its rows)
    #[arg(
        short = 'e',
        long = "expr",
        value_name = "TEXT",
        conflicts_with = "book"
    )]
    pub expr: Option<String>,
    /// ID of the diagram to draw (books; in a snippet, default: its last diagram)
    #[arg(long, conflicts_with = "all")]
    pub id: Option<String>,
    /// Draw every diagram of the book, one file each (needs -o DIR)
    #[arg(long)]
    pub all: bool,
    /// Language of captions and titles (default: the book's first)
    #[arg(long)]
    pub lang: Option<String>,
    /// Replace output files that gobook did not write, moving them to the trash (it replaces its own pictures anyway)
    #[arg(long)]
    pub force: bool,
    /// Output file (standard output if absent), or folder with --all
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgs,
    /// Games: the board after move N, move N marked with a circle (default: the last move);
    /// 0 is the starting position, a problem's before its answer
    #[arg(long = "move", value_name = "N", conflicts_with_all = ["from", "to"], value_parser = clap::value_parser!(u32).range(0..))]
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
    /// Games: follow a variation, the child to take at each branch from 1 (2.1: the second
    /// child at the first branch, the first at the next)
    #[arg(long, value_name = "PATH")]
    pub variation: Option<String>,
    /// Games: a problem file, read as `gobook import --problems` reads it, as a player (HTML)
    /// that asks for the answer, its lines marked correct and wrong
    #[arg(long, conflicts_with_all = ["move_number", "from", "to", "variation"])]
    pub problem: bool,
}

impl SvgArgs {
    /// Whether the diagram comes as a snippet (`-e TEXT`, or `-` for standard input).
    pub fn is_snippet(&self) -> bool {
        self.expr.is_some() || self.book.as_deref() == Some(Path::new("-"))
    }
}

/// Runs `gobook svg` on a book or a snippet; games go to `svg_game` (the dispatch in
/// `cli/mod.rs` chooses, so this file and `svg_game`, which uses its drawing, form no cycle).
pub fn run(args: &SvgArgs, g: GlobalArgs) -> i32 {
    if let Some(flag) = [
        (args.move_number.is_some(), "--move"),
        (args.from.is_some(), "--from"),
        (args.to.is_some(), "--to"),
        (args.view.is_some(), "--view"),
        (args.coords, "--coords"),
        (args.variation.is_some(), "--variation"),
        (args.problem, "--problem"),
    ]
    .iter()
    .find(|f| f.0)
    .map(|f| f.1)
    {
        let choose = if args.is_snippet() {
            "for a snippet, write `vw=` and `showCoords=1` in the diagram itself"
        } else {
            "for a book, choose a diagram with --id"
        };
        super::report::error(&format!("{flag} applies to games (.sgf or .xml); {choose}"));
        return EXIT_USAGE;
    }
    let format = match output_format(args) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let (name, (checked, links)) = match read_input(args, format, g) {
        Ok(read) => read,
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
        return write_all(&checked, &lang, dir, &args.picture, format, g, args.force);
    }
    let found = match args.id.as_deref() {
        Some(id) => book
            .diagrams
            .iter()
            .find(|d| d.id.as_deref() == Some(id))
            .map(|d| &**d)
            .ok_or_else(|| unknown_id(book, id)),
        None if args.is_snippet() => snippet::last_diagram(&checked).ok_or_else(|| {
            format!("{name} has no diagram; start one with `::dia`, e.g. '::dia sz=9 ab=C3'")
        }),
        // A book of one diagram needs no --id: there is nothing to choose.
        None => match book.diagrams.as_slice() {
            [only] => Ok(&**only),
            [] => Err(format!("{name} has no diagram to draw")),
            _ => Err(format!(
                "{name} has {} diagrams: choose one with --id ID, or draw them all with --all -o DIR",
                book.diagrams.len()
            )),
        },
    };
    let d = match found {
        Ok(d) => d,
        Err(message) => {
            super::report::error(&message);
            return EXIT_USAGE;
        }
    };
    let id = args.id.as_deref().unwrap_or("gb");
    let pic = PictureArgs {
        links,
        ..args.picture.clone()
    };
    match picture::draw(&checked, d, &lang, &pic, format, id, g.quiet) {
        Ok(bytes) => picture::write_out(args.out.as_deref(), &bytes, g, args.force),
        Err(e) => {
            super::report::error(&e);
            EXIT_USAGE
        }
    }
}

/// The snippet or book `gobook svg` draws from, read and checked: its name, the book and
/// a Sensei's Library diagram's links. `Err`: the exit code, when it cannot be drawn, or when
/// it is boards side by side, drawn already ([`side_by_side`]).
fn read_input(
    args: &SvgArgs,
    format: Format,
    g: GlobalArgs,
) -> Result<(String, sl_input::Read), i32> {
    if args.is_snippet() {
        let (name, text) = snippet::read(args.expr.as_deref())?;
        if let Some(code) = side_by_side(&name, &text, args, format, g) {
            return Err(code);
        }
        return sl_input::or_snippet(&name, &text, g.quiet).map(|c| (name, c));
    }
    let Some(path) = args.book.as_deref() else {
        super::report::error("name the book, or give a diagram snippet with -e");
        return Err(EXIT_USAGE);
    };
    let file = book_file::read_or_report(path)?;
    if let Some(code) = side_by_side(&file.name, &file.text, args, format, g) {
        return Err(code);
    }
    sl_input::or_book(&file, g.quiet).map(|c| (file.name, c))
}

/// A Sensei's Library diagram of boards side by side (`text`, named `name`): drawn in a
/// row (SVG, PNG), or written back as it is (`--format sl`, which the one board of a `::dia`
/// would lose); `None` for any other input, and for a player, which shows one board (the
/// boards as one, with a warning). The exit code.
fn side_by_side(
    name: &str,
    text: &str,
    args: &SvgArgs,
    format: Format,
    g: GlobalArgs,
) -> Option<i32> {
    let (d, boards) = sl_input::side_by_side(text)?;
    let bytes = match format {
        Format::Html => return None,
        Format::Sl => gobook::sl::write(&d).into_bytes(),
        Format::Svg | Format::Png => match sl_input::row_picture(&boards, &args.picture, format) {
            Ok((bytes, notes)) => {
                sl_input::print_notes(name, text, &notes, g.quiet);
                bytes
            }
            Err(message) => {
                super::report::error(&format!("{name}: {message}"));
                return Some(super::EXIT_CONTENT);
            }
        },
    };
    Some(picture::write_out(
        args.out.as_deref(),
        &bytes,
        g,
        args.force,
    ))
}

/// SVG or PNG, from `--format` and the output's extension (a folder's for `--all` has none).
pub fn output_format(args: &SvgArgs) -> Result<Format, i32> {
    let file = if args.all { None } else { args.out.as_deref() };
    picture::format_of(file, args.picture.format).map_err(|e| {
        super::report::error(&e);
        EXIT_USAGE
    })
}

fn unknown_id(book: &Book, id: &str) -> String {
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
    format!("no diagram has the ID `{id}`; {known}")
}

/// File name for diagram `i`: its position in the book, then its ID or kind, so files sort in reading order.
fn file_name(i: usize, d: &Diagram, format: Format) -> String {
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
    format!("{:03}-{name}.{}", i + 1, format.extension())
}

fn write_all(
    checked: &gobook::check::Checked,
    lang: &str,
    dir: &Path,
    pic: &PictureArgs,
    format: Format,
    g: GlobalArgs,
    force: bool,
) -> i32 {
    let book = &checked.resolved.book;
    if let Err(e) = std::fs::create_dir_all(dir) {
        super::report::error(&format!("cannot create {}: {e}", dir.display()));
        return EXIT_USAGE;
    }
    for (i, d) in book.diagrams.iter().enumerate() {
        let name = file_name(i, d, format);
        let bytes = match picture::draw(
            checked,
            d,
            lang,
            pic,
            format,
            &format!("d{}", i + 1),
            g.quiet,
        ) {
            Ok(b) => b,
            Err(e) => {
                super::report::error(&format!("{name}: {e}"));
                return EXIT_USAGE;
            }
        };
        match picture::write_file(&dir.join(&name), &bytes, force) {
            Ok(Some(aside)) if !g.quiet => eprintln!("{aside}"),
            Ok(_) => {}
            Err(message) => {
                super::report::error(&message);
                return EXIT_USAGE;
            }
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
