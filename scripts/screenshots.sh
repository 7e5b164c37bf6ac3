#!/usr/bin/env bash
# Builds the example book and takes screenshots of it with headless Chromium at phone and
# desktop widths, into docs/screenshots/. Look at them after any change to the theme.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
cargo run -q --release -- build -q examples/ear-reddening -o "$out/site" --epub
mkdir -p docs/screenshots
shot() { # path under $out, width, height, file [extra flags]
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d)" --hide-scrollbars --window-size="$2,$3" ${5:-} \
    --screenshot="docs/screenshots/$4" "file://$out/$1" 2>/dev/null
}
shot site/en/index.html 1280 800 desktop-title.png
shot site/en/game.html 1400 1800 desktop-game.png
shot site/de/game.html 1400 1800 desktop-game-dark.png --force-dark-mode
shot site/en/problems.html 1280 900 desktop-problems.png
shot site/en/game.html 390 1600 phone-game.png
shot site/de/problems.html 390 1200 phone-problems.png
# The e-book, unpacked: chapters opened as files are XHTML, as in a reading system.
mkdir -p "$out/epub"
(cd "$out/epub" && unzip -q ../site/ear-reddening-en.epub)
text="$out/epub/OEBPS/text"
# The answers at the end of the chapter, shown opened.
sed 's/<details class="gb-solution" id=/<details open="open" class="gb-solution" id=/' "$text/problems.xhtml" >"$text/problems-open.xhtml"
shot epub/OEBPS/text/game.xhtml 800 1200 epub-chapter.png
shot epub/OEBPS/text/problems-open.xhtml 800 1200 epub-solutions.png
# A long commented game of other people, imported (docs/import.md), when the corpora are there.
game="../shared/corpora/littlego/sgf/Famous games/Blood-vomiting game.sgf"
if [ -f "$game" ]; then
  cargo run -q --release -- import -q "$game" -o "$out/blood.gobook"
  cargo run -q --release -- build -q "$out/blood.gobook" -o "$out/blood"
  shot blood/index.html 1280 1500 import-commented-game.png
fi
rm -rf "$out"
# The interactive diagrams in use (replay, expand, problems, pop-over, an e-book
# chapter mid-replay): the browser tests take these.
GOBOOK_SCREENSHOTS="$PWD/docs/screenshots" cargo test -q --test it browser::
# The page layout (a chapter, rows of narrow diagrams; desktop and phone, light, dark, print).
GOBOOK_SCREENSHOTS="$PWD/docs/screenshots" cargo test -q --test it browser_layout::
ls -1 docs/screenshots
