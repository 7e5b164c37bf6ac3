// A large book's search, its indexes in parts (issue #50; tests/it/search.rs runs it):
//
//   node tests/browser/search-parts.mjs SITE_DIR LANG
//
// SITE_DIR is a site whose text and position indexes come in several parts. A copy of it is
// made with each index joined into one file (the first part's file, as a small book has it),
// joined here in node from the format alone (positions-index.mjs), not by the page's code.
// Then, on a page just opened from the file system for each query and each pattern, on both
// sites: the page must show results while parts are still loading (the list busy), and end
// with the same count and the same results, in the same order, as the one-file site; and the
// results must come from several parts. Exits 0 when all of it holds.
import { launchChromium } from './site-server.mjs';
import { readPositions } from './positions-index.mjs';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [site, lang = 'en'] = process.argv.slice(2);
if (!site) {
  console.error('usage: node search-parts.mjs SITE_DIR [LANG]');
  process.exit(2);
}
let code = 0;
const check = (ok, what, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : `: ${detail}`}`);
  if (!ok) code = 1;
};
const script = (name, value) => `(self.gbSearch=self.gbSearch||{})[${JSON.stringify(name)}]=${JSON.stringify(value)};\n`;

// The parts as the files have them, and the whole of each index.
globalThis.self = {};
const run = file => new Function(readFileSync(join(site, file), 'utf8'))();
const positions = readPositions(site);
const langs = Object.keys(positions.l);
const posHead = (run('search-positions.js'), self.gbSearch.positions);
const posParts = [posHead];
for (let k = 1; k <= (posHead.s || []).length; k++) posParts.push((run(`gobook-search/positions-${k}.js`), self.gbSearch[`positions-${k}`]));
const textParts = {};
const whole = {};
for (const l of langs) {
  const head = (run(`search-index-${l}.js`), self.gbSearch[l]);
  const parts = [head];
  for (let k = 1; k <= (head.s || []).length; k++) parts.push((run(`gobook-search/${l}-${k}.js`), self.gbSearch[`${l}-${k}`]));
  textParts[l] = parts;
  whole[l] = { e: parts.flatMap(p => p.e), p: parts.flatMap(p => p.p) };
}
check(textParts[lang].length >= 3, `the text index of ${lang} is in ${textParts[lang].length} parts`);
check(posParts.length >= 3, `the position index is in ${posParts.length} parts`);

// The copy with one file per index.
const one = mkdtempSync(join(tmpdir(), 'gobook-one-'));
cpSync(site, one, { recursive: true });
rmSync(join(one, 'gobook-search'), { recursive: true });
for (const l of langs) writeFileSync(join(one, `search-index-${l}.js`), script(l, whole[l]));
writeFileSync(join(one, 'search-positions.js'), script('positions', positions));

// The part of the text index that holds a page (by its address), and the part of the
// position index that holds a figure (by its page's address and its anchor).
const pageAt = new Map(whole[lang].p.map(([href], i) => [href, i]));
const textPartOf = href => {
  const page = pageAt.get(href), s = textParts[lang][0].s || [];
  return s.filter(first => first <= page).length;
};
const figurePart = new Map();
posParts.forEach((p, k) => {
  for (const [, page, anchor] of p.l[lang].f) figurePart.set(`${positions.l[lang].p[page][0]}#${anchor}`, k);
});

const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
// Opens `dir`'s first page, does `act` and waits for `done`; the results as [status,
// [href, text]...], and whether some were shown while the list was busy.
const answer = async (dir, act, done) => {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', e => errors.push(e.message));
  await page.goto(pathToFileURL(join(dir, lang, 'index.html')).href);
  await page.evaluate(() => {
    self.busyShown = false;
    new MutationObserver(() => {
      const list = document.querySelector('#gb-results ol');
      if (list && list.getAttribute('aria-busy') === 'true' && list.querySelector('li')) self.busyShown = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await act(page);
  await page.waitForFunction(done, null, { timeout: 120000 });
  const out = await page.evaluate(() => [
    document.querySelector('.gb-status').textContent,
    [...document.querySelectorAll('#gb-results li a')].map(a => [a.getAttribute('href'), a.textContent]),
    self.busyShown,
    document.querySelector('#gb-results ol').getAttribute('aria-busy'),
    self.gbSearchSkipped || 0,
  ]);
  check(!errors.length, `no script error (${dir === site ? 'parts' : 'one file'})`, errors.join(' | '));
  await page.close();
  return out;
};
const compare = async (what, act, done, partOf) => {
  const [sayParts, gotParts, busy, busyAtEnd, skipped] = await answer(site, act, done);
  const [sayOne, gotOne] = await answer(one, act, done);
  const same = sayParts === sayOne && JSON.stringify(gotParts) === JSON.stringify(gotOne);
  check(same && gotOne.length > 0, `${what}: the same ${gotOne.length} results as one file (${sayOne})`, `${sayParts}, ${gotParts.length} shown`);
  check(!/…/.test(sayParts) && busyAtEnd === 'false', `${what}: the list ends not busy`, sayParts);
  const from = new Set(gotParts.map(([href]) => partOf(href)));
  return { busy, from, skipped };
};

const textFrom = new Set();
let textBusy = false;
const textSkipped = {};
// "Game 120", the last chapter's title, is in the last part only: the first part's summary
// of the others lets the page skip the parts that cannot hold it.
for (const q of ['game', 'weakest group', 'moves 151', 'game 1', 'Game 120']) {
  const { busy, from, skipped } = await compare(
    `text "${q}"`,
    page => page.fill('#gb-q', q),
    () => self.gbSearchDone != null,
    href => textPartOf(href.split('?')[0]),
  );
  textBusy ||= busy;
  textSkipped[q] = skipped;
  from.forEach(k => textFrom.add(k));
}
const n = textParts[lang].length;
check(textSkipped['Game 120'] > 0 && textSkipped.game === 0, `text: the parts that cannot hold a query are skipped (${JSON.stringify(textSkipped)} of ${n})`);
check(textBusy, 'text: results shown while the parts were loading');
check(textFrom.size >= 2, `text: results from parts ${[...textFrom].join(', ')}`);

const posFrom = new Set();
let posBusy = false;
for (const [name, stones] of [
  ['2 stones', [[1, 'Q16'], [2, 'R17']]],
  ['3-3 invasion', [[1, 'Q16'], [2, 'R17'], [1, 'Q17'], [2, 'R16'], [3, 'S18'], [3, 'S17']]],
]) {
  for (const swap of [false, true]) {
    const { busy, from } = await compare(
      `positions, ${name}${swap ? ', colours swapped too' : ''}`,
      async page => {
        await page.click('#gb-pos-open');
        await page.waitForSelector('.gb-pat');
        await page.evaluate(([stones, swap]) => {
          for (const [tool, point] of stones) {
            document.querySelector(`.gb-tool-${tool}`).click();
            document.querySelector(`.gb-pat-pt[aria-label="${point}"]`).click();
          }
          document.querySelector('#gb-pos-swap').checked = swap;
          document.querySelector('.gb-find').click();
        }, [stones, swap]);
      },
      () => self.gbPositionDone != null,
      href => figurePart.get(href.replace(/\?gb-move=\d+/, '')),
    );
    posBusy ||= busy;
    from.forEach(k => posFrom.add(k));
  }
}
check(posBusy, 'positions: results shown while the parts were loading');
check(posFrom.size >= 2 && !posFrom.has(undefined), `positions: results from parts ${[...posFrom].join(', ')}`);

await browser.close();
rmSync(one, { recursive: true });
console.log(code ? 'search parts: FAILED' : 'search parts: all passed');
process.exit(code);
