//! `gobook lsp`: the language server, speaking on standard input and output.

use super::GlobalArgs;
#[cfg(feature = "lsp")]
use super::{EXIT_OK, EXIT_USAGE};
use clap::Args;

/// Arguments of `gobook lsp`.
#[derive(Args)]
pub struct LspArgs {
    /// Talk over standard input and output (the only way; editors pass it by habit)
    #[arg(long)]
    pub stdio: bool,
}

/// Runs the language server until the editor says `exit`.
#[cfg(not(feature = "lsp"))]
pub fn run(_args: &LspArgs, _g: GlobalArgs) -> i32 {
    super::lacks_feature("`gobook lsp`", "lsp")
}

/// Runs the language server until the editor says `exit`.
#[cfg(feature = "lsp")]
pub fn run(_args: &LspArgs, _g: GlobalArgs) -> i32 {
    match gobook::lsp::run_stdio() {
        Ok(()) => EXIT_OK,
        Err(e) => {
            super::report::error(&e.to_string());
            EXIT_USAGE
        }
    }
}
