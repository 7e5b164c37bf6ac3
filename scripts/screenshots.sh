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
# Diagrams as a reader of issue #19 checks them, drawn as PNG (gobook svg, resvg):
# the gaps line naming every move's place, with letters where the board shows nothing;
# moves outside a partial view listed; move numbers past 99 as tall as two digits; a
# mark on a numbered stone drawn as a corner badge.
svg() { cargo run -q --release -- svg -q --caption "$@"; }
svg tests/books/valid/gaps-locations.gobook --id kos --width 480 -o docs/screenshots/diagram-gaps-locations.png
svg examples/ear-reddening --id fig3 --width 640 -o docs/screenshots/diagram-three-digit-numbers.png
svg -e '::go(#g) sz=19 mv="Q16 D4 Q3 D16 C14 F17 P5 R9 C6 C10"
::fig at=1 to=10 vw=K1T10' --width 480 -o docs/screenshots/diagram-outside-view.png
svg -e '::go sz=9 mv=C3D4D3E4E3F4F3G4G3
::dia sz=9 mv=C7C6D7D6 mn=99 tr=C7 sq=C6 cr=D7 vw=A4F9 ca="Marks on numbered stones"' --width 400 -o docs/screenshots/diagram-mark-badges.png
rm -rf "$out"
# The interactive diagrams in use (replay, expand, problems, pop-over, an e-book
# chapter mid-replay): the browser tests take these.
GOBOOK_SCREENSHOTS="$PWD/docs/screenshots" cargo test -q --test it browser::
# The page layout (a chapter, rows of narrow diagrams; desktop and phone, light, dark, print).
GOBOOK_SCREENSHOTS="$PWD/docs/screenshots" cargo test -q --test it browser_layout::
# Players (`gobook svg --format html`) on a page gobook did not write, at 1280 and 390 px.
GOBOOK_SCREENSHOTS="$PWD/docs/screenshots" cargo test -q --test it svg_html::players
ls -1 docs/screenshots
