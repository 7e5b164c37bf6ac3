#!/usr/bin/env bash
# Screenshots docs/diagrams/index.html (written by `UPDATE_GOLDEN=1 cargo test --test it svg_golden`)
# in light and dark mode, for reviewers to look at every golden diagram at once.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v chromium >/dev/null 2>&1 || bash scripts/setup.sh
shot() {
  local out=$1; shift
  local profile
  profile=$(mktemp -d)
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --window-size=1200,1500 \
    --screenshot="$out" "$@" "file://$PWD/docs/diagrams/index.html" >/dev/null 2>&1
  rm -rf "$profile"
}
shot docs/diagrams/contact-sheet.png
shot docs/diagrams/contact-sheet-dark.png --force-dark-mode
echo "wrote docs/diagrams/contact-sheet.png and contact-sheet-dark.png"
