//! The `gobook` command line: parses arguments and hands each command to its module.

#![forbid(unsafe_code)]

mod cli;

fn main() {
    std::process::exit(cli::run());
}
