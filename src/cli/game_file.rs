//! Reading a game file (SGF or XML, told by content) for the commands that take
//! games, with what the reader repaired printed as `FILE:LINE:COL: warning: ...`.

use super::{report, GlobalArgs, EXIT_CONTENT, EXIT_USAGE};
use gobook::project::games::{self as game_format, GameFormat};
use gobook::sgf::GameTree;
use gobook::sgf::Warning;
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

/// Reads the first game of an SGF or XML file (told by content, else by extension),
/// printing what had to be repaired as `FILE:LINE:COL: warning: ...`; the exit code on failure.
pub fn read_game(path: &Path, g: GlobalArgs) -> Result<GameTree, i32> {
    let mut games = read_games(path, g)?;
    if games.len() > 1 && !g.quiet {
        eprintln!(
            "{}: warning: the file holds {} games; only the first is used",
            path.display(),
            games.len()
        );
    }
    Ok(games.swap_remove(0))
}

/// Reads every game of an SGF or XML file, as [`read_game`] does; at least one.
pub fn read_games(path: &Path, g: GlobalArgs) -> Result<Vec<GameTree>, i32> {
    let name = path.display().to_string();
    let bytes = match gobook::project::read::read(path) {
        Ok(b) => b,
        Err(e) => {
            report::error(&format!("cannot read {name}: {e}"));
            return Err(EXIT_USAGE);
        }
    };
    // The content decides: old collections use `.mgt`, or no extension at all.
    let xml = game_format::sniff(&bytes).or_else(|| game_format::by_extension(path))
        == Some(GameFormat::Xml);
    let read = if xml {
        gobook::xml::read(&bytes)
            .map(|p| (p.collection, p.warnings))
            .map_err(|e| (e.line, e.col, e.message))
    } else {
        gobook::sgf::parse(&bytes)
            .map(|p| (p.collection, p.warnings))
            .map_err(|e| (e.line, e.col, e.message))
    };
    let (collection, warnings) = match read {
        Ok(r) => r,
        Err((line, col, message)) => {
            report::error(&format!("{name}:{line}:{col}: {message}"));
            return Err(EXIT_CONTENT);
        }
    };
    if !g.quiet {
        print_warnings(&name, &warnings);
    }
    if collection.games.is_empty() {
        report::error(&format!("{name} holds no game"));
        return Err(EXIT_CONTENT);
    }
    Ok(collection.games)
}

/// Prints what the game reader repaired as `FILE:LINE:COL: warning: ...`, at most
/// [`SHOWN_PER_FILE`](gobook::diagnostics::SHOWN_PER_FILE) of them and a line counting
/// the rest, as for a book: a broken game can have a repair on every node.
/// Shared by `import`, `svg` of a game and `convert`.
pub fn print_warnings(name: &str, warnings: &[Warning]) {
    use gobook::diagnostics::{more_line, SHOWN_PER_FILE};
    let mut out = String::new();
    for w in warnings.iter().take(SHOWN_PER_FILE) {
        let _ = writeln!(
            out,
            "{name}:{}:{}: warning: {} [{}]",
            w.line,
            w.col,
            gobook::chars::visible(&w.message),
            w.code
        );
    }
    if let Some(line) = more_line(name, 0, warnings.len().saturating_sub(SHOWN_PER_FILE)) {
        let _ = writeln!(out, "{line}");
    }
    let _ = std::io::stderr().lock().write_all(out.as_bytes());
}
