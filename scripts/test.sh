#!/usr/bin/env bash
# Runs every test of gobook. Installs what the tests need first (see scripts/setup.sh).
# Each step's time is printed at the end (the README's figures come from these lines).
set -euo pipefail
cd "$(dirname "$0")/.."
times=()
step() {
    local start=$SECONDS
    "$@"
    times+=("$(printf '%4ds  %s' $((SECONDS - start)) "$*")")
}
step bash scripts/setup.sh
# House habits first: they fail in seconds, the tests take minutes.
step cargo fmt --check
step cargo clippy --all-targets --locked -- -D warnings
step cargo test --all-targets --locked
# No `cargo test --doc`: gobook has no doc tests (its examples are tested in tests/), and the
# step only compiled the library once more for nothing.
# The library as library users and the fuzzers build it: no server, PNG, CSS bundler or LSP.
step cargo clippy --lib --locked --no-default-features -- -D warnings
step cargo test --lib --locked --no-default-features
echo "scripts/test.sh: every step passed; seconds per step:"
printf '%s\n' "${times[@]}"
