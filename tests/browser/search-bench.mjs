// Search times in Chromium with the CPU slowed four times (docs/benchmarks.md):
//
//   node tests/browser/search-bench.mjs SITE_DIR [LANG] [RATE] [first]
//
// RATE is the CPU slowdown (4 unless given; 1 to compare with an unthrottled run); with
// `first`, only the times on a page just opened.
// Opens SITE_DIR/LANG/index.html from the file system. First, each on a page just opened
// (nothing of the indexes loaded), the time from typing a query or clicking Find to the
// first result in the page and to the last (a large book's index comes in parts, searched
// as they load: issue #50). Then, the indexes loaded, times text queries and position
// patterns (the median of 7 runs of each, after one warm-up).
import { launchChromium } from './site-server.mjs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';

const [site, lang = 'en', rate = '4', only] = process.argv.slice(2);
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const url = pathToFileURL(join(site, lang, 'index.html')).href;
const opened = async () => {
  const page = await context.newPage();
  await page.goto(url);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: +rate });
  return page;
};
const median = xs => xs.sort((a, b) => a - b)[xs.length >> 1];

// Notes, in the page, when the first result is in the list (`tFirst`) and when the list is
// no longer busy waiting for parts (`tDone`), counted from `t0`: the query's input event, or
// the click on Find (not from when Playwright starts acting, which waits for the page).
const watch = page =>
  page.evaluate(() => {
    self.tFirst = self.tDone = null;
    const seen = () => {
      const list = document.querySelector('#gb-results ol');
      if (!list || !list.querySelector('li')) return;
      const t = performance.now() - self.t0;
      if (self.tFirst == null) self.tFirst = t;
      if (list.getAttribute('aria-busy') !== 'true' && self.tDone == null) self.tDone = t;
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true });
    self.t0 = null;
    const start = () => (self.t0 = self.t0 == null ? performance.now() : self.t0);
    document.addEventListener('input', start, { capture: true, once: true });
    document.addEventListener('click', start, { capture: true, once: true });
  });
const parts = page => page.evaluate(l => {
  const t = self.gbSearch[l], p = self.gbSearch.positions;
  return [1 + ((t && t.s) || []).length, p ? 1 + (p.s || []).length : '?'];
}, lang);
// The last page's title ("Game 4000"), found in the last part of the text index only: the
// worst case of a search in parts, which scans every part before it finds anything.
const lastTitle = () => {
  globalThis.self = {};
  const run = f => new Function(readFileSync(join(site, f), 'utf8'))();
  run(`search-index-${lang}.js`);
  const head = self.gbSearch[lang], k = (head.s || []).length;
  const last = k ? (run(`gobook-search/${lang}-${k}.js`), self.gbSearch[`${lang}-${k}`]) : head;
  return last.p[last.p.length - 1][1];
};
for (const q of ['game', 'quiet', 'moves 151', lastTitle()]) {
  const page = await opened();
  await watch(page);
  await page.fill('#gb-q', q);
  await page.waitForFunction(() => self.tDone != null, null, { timeout: 120000 });
  const [tFirst, tDone] = await page.evaluate(() => [self.tFirst, self.tDone]);
  const [textParts] = await parts(page);
  console.log(`first query on a page just opened, text "${q}": first result ${tFirst.toFixed(0)} ms, all ${tDone.toFixed(0)} ms (${textParts} parts)`);
  await page.close();
}
for (const [name, stones] of [['2 stones (B Q16, W R17)', [[1, 'Q16'], [2, 'R17']]], ['12 points', [[1, 'Q16'], [1, 'P16'], [1, 'O15'], [2, 'R17'], [2, 'Q17'], [2, 'P17'], [2, 'R15'], [3, 'Q15'], [3, 'P15'], [3, 'R16'], [3, 'S16'], [3, 'O16']]]]) {
  const page = await opened();
  const t = Date.now();
  await page.click('#gb-pos-open');
  await page.waitForSelector('.gb-pat');
  const board = Date.now() - t;
  // The first stone set at once: the pattern board is up.
  for (const [tool, point] of stones.slice(0, 1)) {
    await page.click(`.gb-tool-${tool}`);
    await page.click(`.gb-pat-pt[aria-label="${point}"]`);
  }
  // The rest set in the page, without the browser's round trips, so that little of the index
  // loads meanwhile: the worst case, a reader who clicks Find at once.
  await page.evaluate(stones => {
    for (const [tool, point] of stones) {
      document.querySelector(`.gb-tool-${tool}`).click();
      document.querySelector(`.gb-pat-pt[aria-label="${point}"]`).click();
    }
  }, stones.slice(1));
  const had = await page.evaluate(() => Object.keys(self.gbSearch).filter(k => k.startsWith('positions')).length);
  await watch(page);
  await page.click('.gb-find');
  await page.waitForFunction(() => self.tDone != null, null, { timeout: 120000 });
  const [tFirst, tDone] = await page.evaluate(() => [self.tFirst, self.tDone]);
  const [, posParts] = await parts(page);
  console.log(`first search on a page just opened, positions ${name}: board ${board} ms; first result ${tFirst.toFixed(0)} ms, all ${tDone.toFixed(0)} ms after Find (${had} of ${posParts} parts loaded at the click)`);
  await page.close();
}
if (only === 'first') {
  await browser.close();
  process.exit(0);
}

const page = await opened();

const load0 = Date.now();
await page.fill('#gb-q', 'x');
await page.waitForFunction(l => self.gbSearch && self.gbSearch[l] && self.gbSearchTime != null, lang, { timeout: 120000 });
console.log(`text index loaded and first query: ${Date.now() - load0} ms`);
for (const q of ['game', 'key point', 'quiet', 'moves 151']) {
  const ts = [];
  for (let k = 0; k < 8; k++) {
    await page.evaluate(() => (self.gbSearchTime = null));
    await page.fill('#gb-q', k % 2 ? q : q + ' ');
    await page.waitForFunction(() => self.gbSearchTime != null);
    if (k) ts.push(await page.evaluate(() => self.gbSearchTime));
  }
  const n = await page.$$eval('#gb-results li', l => l.length);
  console.log(`text "${q}": median ${median(ts).toFixed(1)} ms (${n} shown)`);
}
await page.fill('#gb-q', '');

const load1 = Date.now();
await page.click('#gb-pos-open');
await page.waitForSelector('.gb-pat');
console.log(`position index loaded and board drawn: ${Date.now() - load1} ms`);
const patterns = {
  '2 stones (B Q16, W R17)': [[1, 'Q16'], [2, 'R17']],
  '4 stones, 2 empty (3-3 invasion)': [[1, 'Q16'], [2, 'R17'], [1, 'Q17'], [2, 'R16'], [3, 'S18'], [3, 'S17']],
  '8 points at the edge': [[1, 'C3'], [1, 'D3'], [2, 'C4'], [2, 'D4'], [2, 'E3'], [3, 'C2'], [3, 'D2'], [3, 'B1']],
  '12 points': [[1, 'Q16'], [1, 'P16'], [1, 'O15'], [2, 'R17'], [2, 'Q17'], [2, 'P17'], [2, 'R15'], [3, 'Q15'], [3, 'P15'], [3, 'R16'], [3, 'S16'], [3, 'O16']],
};
for (const [name, stones] of Object.entries(patterns)) {
  await page.click('.gb-pos-actions .gb-btn:not(.gb-find)');
  for (const [tool, point] of stones) {
    await page.click(`.gb-tool-${tool}`);
    await page.click(`.gb-pat-pt[aria-label="${point}"]`);
  }
  for (const swap of [false, true]) {
    await page.setChecked('#gb-pos-swap', swap);
    const ts = [];
    for (let k = 0; k < 8; k++) {
      await page.evaluate(() => (self.gbPositionTime = null));
      await page.click('.gb-find');
      await page.waitForFunction(() => self.gbPositionTime != null);
      if (k) ts.push(await page.evaluate(() => self.gbPositionTime));
    }
    const status = await page.textContent('.gb-status');
    console.log(`positions, ${name}${swap ? ', colours swapped too' : ''}: median ${median(ts).toFixed(1)} ms, max ${Math.max(...ts).toFixed(1)} ms (${status})`);
  }
}
await browser.close();
