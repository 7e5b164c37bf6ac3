// Search times in Chromium with the CPU slowed four times (docs/benchmarks.md):
//
//   node tests/browser/search-bench.mjs SITE_DIR [LANG] [RATE]
//
// RATE is the CPU slowdown (4 unless given; 1 to compare with an unthrottled run).
// Opens SITE_DIR/LANG/index.html from the file system, loads the indexes, then times
// text queries and position patterns (the median of 7 runs of each, after one warm-up).
import { launchChromium } from './site-server.mjs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [site, lang = 'en', rate = '4'] = process.argv.slice(2);
const browser = await launchChromium();
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
await page.goto(pathToFileURL(join(site, lang, 'index.html')).href);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: +rate });
const median = xs => xs.sort((a, b) => a - b)[xs.length >> 1];

const load0 = Date.now();
await page.fill('#gb-q', 'x');
await page.waitForFunction(l => self.gbSearch && self.gbSearch[l], lang);
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
