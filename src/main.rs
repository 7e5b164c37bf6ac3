//! The `gobook` command line: parses arguments and hands each command to its module.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
