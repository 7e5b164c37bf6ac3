#!/usr/bin/env bash
# Runs every test of gobook. Installs what the tests need first (see scripts/setup.sh).
# Each step's time is printed at the end (the README's figures come from these lines).
#
#   scripts/test.sh           everything, as CI runs it (`.ci/run`)
#   scripts/test.sh --quick   the inner loop after an edit: formatting, the library's unit
#                             tests and the integration tests but the slowest ones (the
#                             external checkers, the browsers, calibre, nvim, the PDF
#                             comparisons), which `scripts/test.sh` runs. No setup, no clippy.
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
report() {
    echo "scripts/test.sh$1: every step passed; seconds per step:"
    printf '%s\n' "${times[@]}"
}

if [[ "${1:-}" == "--quick" ]]; then
    # The integration tests left out, by the name filters libtest matches (a test whose path
    # holds one of these is skipped; libtest counts them as "filtered out"). They are the
    # slowest fifth, measured with `--report-time` (README, "The quick loop"): each runs an
    # external program for seconds (Java checkers, Chromium, calibre, nvim, pdftoppm) or
    # builds many books.
    slow=(
        checkers:: epub_calibre:: same_text:: epub_build::every_ epub_build::epubcheck_
        browser serve_editor:: svg_print:: hostile_text::a_game_repaired_on_every_node
        search::a_large_books_search search::the_search_folds search::position_search_in
        lsp_client::neovim pdf_validators:: pdf_same_book:: pdf_flow:: pdf_scale::
        svg_html::every_svg_passes svg_blog::png_ import_editions:: examples_build::
    )
    skips=()
    for s in "${slow[@]}"; do skips+=(--skip "$s"); done
    step cargo fmt --check
    step cargo test --lib --test it --locked --no-run
    step cargo test --lib --test it --locked -- "${skips[@]}"
    report " --quick"
    echo "(the slow tests above were left out: scripts/test.sh runs every test)"
    exit 0
fi

step bash scripts/setup.sh
# House habits first: they fail in seconds, the tests take minutes.
step cargo fmt --check
step cargo clippy --all-targets --locked -- -D warnings
step cargo test --all-targets --locked --no-run
step cargo test --all-targets --locked
# No `cargo test --doc`: gobook has no doc tests (its examples are tested in tests/), and the
# step only compiled the library once more for nothing.
# The library as library users and the fuzzers build it: no server, PNG, CSS bundler or LSP.
step cargo clippy --lib --locked --no-default-features -- -D warnings
step cargo test --lib --locked --no-default-features
report ""
