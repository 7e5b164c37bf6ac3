#!/usr/bin/env bash
# Builds the example book and takes screenshots of it with headless Chromium at phone and
# desktop widths, into docs/screenshots/. Look at them after any change to the theme.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
cargo run -q --release -- build -q examples/ear-reddening -o "$out/site"
mkdir -p docs/screenshots
shot() { # url width height file [extra flags]
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d)" --hide-scrollbars --window-size="$2,$3" ${5:-} \
    --screenshot="docs/screenshots/$4" "file://$out/site/$1" 2>/dev/null
}
shot en/index.html 1280 800 desktop-title.png
shot en/game.html 1400 1800 desktop-game.png
shot de/game.html 1400 1800 desktop-game-dark.png --force-dark-mode
shot en/problems.html 1280 900 desktop-problems.png
shot en/game.html 390 1600 phone-game.png
shot de/problems.html 390 1200 phone-problems.png
rm -rf "$out"
# The interactive diagrams in use (replay, expand, problems, pop-over): the browser tests take these.
GOBOOK_SCREENSHOTS="$PWD/docs/screenshots" cargo test -q --test browser
ls -1 docs/screenshots
