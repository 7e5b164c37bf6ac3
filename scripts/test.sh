#!/usr/bin/env bash
# Runs every test of gobook. Installs what the tests need first (see scripts/setup.sh).
# Each step's time is printed at the end (the README's figures come from these lines).
#
#   scripts/test.sh           everything, as CI runs it (`.ci/run`)
#   scripts/test.sh --quick   the inner loop after an edit: formatting, the library's unit
#                             tests and the integration tests but the slowest ones (the
#                             external checkers, the browsers, calibre, nvim, the PDF
#                             comparisons), which `scripts/test.sh` runs. No setup; clippy
#                             lints what it compiles (see `lint`).
#
# Compiling and running are separate steps (`--no-run` first), so the times say which costs.
set -euo pipefail
cd "$(dirname "$0")/.."
times=()
step() {
    local start=$SECONDS
    "$@"
    times+=("$(printf '%4ds  %s' $((SECONDS - start)) "$*")")
}
# Lints as `cargo clippy -- -D warnings` with the code generated as well (see the full run).
lint() {
    RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)"
    CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
    export RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
}
report() {
    echo "scripts/test.sh$1: every step passed; seconds per step:"
    printf '%s\n' "${times[@]}"
}

if [[ "${1:-}" == "--quick" ]]; then
    # GOBOOK_QUICK makes the tests that need Chromium, Java (epubcheck, the Nu Html Checker),
    # calibre or nvim step aside, saying so (tests/common: `quick`); CI is unset because
    # there a missing tool is a failure. The name filters leave out the slowest tests that
    # need none of them (libtest counts them as "filtered out"): each builds many books
    # (measured with `--report-time`; README, "The quick loop").
    slow=(
        same_text:: hostile_text::a_game_repaired_on_every_node svg_print::
        cache_props::the_site_serve sgf_properties::token_soup pathological::a_ten_megabyte
        import_editions::
    )
    skips=()
    for s in "${slow[@]}"; do skips+=(--skip "$s"); done
    export GOBOOK_QUICK=1
    unset CI
    step cargo fmt --check
    lint
    step cargo test --lib --test it --locked --no-run
    step cargo test --lib --test it --locked -- "${skips[@]}"
    report " --quick"
    echo "(the quick loop leaves out the tests above that step aside or are filtered out;"
    echo " scripts/test.sh runs every test)"
    exit 0
fi

step bash scripts/setup.sh
# House habits first: they fail in seconds, the tests take minutes.
step cargo fmt --check
# Clippy lints the workspace's crates as they compile for the tests: clippy-driver is their
# compiler (RUSTC_WORKSPACE_WRAPPER and CLIPPY_ARGS, which is all `cargo clippy --all-targets
# -- -D warnings` sets), so every target is compiled once, for lints and tests together. A
# separate `cargo clippy` first checked every dependency (typst's 230 crates) in check mode,
# which a test build cannot reuse: 4 min of a fresh clone's 18. A lint fails this step as it
# fails `cargo clippy`; the quick loop compiles the same way, so neither rebuilds the other.
lint
step cargo test --all-targets --locked --no-run
step cargo test --all-targets --locked
# The library as library users and the fuzzers build it: no server, PNG, CSS bundler, print or
# LSP. Only gobook-core and gobook-render have code that these features switch (the crates
# above them have none), so they are what is tested again without them.
step cargo clippy -p gobook --lib --locked --no-default-features -- -D warnings
step cargo test -p gobook-core -p gobook-render --lib --locked --no-default-features
report ""
