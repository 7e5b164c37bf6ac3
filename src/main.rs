//! The `gobook` command line: parses arguments and hands each command to its module.

mod cli;

/// mimalloc instead of the system allocator: a build makes and drops thousands of
/// strings on every core, and glibc's per-thread heaps grew and shrank by a system
/// call at a time (6,000 `mprotect`s for the benchmark book). Version 2 without
/// transparent huge pages: version 3 committed whole arenas up front (190 MB peak for
/// the benchmark book), and huge pages made a build after much disk work twice as slow
/// while the kernel compacted memory for them.
#[global_allocator]
static ALLOCATOR: gobook::alloc::Allocator = gobook::alloc::Allocator;

fn main() {
    std::process::exit(cli::run());
}
