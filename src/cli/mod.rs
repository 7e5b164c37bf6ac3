//! Command definitions (clap) and dispatch; each command lives in its own file.

mod book_file;
mod build;
mod check;
mod convert;
mod count;
mod fmt;
mod game_file;
mod game_source;
mod import;
mod init;
mod inspect;
mod lsp;
mod md;
mod mdbook;
mod picture;
mod safe_write;
mod serve;
mod sl_input;
mod snippet;
mod svg;
mod svg_game;

use clap::{Args, Parser, Subcommand};

/// Exit code for success.
pub const EXIT_OK: i32 = 0;
/// Exit code when the content has errors, or a file cannot be read or written.
pub const EXIT_CONTENT: i32 = 1;
/// Exit code for wrong usage or a command that is not built yet.
pub const EXIT_USAGE: i32 = 2;

#[derive(Parser)]
#[command(
    name = "gobook",
    version,
    about = "Turn Go books written in the gobook format into websites and e-books",
    long_about = "gobook turns Go (weiqi, baduk) books written in the gobook text format into \
static websites and e-books whose diagrams are crisp inline SVG. It also reads SGF and the XML Go \
format so that existing games become books.",
    after_help = "Examples:\n  gobook init my-book\n  gobook serve my-book --open\n  gobook check examples/problems/problems.gobook\n  gobook fmt --check book.gobook\n\nRun `gobook <COMMAND> --help` for the details of a command.",
    propagate_version = true
)]
struct Cli {
    #[command(flatten)]
    global: GlobalArgs,
    #[command(subcommand)]
    command: Command,
}

/// Options every command understands.
#[derive(Args, Clone, Copy)]
pub struct GlobalArgs {
    /// Print only errors
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print more about what is being done
    #[arg(short, long, global = true)]
    pub verbose: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Create a starter book that builds
    #[command(after_help = "Example:\n  gobook init my-book")]
    Init(init::InitArgs),
    /// Build the website (and e-books) of a book
    #[command(
        after_help = "Examples:\n  gobook build examples/annotated-game -o site\n  gobook build examples/multilingual --epub\n  gobook build game.sgf --epub --pdf        a game: the book `gobook import` would write, site/ beside it\n  gobook build --problems problems/         a folder of problem files"
    )]
    Build(build::BuildArgs),
    /// Serve the book with live reload while you edit it
    #[command(
        after_help = "Examples:\n  gobook serve examples/annotated-game --open\n  gobook serve my-book/book.gobook --port 8080\n  gobook serve game.sgf --open               a game, rebuilt at every save of the SGF"
    )]
    Serve(serve::ServeArgs),
    /// Check a book for errors without building it
    #[command(
        after_help = "Examples:\n  gobook check book.gobook\n  gobook check book.gobook --format json\n  gobook check game.sgf                      a game's problems, at their lines in the SGF"
    )]
    Check(check::CheckArgs),
    /// Rewrite a book in the standard layout
    #[command(
        after_help = "Examples:\n  gobook fmt book.gobook\n  gobook fmt --check book.gobook\n  cat book.gobook | gobook fmt - > tidy.gobook"
    )]
    Fmt(fmt::FmtArgs),
    /// Print the resolved book (diagrams, moves, captions) as JSON
    #[command(after_help = "Example:\n  gobook inspect book.gobook --lang en")]
    Inspect(inspect::InspectArgs),
    /// Write diagrams as standalone SVG or PNG files, from a book, a game or a typed snippet
    #[command(
        after_help = "Examples:\n  gobook svg book.gobook --id dia2 -o dia2.svg\n  gobook svg book.gobook --all -o diagrams/\n  gobook svg -e '::dia sz=9 ab=C3 tr=C3' -o c.png    a typed diagram as PNG, no book\n  echo '::dia ab=Q16' | gobook svg - --crop          from standard input, cropped\n\nFrom a game (SGF or XML, told by content: .sgf, .mgt, .xml or none); move numbers count stones played, passes left out:\n  gobook svg game.sgf -o end.svg                     the final position, last move circled\n  gobook svg game.sgf --move 37 -o m37.svg           the board after move 37, move 37 circled\n  gobook svg game.sgf --from 51 --to 100 --caption   moves 51-100 numbered on the position before 51,\n                                                     with the caption and the line of moves not drawn\n  gobook svg game.sgf --move 20 --view A1K10 --coords   the lower-left corner, with coordinates\n\nA player for any page (one HTML fragment with the site's replay or problem, script and style\ninline; several share a page):\n  gobook svg game.sgf -o game.html                   the whole game to replay, with its comments\n  gobook svg game.sgf --from 51 --to 100 --format html   moves 51-100\n  gobook svg -e '::prb sz=9 ab=C3D3 aw=C4 correct=\"D4\"' -o prb.html   a problem answered by clicking"
    )]
    Svg(svg::SvgArgs),
    /// Replace the gobook and sgf code blocks of a Markdown file by inline SVG diagrams
    #[command(
        after_help = "Example:\n  gobook md post.md -o content/post.md\n\nIn the Markdown:\n  ```gobook caption\n  ::dia sz=9 ab=C3D4 aw=E5 ca=\"Black to play\"\n  ```\n  ```sgf from=1 to=20\n  (;SZ[19];B[pd];W[dp])\n  ```\nBlock options: caption, crop, width=PX, interactive (a player, as `gobook svg --format html` writes); gobook: id=ID; sgf: move=N, from=A, to=B, view=A1K10, coords."
    )]
    Md(md::MdArgs),
    /// The mdBook preprocessor: diagrams in an mdBook's chapters
    #[command(
        after_help = "In book.toml:\n  [preprocessor.gobook]\n  command = \"gobook mdbook\"\n\nthen write ```gobook and ```sgf blocks in the chapters, as for `gobook md`."
    )]
    Mdbook(mdbook::MdbookArgs),
    /// Convert a game between SGF and the XML Go format
    #[command(after_help = "Example:\n  gobook convert game.sgf game.xml")]
    Convert(convert::ConvertArgs),
    /// Make a book (or a chapter) from an SGF or XML game, or from problem files
    Import(import::ImportArgs),
    /// The language server for editors (VS Code, Neovim, Helix...), on standard input and output
    #[command(
        after_help = "Started by the editor, not by hand: see docs/editors.md for VS Code, Neovim and Helix."
    )]
    Lsp(lsp::LspArgs),
}

/// Runs the command line and returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let g = cli.global;
    match cli.command {
        Command::Check(args) => check::run(&args, g),
        Command::Fmt(args) => fmt::run(&args, g),
        Command::Init(args) => init::run(&args, g),
        Command::Build(args) => build::run(&args, g),
        Command::Serve(args) => serve::run(&args, g),
        Command::Inspect(args) => inspect::run(&args, g),
        Command::Svg(args)
            if !args.is_snippet() && args.book.as_deref().is_some_and(svg_game::is_game) =>
        {
            svg_game::run(&args, g)
        }
        Command::Svg(args) => svg::run(&args, g),
        Command::Md(args) => md::run(&args, g),
        Command::Mdbook(args) => mdbook::run(&args, g),
        Command::Convert(args) => convert::run(&args, g),
        Command::Import(args) => import::run(&args, g),
        Command::Lsp(args) => lsp::run(&args, g),
    }
}

/// Says that this gobook was built without the Cargo feature a command needs, and how to
/// get it; the exit code is that of wrong usage (2).
#[cfg(not(all(feature = "serve", feature = "lsp", feature = "png", feature = "pdf")))]
pub fn lacks_feature(what: &str, feature: &str) -> i32 {
    report::error(&format!(
        "{what} needs the Cargo feature `{feature}`, which this gobook was built without; \
         rebuild it with `cargo install gobook --features {feature}` (or with the default features)"
    ));
    EXIT_USAGE
}

/// Writes `text` and a newline to standard output; a closed pipe (`| head`) is not an error.
pub fn print_stdout(text: &str) -> i32 {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|_| out.flush()) {
        Ok(()) => EXIT_OK,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            report::error(&format!("cannot write to standard output: {e}"));
            EXIT_USAGE
        }
    }
}

/// Opens a file or URL in the browser (`$BROWSER`, else the system's default); failing is only a note.
pub fn open_in_browser(path: &std::path::Path) {
    let is_url = path.to_string_lossy().starts_with("http");
    // A relative path means nothing to a browser started elsewhere.
    let target = if is_url {
        path.to_path_buf()
    } else {
        std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
    };
    if opener::open_browser(&target).is_err() {
        eprintln!("Open {} in your browser.", target.display());
    }
}

/// The language to work in: the one asked for, or the book's first.
pub fn choose_language(asked: Option<&str>, book_langs: &[String]) -> Result<String, i32> {
    match asked {
        Some(l) if gobook::format::schema::is_language(l) => Ok(l.to_string()),
        Some(l) => {
            report::error(&format!(
                "`{l}` is not a language tag; the book has: {}",
                book_langs.join(", ")
            ));
            Err(EXIT_USAGE)
        }
        None => Ok(book_langs.first().cloned().unwrap_or_else(|| "en".into())),
    }
}

/// Small helpers for messages on standard error, coloured when the terminal allows it.
pub mod report {
    use anstyle::{AnsiColor, Style};
    use std::io::Write;

    const ERROR: Style = AnsiColor::Red.on_default().bold();

    /// Prints `error: MESSAGE` on standard error; control characters quoted from a
    /// file are shown as visible stand-ins, so they cannot drive the terminal.
    pub fn error(message: &str) {
        let mut err = anstream::stderr();
        let _ = writeln!(
            err,
            "{ERROR}error{ERROR:#}: {}",
            gobook::chars::visible(message)
        );
    }
}
