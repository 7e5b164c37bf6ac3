// The search folds text in the browser as gobook folds it at build time (crates/gobook-site/src/search/fold.rs;
// tests/it/search.rs runs it): the summary that lets the browser skip the parts of an index
// that cannot hold a query is made of text folded in Rust, and must name what the page's own
// folding finds.
//
//   node tests/browser/search-fold.mjs SITE_DIR SAMPLES.json
//
// SAMPLES.json is [[text, folded by Rust], ...]. Opens SITE_DIR/index.html from the file
// system and folds every text with the page's own `fold` (themes/default/search.js, as
// `self.gbSearchFold`). Exits 0 when every one is Rust's.
import { launchChromium } from './site-server.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [site, file] = process.argv.slice(2);
if (!site || !file) {
  console.error('usage: node search-fold.mjs SITE_DIR SAMPLES.json');
  process.exit(2);
}
const samples = JSON.parse(readFileSync(file, 'utf8'));
const browser = await launchChromium();
const page = await (await browser.newContext()).newPage();
await page.goto(pathToFileURL(join(site, 'index.html')).href);
const folded = await page.evaluate(texts => texts.map(t => self.gbSearchFold(t)), samples.map(([t]) => t));
await browser.close();
const points = s => Array.from(s, c => c.codePointAt(0).toString(16)).join(' ');
const wrong = samples.map(([t, rust], i) => [t, rust, folded[i]]).filter(([, rust, js]) => js !== rust);
for (const [t, rust, js] of wrong.slice(0, 10)) {
  console.log(`FAIL ${JSON.stringify(t.slice(0, 80))}: Rust ${JSON.stringify(rust.slice(0, 80))}, browser ${JSON.stringify(js.slice(0, 80))}`);
  console.log(`     code points: Rust ${points(rust).slice(0, 200)} | browser ${points(js).slice(0, 200)}`);
}
const nonAscii = samples.filter(([t]) => /[^\0-\x7f]/.test(t)).length;
console.log(`${wrong.length ? 'FAIL' : 'ok  '} ${samples.length - wrong.length} of ${samples.length} texts (${nonAscii} not ASCII) folded alike`);
console.log(wrong.length ? 'search fold: FAILED' : 'search fold: all passed');
process.exit(wrong.length ? 1 : 0);
