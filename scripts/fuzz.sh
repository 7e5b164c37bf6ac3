#!/usr/bin/env bash
# Runs one cargo-fuzz target for a while, seeded from the repo's books and the
# shared corpora. Usage: scripts/fuzz.sh TARGET [SECONDS]
# Targets: gobook_parse, sgf_read, xml_read, book_pipeline, epub_build, import_convert,
# gobook_toml, inline_rich, svg_expr, png_render, md_blocks, mdbook_json, import_problems,
# book_files, output_paths (see docs/fuzzing.md).
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS]}
seconds=${2:-1800}
corpora=../shared/corpora
seeds=()
case $target in
  gobook_parse|book_pipeline|epub_build|inline_rich) seeds=(tests/books examples assets) ;;
  gobook_toml) seeds=(tests/fuzz/findings/gobook_toml) ;;
  # The hand-written seeds of the newer targets (tests/fuzz/findings/TARGET/seed-*) come first.
  svg_expr|png_render|book_files) seeds=("tests/fuzz/findings/$target" tests/books examples) ;;
  md_blocks) seeds=(tests/fuzz/findings/md_blocks docs) ;;
  mdbook_json|output_paths) seeds=("tests/fuzz/findings/$target") ;;
  import_problems) seeds=(tests/fuzz/findings/import_problems "$corpora/sgf-parse" "$corpora/sabaki-sgf" "$corpora/gogui/sgf-tests" "$corpora/reference") ;;
  sgf_read) seeds=(tests/fuzz/findings/sgf_read "$corpora/sgf-parse" "$corpora/sabaki-sgf" "$corpora/sgfc" "$corpora/libsgfcplusplus" "$corpora/gogui/sgf-tests" "$corpora/littlego" "$corpora/reference") ;;
  import_convert) seeds=("$corpora/sgf-parse" "$corpora/sabaki-sgf" "$corpora/sgfc" "$corpora/libsgfcplusplus" "$corpora/gogui/sgf-tests" "$corpora/littlego" "$corpora/reference") ;;
  xml_read) seeds=("$corpora/gogui/xml-test-cases" "$corpora/reference/gogui-xml") ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
dict=()
case $target in
  gobook_parse|book_pipeline|epub_build|inline_rich|svg_expr|png_render|md_blocks|book_files) dict=(-dict=dict/gobook.dict) ;;
  sgf_read|import_convert|import_problems) dict=(-dict=dict/sgf.dict) ;;
esac
existing=()
for s in "${seeds[@]}"; do [ -d "$s" ] && existing+=("../$s"); done
mkdir -p "fuzz/corpus/$target"
cd fuzz
# -fork keeps the run going after a finding, so one run covers the whole time;
# findings land in fuzz/artifacts/TARGET/.
exec cargo +nightly fuzz run -O "$target" "corpus/$target" "${existing[@]}" -- \
  "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 \
  -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
