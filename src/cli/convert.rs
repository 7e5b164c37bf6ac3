//! `gobook convert IN OUT`: SGF <-> XML Go format, and SGF -> repaired FF[4] SGF.

use super::{report, GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::{Args, ValueEnum};
use gobook::sgf::{self, Collection};
use gobook::xml;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// A game file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// SGF, written as FF[4] in UTF-8
    Sgf,
    /// The XML Go format (go.dtd)
    Xml,
}

/// Arguments of `gobook convert`.
#[derive(Args)]
pub struct ConvertArgs {
    /// Input file (SGF or XML, told by content; `-` for standard input)
    pub input: PathBuf,
    /// Output file (.sgf or .xml, `-` for standard output)
    pub output: PathBuf,
    /// Format of the input (default: from its content, else its extension)
    #[arg(long, value_enum)]
    pub from: Option<Format>,
    /// Format of the output (default: from its extension; SGF on standard output)
    #[arg(long, value_enum)]
    pub to: Option<Format>,
    /// Replace an existing output file, even the input itself (the old file goes to the
    /// trash)
    #[arg(long)]
    pub force: bool,
}

fn is_dash(p: &Path) -> bool {
    p.as_os_str() == "-"
}

fn by_extension(p: &Path) -> Option<Format> {
    gobook::project::games::by_extension(p).map(from_game_format)
}

fn from_game_format(f: gobook::project::games::GameFormat) -> Format {
    match f {
        gobook::project::games::GameFormat::Sgf => Format::Sgf,
        gobook::project::games::GameFormat::Xml => Format::Xml,
    }
}

/// Runs the command and returns the exit code.
pub fn run(args: &ConvertArgs, g: GlobalArgs) -> i32 {
    let name = if is_dash(&args.input) {
        "<stdin>".to_string()
    } else {
        args.input.display().to_string()
    };
    let to = match args.to.or_else(|| by_extension(&args.output)) {
        Some(f) => f,
        None if is_dash(&args.output) => Format::Sgf,
        None => {
            report::error(&format!(
                "cannot tell the output format of {}: use .sgf or .xml, or --to sgf|xml",
                args.output.display()
            ));
            return EXIT_USAGE;
        }
    };
    let from_ext = if is_dash(&args.input) {
        None
    } else {
        by_extension(&args.input)
    };
    let same = super::safe_write::same_file(&args.input, &args.output);
    if same && !args.force && !is_dash(&args.input) {
        report::error(&format!(
            "{} is the input itself; write the converted game to a new file, or pass --force to replace the original",
            args.output.display()
        ));
        return EXIT_USAGE;
    }
    // As `import -o`: an existing file is replaced only when asked, and then kept in the trash.
    if !same && !args.force && !is_dash(&args.output) && args.output.symlink_metadata().is_ok() {
        report::error(&format!(
            "{} already exists; choose another name, or pass --force to replace it (the old file goes to the trash)",
            args.output.display()
        ));
        return EXIT_USAGE;
    }
    let bytes = match read_input(&args.input) {
        Ok(b) => b,
        Err(e) => {
            report::error(&format!("cannot read {name}: {e}"));
            return EXIT_CONTENT;
        }
    };
    // The content decides (old collections use `.mgt` or no extension); then the extension.
    let sniffed = gobook::project::games::sniff(&bytes).map(from_game_format);
    let from = match args.from.or(sniffed).or(from_ext) {
        Some(f) => f,
        None if is_dash(&args.input) => Format::Sgf,
        None => {
            report::error(&format!(
                "cannot tell the format of {name}: its content is neither SGF nor the XML Go format; use --from sgf|xml"
            ));
            return EXIT_USAGE;
        }
    };
    let read = match from {
        Format::Sgf => sgf::parse(&bytes)
            .map(|p| (p.collection, p.warnings))
            .map_err(|e| (e.line, e.col, e.message)),
        Format::Xml => xml::read(&bytes)
            .map(|p| (p.collection, p.warnings))
            .map_err(|e| (e.line, e.col, e.message)),
    };
    let (collection, warnings) = match read {
        Ok(r) => r,
        Err((line, col, message)) => {
            report::error(&format!("{name}:{line}:{col}: {message}"));
            return EXIT_CONTENT;
        }
    };
    if !g.quiet {
        super::game_file::print_warnings(&name, &warnings);
    }
    let text = render(&collection, to);
    match write_output(&args.output, &text, args.force) {
        Ok(Some(aside)) if !g.quiet => eprintln!("{aside}"),
        Ok(_) => {}
        Err(e) => {
            report::error(&format!("cannot write {}: {e}", args.output.display()));
            return EXIT_CONTENT;
        }
    }
    if g.verbose {
        eprintln!(
            "{name}: {} game(s), {} warning(s)",
            collection.games.len(),
            warnings.len()
        );
    }
    EXIT_OK
}

fn render(collection: &Collection, to: Format) -> String {
    match to {
        Format::Sgf => sgf::write(collection),
        Format::Xml => xml::write(collection),
    }
}

/// XML starts with `<` (after a byte order mark or blanks); anything else is taken for SGF.
fn read_input(p: &Path) -> std::io::Result<Vec<u8>> {
    if is_dash(p) {
        let mut buf = Vec::new();
        std::io::stdin().lock().read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        gobook::project::read::read(p)
    }
}

/// Writes the converted text to standard output or to a new file; with `force`, an existing
/// file is moved to the trash first and where it went is returned.
fn write_output(
    p: &Path,
    text: &str,
    force: bool,
) -> std::io::Result<Option<gobook::project::aside::Aside>> {
    if is_dash(p) {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        Ok(None)
    } else if force {
        super::safe_write::replace_forced(p, text.as_bytes())
    } else {
        super::safe_write::create_new(p, text.as_bytes()).map(|()| None)
    }
}
