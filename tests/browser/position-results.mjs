// The position search's results in the browser (tests/it/search.rs runs it over a site
// imported from three famous games, a book of game figures and variation diagrams):
//
//   node tests/browser/position-results.mjs SITE_DIR PATTERN [SHOT_DIR]
//
// PATTERN is points with a colour, "B:C4 W:E3 ...". At 390 px and at 1280 px wide, the
// results of that pattern must be one entry per distinct place (no two lead to the same
// figure and move, no two alike in name and picture, no game figure at its start), each named by the figure's caption
// and the move, each with a thumbnail; game figures (anchors `-fig`) before the other
// diagrams; and the points of the pattern board and the result links at least 24x24 px
// (WCAG 2.5.8). Screenshots of both widths go to SHOT_DIR. Exits 0 when all of it holds.
import { serveSite, launchChromium } from './site-server.mjs';

const [site, patternArg, shots] = process.argv.slice(2);
if (!site || !patternArg) {
  console.error('usage: node position-results.mjs SITE_DIR PATTERN [SHOT_DIR]');
  process.exit(2);
}
const pattern = patternArg.split(/\s+/).map(s => s.split(':'));
const server = await serveSite(site);
const browser = await launchChromium();
let code = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) code = 1;
};

for (const width of [390, 1280]) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  await page.goto(server.base + '/index.html');
  await page.click('#gb-pos-open');
  await page.waitForSelector('.gb-pat button');
  for (const [colour, point] of pattern) {
    await page.click(`.gb-tool-${colour === 'B' ? 1 : 2}`);
    const cell = page.locator(`.gb-pat button[aria-label="${point}"]`);
    await cell.scrollIntoViewIfNeeded();
    await cell.click();
  }
  const points = await page.$$eval('.gb-pat button', bs => bs.map(b => b.getBoundingClientRect()).map(r => [r.width, r.height]));
  const small = points.filter(([w, h]) => w < 24 || h < 24);
  check(points.length === 361 && !small.length, `${width} px: all ${points.length} points of the pattern board are 24x24 px or more (smallest ${Math.min(...points.flat()).toFixed(1)})`);
  const set = await page.$$eval('.gb-pat button.gb-pat-b, .gb-pat button.gb-pat-w', bs => bs.length);
  check(set === pattern.length, `${width} px: the ${pattern.length} points of the pattern are set (${set})`);
  await page.click('.gb-find');
  await page.waitForSelector('.gb-result-pos');
  const results = await page.$$eval('.gb-result-pos a', as =>
    as.map(a => {
      const r = a.getBoundingClientRect();
      return {
        href: a.getAttribute('href'),
        name: a.querySelector('.gb-result-title').textContent,
        page: a.querySelector('.gb-result-text').textContent,
        stones: a.querySelectorAll('svg.gb-mini circle').length,
        picture: a.querySelector('svg.gb-mini') ? a.querySelector('svg.gb-mini').innerHTML : '',
        w: r.width,
        h: r.height,
      };
    }),
  );
  const status = await page.$eval('.gb-status', e => e.textContent);
  console.log(`     ${width} px: ${status}; ${results.length} listed: ${results.map(r => r.name).join(' | ')}`);
  check(results.length > 1, `${width} px: the pattern is found in more than one place (${results.length})`);
  const places = results.map(r => r.href);
  check(new Set(places).size === places.length, `${width} px: no two results lead to the same figure and move`);
  const looks = results.map(r => `${r.name} ${r.page} ${r.picture}`);
  check(new Set(looks).size === looks.length, `${width} px: no two results alike in name, page and picture`);
  // Every game figure of this book takes up the board where the one before it left off:
  // a run that holds at a figure's start is the last run of the figure before it, folded.
  const starts = results.filter(r => /gb-move=0#.*-fig\d+$/.test(r.href)).length;
  check(starts === 0, `${width} px: no game figure is listed at its start, which goes on from the figure before (${starts})`);
  const named = results.filter(r => /^(Moves \d+–\d+|Dia\. \d+|Figure \d+)/.test(r.name) && /(move \d+|start)/i.test(r.name));
  check(named.length === results.length, `${width} px: every result is named by its caption and move (${named.length} of ${results.length})`);
  check(results.every(r => r.stones >= pattern.length), `${width} px: every result has a thumbnail with the pattern's stones at least`);
  const game = results.map(r => /-fig\d+$/.test(r.href));
  const firstOther = game.indexOf(false);
  check(game[0] && (firstOther < 0 || !game.slice(firstOther).includes(true)), `${width} px: the game figures come first (${game.filter(Boolean).length} figures, then ${game.filter(g => !g).length} diagrams)`);
  const tiny = results.filter(r => r.w < 24 || r.h < 24);
  check(!tiny.length, `${width} px: every result link is 24x24 px or more`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= width, `${width} px: the page does not scroll sideways (${wide} px)`);
  check(!errors.length, `${width} px: no script errors ${errors.join('; ')}`);
  if (shots) {
    await page.screenshot({ path: `${shots}/position-results-${width}.png`, fullPage: false });
    await page.locator('.gb-drop').screenshot({ path: `${shots}/position-results-drop-${width}.png` });
  }
  await page.close();
}
await browser.close();
server.close();
console.log(code ? 'position results: FAILED' : 'position results: all passed');
process.exit(code);
