// Vertical Japanese as a reader sees it (tests/it/vertical_ja.rs runs it over
// tests/books/vertical-ja, built with `vertical_ja = true`):
//
//   node tests/browser/vertical.mjs SITE_DIR [XHTML_FILE]
//
// On the site's Japanese page (and, given, the EPUB's chapter document) a paragraph runs
// top to bottom and is taller than wide, the first paragraph stands right of the next, a
// short number stands upright in one square, the board stays upright (as wide as tall,
// its stones not rotated); the English page stays horizontal. Exits 1 when a check fails.
import { serveSite, launchChromium } from './site-server.mjs';

const [site, xhtml] = process.argv.slice(2);
if (!site) {
  console.error('usage: node vertical.mjs SITE_DIR [XHTML_FILE]');
  process.exit(2);
}
const server = await serveSite(site);
const browser = await launchChromium();
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
let code = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) code = 1;
};
const measure = () => page.evaluate(() => {
  const box = e => e.getBoundingClientRect();
  const ps = [...document.querySelectorAll('main p, body.gb-epub p')].filter(p => p.textContent.length > 25);
  const tcy = document.querySelector('.gb-tcy');
  const svg = document.querySelector('figure svg.gb');
  return {
    mode: getComputedStyle(ps[0]).writingMode,
    first: box(ps[0]).toJSON(),
    second: ps[1] && box(ps[1]).toJSON(),
    tcy: tcy && box(tcy).toJSON(),
    tcyText: tcy && tcy.textContent,
    svg: svg && box(svg).toJSON(),
    svgMode: svg && getComputedStyle(svg.closest('figure')).writingMode,
  };
});
const vertical = async where => {
  const m = await measure();
  check(m.mode === 'vertical-rl', `${where}: paragraphs are vertical-rl (${m.mode})`);
  check(m.first.height > m.first.width * 1.5, `${where}: a Japanese paragraph is taller than wide (${m.first.width.toFixed(0)} x ${m.first.height.toFixed(0)})`);
  check(m.first.left > m.second.right - 1, `${where}: the first paragraph stands right of the next (${m.first.left.toFixed(0)} > ${m.second.right.toFixed(0)})`);
  check(m.tcy && Math.abs(m.tcy.width - m.tcy.height) < m.tcy.width * 0.6, `${where}: "${m.tcyText}" stands upright in one square (${m.tcy && m.tcy.width.toFixed(1)} x ${m.tcy && m.tcy.height.toFixed(1)})`);
  check(m.svg && Math.abs(m.svg.width - m.svg.height) < 2 && m.svg.width > 150, `${where}: the board is upright and full size (${m.svg && m.svg.width.toFixed(0)} x ${m.svg && m.svg.height.toFixed(0)})`);
  check(m.svgMode === 'horizontal-tb', `${where}: the figure is set horizontally inside (${m.svgMode})`);
};
await page.goto(server.base + '/ja/index.html');
await vertical('site');
await page.goto(server.base + '/en/index.html');
const en = await measure();
check(en.mode === 'horizontal-tb' && en.first.width > en.first.height, `the English page stays horizontal (${en.mode}, ${en.first.width.toFixed(0)} x ${en.first.height.toFixed(0)})`);
if (xhtml) {
  await page.goto('file://' + xhtml);
  await vertical('e-book');
}
await browser.close();
server.close();
process.exit(code);
