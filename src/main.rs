//! The `gobook` command line: parses arguments and hands each command to its module.

mod cli;

/// mimalloc instead of the system allocator: a build makes and drops thousands of
/// strings on every core, and glibc's per-thread heaps grew and shrank by a system
/// call at a time (6,000 `mprotect`s for the benchmark book). Version 2: version 3
/// committed whole arenas up front, 190 MB peak for the benchmark book against 150 MB.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(cli::run());
}
