#!/usr/bin/env bash
# Installs the tools the test suite needs beyond cargo. Safe to run again: it skips what is there.
set -euo pipefail
need=()
# Headless chromium renders diagrams and pages to PNG for the visual checks (docs/diagrams).
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# (Validator packages join this list as the features that need them land.)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi
