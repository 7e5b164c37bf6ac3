//! `gobook serve`: preview a book in the browser while writing it.

use super::GlobalArgs;
#[cfg(feature = "serve")]
use super::{EXIT_OK, EXIT_USAGE};
use clap::Args;
use std::path::PathBuf;

/// Arguments of `gobook serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The book: a .gobook file or a folder holding one; or a game (SGF or XML) or a folder
    /// of games, served as the book `gobook import` would write of it, rebuilt at every save
    #[arg(default_value = ".")]
    pub book: PathBuf,
    /// Port to listen on (0: any free port)
    #[arg(short, long, default_value_t = 3000)]
    pub port: u16,
    /// Address to listen on; anything but loopback shares the book with the network
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the book in a browser
    #[arg(long)]
    pub open: bool,
    /// How a game becomes a book.
    #[command(flatten)]
    pub game: super::game_source::GameArgs,
}

/// Without the `serve` feature: says so.
#[cfg(not(feature = "serve"))]
pub fn run(_args: &ServeArgs, _g: GlobalArgs) -> i32 {
    super::lacks_feature("`gobook serve`", "serve")
}

/// Runs `gobook serve`.
#[cfg(feature = "serve")]
pub fn run(args: &ServeArgs, g: GlobalArgs) -> i32 {
    let games = if gobook::game_book::is_game_source(&args.book) {
        match args.game.request() {
            Ok(r) => Some(r),
            Err(code) => return code,
        }
    } else if let Err(code) = args.game.refuse_for_book(&args.book) {
        return code;
    } else {
        None
    };
    let book = if games.is_some() {
        args.book.clone()
    } else {
        match super::book_file::locate(&args.book) {
            Ok(b) => b,
            Err(msg) => {
                super::report::error(&msg);
                return EXIT_USAGE;
            }
        }
    };
    let open = args.open;
    let opts = gobook::serve::ServeOptions {
        book,
        host: args.host.clone(),
        port: args.port,
        quiet: g.quiet,
        on_listen: Box::new(move |url: &str| {
            if open {
                super::open_in_browser(std::path::Path::new(url));
            }
        }),
        games,
    };
    match gobook::serve::run(opts) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            super::report::error(&e.to_string());
            EXIT_USAGE
        }
    }
}
