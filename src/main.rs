//! The `gobook` command line: parses arguments and hands each command to its module.

#![forbid(unsafe_code)]

mod cli;

/// mimalloc instead of the system allocator: a build's threads make and drop many small
/// strings, and glibc's per-thread heaps held more of them. The 16x benchmark book peaked at
/// 305 MB on glibc and at 262 MB on mimalloc (docs/benchmarks.md, "How cost grows").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(cli::run());
}
