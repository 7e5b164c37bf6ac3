#!/usr/bin/env bash
# CPU time of an idle `gobook serve` (docs/benchmarks.md, "Idle preview server").
#
# Builds a book folder in a temporary folder (the book, gobook.toml, an extra style sheet,
# a subfolder of 300 images of which the book shows 20), starts `gobook serve` inside it
# with its output going to a log file in the same folder, as `gobook serve > serve.log 2>&1`
# would, saves the book once and lets it settle, then reads the process's user + system time from /proc/PID/stat
# before and after SECONDS of doing nothing.
#
# Usage: scripts/bench-idle-serve.sh [BINARY] [SECONDS]
#   BINARY   the gobook binary (default: target/debug/gobook; idle cost hardly depends
#            on the profile, so the debug build is fine)
#   SECONDS  how long to stay idle (default: 60)
# With KEEP=1 the book folder and its serve.log are kept for a look.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-target/debug/gobook}")
secs=${2:-60}
tick=$(getconf CLK_TCK)

dir=$(mktemp -d)
pid=
cleanup() {
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    [ -n "${KEEP:-}" ] && echo "kept $dir" || rm -rf "$dir"
}
trap cleanup EXIT

book="$dir/book"
mkdir -p "$book/img"
for i in $(seq 1 300); do
    printf '\x89PNG\r\n\x1a\nimage %d\n' "$i" > "$book/img/p$i.png"
done
{
    printf '::book(#idle) title="Idle"\n\n'
    for c in $(seq 1 20); do
        printf '::chapter\n\n::h1 Chapter %d\n\nSome text of chapter %d.\n\n::dia ab=Q16 aw=D4 mv=C16\n\nAbout the diagram.\n\n::img url="img/p%d.png"\n\n' "$c" "$c" "$c"
    done
} > "$book/book.gobook"
printf '.gb-page { --accent: teal; }\n' > "$book/extra.css"
printf 'extra_css = ["extra.css"]\n' > "$book/gobook.toml"

cd "$book"
"$bin" serve --port 0 > serve.log 2>&1 &
pid=$!
cd - > /dev/null
for _ in $(seq 1 100); do
    grep -q "Serving" "$book/serve.log" 2>/dev/null && break
    sleep 0.1
done
grep -q "Serving" "$book/serve.log" || { echo "the server did not start:"; cat "$book/serve.log"; exit 1; }
# One save, as in any writing session, then nothing more.
sleep 1
printf 'A last paragraph.\n' >> "$book/book.gobook"
sleep 2

cpu() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
rebuilt() { grep -c "Rebuilt" "$book/serve.log" || true; }
t0=$(cpu)
r0=$(rebuilt)
sleep "$secs"
t1=$(cpu)
r1=$(rebuilt)
awk -v a="$t0" -v b="$t1" -v t="$tick" -v s="$secs" -v r=$((r1 - r0)) -v bin="$bin" \
    'BEGIN { printf "%s: %.2f s of CPU time (user + system) over %d s idle, %d rebuilds\n", bin, (b - a) / t, s, r }'
