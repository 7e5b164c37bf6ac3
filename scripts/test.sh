#!/usr/bin/env bash
# Runs every test of gobook. Installs what the tests need first (see scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# House habits first: they fail in seconds, the tests take minutes.
cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings
cargo test --all-targets --locked
# No `cargo test --doc`: gobook has no doc tests (its examples are tested in tests/), and the
# step only compiled the library once more for nothing.
# The library as library users and the fuzzers build it: no server, PNG, CSS bundler or LSP.
cargo clippy --lib --locked --no-default-features -- -D warnings
cargo test --lib --locked --no-default-features
