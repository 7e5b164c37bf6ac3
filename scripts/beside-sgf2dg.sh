#!/usr/bin/env bash
# Prints the same SGF files with gobook and with sgf2dg, for docs/pdf.md ("Beside sgf2dg"):
# a commented game, a problem page, its solutions and a Japanese game. Each page goes into
# docs/screenshots/beside-sgf2dg-WHAT-{gobook,sgf2dg}.png at 100 dpi, so both are at their
# paper's true scale; look at them side by side after a change to print.
# sgf2dg's own route is plain TeX (its GOOE fonts), as its manual has it; it cannot read
# Japanese there, so the Japanese game goes through its PDF converter.
# Needs the corpora (../shared/corpora), poppler-utils and sgf2dg with TeX:
#   apt install sgf2dg libpdf-create-perl texlive-base texlive-binaries texlive-plain-generic
set -euo pipefail
cd "$(dirname "$0")/.."
gobook=${GOBOOK_BIN:-target/release/gobook}
corpora=../shared/corpora
shots=$PWD/docs/screenshots
for tool in sgf2dg tex dvipdfmx pdftoppm; do
  command -v "$tool" >/dev/null || { echo "beside-sgf2dg: $tool is missing (see this script's head)" >&2; exit 2; }
done
[ -x "$gobook" ] || cargo build -q --release
gobook=$(realpath "$gobook")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

page() { # pdf, page number, what, who
  pdftoppm -r 100 -f "$2" -l "$2" -singlefile -png "$1" "$shots/beside-sgf2dg-$3-$4"
}
by_gobook() { # what, game (file or folder), import flags...
  local what=$1 game=$2
  shift 2
  "$gobook" import -q "$@" "$game" -o "$out/$what/book.gobook"
  SOURCE_DATE_EPOCH=1700000000 "$gobook" build -q --only-pdf "$out/$what" -o "$out/$what/pdf"
  ls "$out/$what"/pdf/*.pdf
}
by_sgf2dg_tex() { # what, sgf file, sgf2dg flags...
  local what=$1 sgf=$2 name
  shift 2
  name=$(basename "$sgf" .sgf)
  mkdir -p "$out/$what-s2d"
  cp "$sgf" "$out/$what-s2d/$name.sgf"
  (cd "$out/$what-s2d" && sgf2dg "$@" "$name.sgf" >/dev/null 2>&1 &&
    tex -interaction=batchmode "$name.tex" >/dev/null && dvipdfmx -q "$name.dvi")
  echo "$out/$what-s2d/$name.pdf"
}

# A commented game: the Blood-vomiting game (246 moves, 45 comments), 50 moves a figure.
game="$corpora/littlego/sgf/Famous games/Blood-vomiting game.sgf"
page "$(by_gobook game "$game")" 5 game gobook
page "$(by_sgf2dg_tex game "$game" -m 50)" 2 game sgf2dg

# Problems with right and wrong answers (Glift's), and their solutions.
mkdir -p "$out/problems-in"
for f in complexproblem easy gogameguruHard realproblem twoOptions; do
  cp "$corpora/glift/$f.sgf" "$out/problems-in/"
done
problems=$(by_gobook problems "$out/problems-in" --problems)
page "$problems" 4 problems gobook
page "$problems" 6 solutions gobook
s2d=$(by_sgf2dg_tex problems "$corpora/glift/complexproblem.sgf")
page "$s2d" 1 problems sgf2dg
page "$s2d" 2 solutions sgf2dg

# A Japanese game (Shift_JIS, players' names and a comment in Japanese), in a Japanese book.
ja="$corpora/sabaki-sgf/japanese.sgf"
page "$(by_gobook japanese "$ja" --lang ja)" 4 japanese gobook
mkdir -p "$out/japanese-s2d"
cp "$ja" "$out/japanese-s2d/"
(cd "$out/japanese-s2d" && sgf2dg -converter PDF japanese.sgf >/dev/null 2>&1)
page "$out/japanese-s2d/japanese.pdf" 1 japanese sgf2dg
ls -1 "$shots"/beside-sgf2dg-*
