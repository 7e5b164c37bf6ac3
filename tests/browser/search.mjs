// The search, position search, sidebar and keyboard shortcuts (themes/default/search.js)
// in Debian's chromium, run by tests/it/search.rs:
//
//   node tests/browser/search.mjs PARENT_DIR EAR_SITE LANG_SITE [SHOTS_DIR]
//
// EAR_SITE and LANG_SITE are folders inside PARENT_DIR: the sites are served from
// PARENT_DIR, so they live under a sub-path, and are also opened as files (file://).
// Prints one line per check; exits 1 when one fails.
import { serveSite, launchChromium } from './site-server.mjs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [parent, ear, langs, shots] = process.argv.slice(2);
if (!parent || !ear || !langs) {
  console.error('usage: node search.mjs PARENT_DIR EAR_SITE LANG_SITE [SHOTS_DIR]');
  process.exit(2);
}
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const server = await serveSite(parent);
const web = `${server.base}/${ear}/`;
const file = pathToFileURL(join(parent, ear)).href + '/';
const langFile = pathToFileURL(join(parent, langs)).href + '/';
const browser = await launchChromium();
let failures = 0;
const check = (ok, what, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ': ' + detail : ''}`);
  if (!ok) failures++;
};
const open = async (url, opts = {}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...opts });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', e => page.errors.push(e.message));
  await page.goto(url);
  return page;
};
const shot = async (page, name) => shots && page.screenshot({ path: join(shots, name) });
const axe = async (page, what) => {
  await page.addScriptTag({ path: axePath });
  const r = await page.evaluate(() => self.axe.run(document, { resultTypes: ['violations'] }));
  check(r.violations.length === 0, `axe: ${what}`, r.violations.map(v => `${v.id} ${v.nodes.map(n => n.target).join(' ')}`).join('; '));
};

// Full-text search, served under a sub-path: the index loads only when the box is used.
for (const [base, how] of [[web, 'http, sub-path'], [file, 'file://']]) {
  const page = await open(base + 'en/index.html');
  const before = await page.evaluate(() => !!(self.gbSearch && self.gbSearch.en));
  check(!before, `${how}: the index is not loaded before the search is used`);
  const box = page.getByRole('searchbox', { name: 'Search the book' });
  await box.fill('gennan ears');
  await page.waitForSelector('#gb-results li');
  const status = await page.textContent('.gb-status');
  check(/^\d+ results?$/.test(status), `${how}: the results are announced`, status);
  const first = await page.textContent('#gb-results li');
  check(/Gennan/.test(first) && /ears/.test(first), `${how}: a result shows its chapter and a snippet`, first);
  const marks = await page.$$eval('#gb-results li:first-child mark', m => m.map(x => x.textContent));
  check(marks.some(m => m === 'Gennan') && marks.some(m => m === 'ears'), `${how}: the words are marked in the snippet`, marks.join(','));
  if (how === 'file://') await shot(page, 'search-text.png');
  if (how !== 'file://') await axe(page, 'page with text results');
  // Keyboard only: Down into the results, Enter opens the page, the words highlighted there.
  await box.press('ArrowDown');
  const focused = await page.evaluate(() => document.activeElement.closest('#gb-results') !== null);
  check(focused, `${how}: Down moves into the results`);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  const hl = await page.$$eval('main mark.gb-hl', m => m.map(x => x.textContent));
  check(hl.includes('Gennan'), `${how}: the opened page highlights the words`, `${page.url()} ${hl.join(',')}`);
  check(page.errors.length === 0, `${how}: no script errors`, page.errors.join('; '));
  await page.context().close();
}

// Each language searches its own edition; Japanese text is found by one character.
{
  const page = await open(langFile + 'ja/index.html');
  await page.fill('#gb-q', '黒');
  await page.waitForSelector('#gb-results li');
  const texts = await page.$$eval('#gb-results li', l => l.map(x => x.textContent));
  check(texts.length > 0 && texts.every(t => t.includes('黒')), 'ja: 黒 finds Japanese text', texts.join(' | '));
  await page.fill('#gb-q', 'vital');
  await page.waitForSelector('.gb-status:not(:empty)');
  await page.waitForTimeout(200);
  const none = await page.textContent('.gb-status');
  check(none === '見つかりません', 'ja: the English word is not in the Japanese edition', none);
  await page.goto(langFile + 'en/index.html');
  await page.fill('#gb-q', 'vital');
  await page.waitForSelector('#gb-results li');
  const en = await page.$$eval('#gb-results li', l => l.map(x => x.textContent));
  check(en.length > 0 && en.every(t => !/[黒急]/.test(t)), 'en: the English edition finds English text', en.join(' | '));
  await page.context().close();
}

// Position search: the first two moves of the game (black R16, white D17) are found
// at move 2, as drawn and mirrored; the result opens the figure at that move.
const placePattern = async (page, stones) => {
  for (const [tool, point] of stones) {
    await page.click(`.gb-tool-${tool}`);
    await page.click(`.gb-pat-pt[aria-label="${point}"]`);
  }
};
for (const [stones, what] of [
  [[[1, 'R16'], [2, 'D17']], 'as played'],
  [[[1, 'C16'], [2, 'Q17']], 'mirrored'],
  [[[1, 'Q3'], [2, 'C4']], 'rotated'],
]) {
  const page = await open(file + 'en/index.html');
  await page.click('#gb-pos-open');
  await page.waitForSelector('.gb-pat');
  await placePattern(page, stones);
  await page.click('.gb-find');
  await page.waitForSelector('#gb-results li');
  const found = await page.$$eval('#gb-results li a', l => l.map(a => [a.textContent, a.getAttribute('href')]));
  const atTwo = found.find(([t, h]) => /move 2(?!\d)/.test(t) && /gb-move=2#/.test(h));
  check(!!atTwo, `positions: the pattern ${what} is found at move 2`, found.slice(0, 4).map(x => x.join(' ')).join(' | '));
  if (what === 'as played') {
    await shot(page, 'search-positions.png');
    const ms = await page.evaluate(() => self.gbPositionTime);
    console.log(`     position search took ${ms.toFixed(1)} ms`);
    await axe(page, 'position search with results');
    // Keyboard only: the result opens the figure at the move.
    await page.focus('#gb-results li a');
    const href = await page.evaluate(() => document.activeElement.getAttribute('href'));
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    const fig = href.split('#')[1];
    const say = await page.textContent(`#${fig} .gb-say`);
    check(/Black 1|White 2|2/.test(say) && (await page.$(`#${fig}.gb-found`)) !== null, 'positions: the result opens the figure at that move', say);
    await shot(page, 'search-position-opened.png');
  }
  check(page.errors.length === 0, `positions ${what}: no script errors`, page.errors.join('; '));
  await page.context().close();
}
// Colours swapped: the first four moves (R16, D17, Q3, P17) in the other colours are
// found at move 4 only when asked.
{
  const page = await open(file + 'en/index.html');
  await page.click('#gb-pos-open');
  await placePattern(page, [[2, 'R16'], [1, 'D17'], [2, 'Q3'], [1, 'P17']]);
  await page.click('.gb-find');
  await page.waitForSelector('.gb-status:not(:empty)');
  const plain = await page.$$eval('#gb-results li a', l => l.map(a => a.getAttribute('href')));
  await page.check('#gb-pos-swap');
  await page.click('.gb-find');
  await page.waitForFunction(() => [...document.querySelectorAll('#gb-results li a')].some(a => /gb-move=4#/.test(a.getAttribute('href'))));
  const swapped = await page.$$eval('#gb-results li a', l => l.map(a => a.getAttribute('href')));
  check(!plain.some(h => /gb-move=4#/.test(h)) && swapped.some(h => /gb-move=4#/.test(h)), 'positions: colours swapped only when asked', `${plain.join(' ')} then ${swapped.join(' ')}`);
  await page.context().close();
}

// The sidebar: folded on narrow screens, open on wide ones, the
// current page marked; keyboard shortcuts and their help overlay.
{
  const wide = await open(web + 'en/index.html', { viewport: { width: 1600, height: 900 } });
  const open1 = await wide.$eval('#gb-side-box', d => d.open);
  const current = await wide.$eval('.gb-side-list [aria-current="page"]', a => a.getAttribute('href'));
  check(open1 && current === 'index.html', 'sidebar: open on a wide screen, the current page marked', current);
  await shot(wide, 'sidebar-wide.png');
  await axe(wide, 'wide page with the sidebar');
  await wide.context().close();
  const phone = await open(web + 'en/index.html', { viewport: { width: 390, height: 844 }, isMobile: true });
  check(!(await phone.$eval('#gb-side-box', d => d.open)), 'sidebar: folded away on a phone');
  // On a phone the pattern board covers the page: Escape closes it, back to its button.
  await phone.click('#gb-pos-open');
  await phone.waitForSelector('.gb-pat');
  await phone.keyboard.press('Escape');
  const closed = await phone.evaluate(() => ({
    hidden: document.getElementById('gb-pos').hidden,
    expanded: document.getElementById('gb-pos-open').getAttribute('aria-expanded'),
    focus: document.activeElement.id,
  }));
  check(closed.hidden && closed.expanded === 'false' && closed.focus === 'gb-pos-open', 'positions: Escape closes the pattern board on a phone', JSON.stringify(closed));
  await phone.context().close();
  const noScript = await open(web + 'en/index.html', { javaScriptEnabled: false });
  // Without scripts the list (gobook-nav-LANG.js) is not there: the sidebar leads to the
  // contents page, which lists every page in its HTML.
  await noScript.click('#gb-side-box summary');
  const links = await noScript.$$eval('#gb-side-box[open] a', l => l.map(a => a.getAttribute('href')));
  check(links.includes('contents.html'), 'sidebar: opens and leads to the contents without scripts', links.join(' '));
  await noScript.context().close();

  const page = await open(web + 'en/index.html');
  await page.keyboard.press('n');
  await page.waitForURL(/contents\.html$/);
  check(/contents\.html$/.test(page.url()), 'keys: n goes to the next page', page.url());
  await page.keyboard.press('p');
  await page.waitForURL(/index\.html$/);
  check(true, 'keys: p goes back');
  await page.keyboard.press('t');
  check(await page.$eval('#gb-side-box', d => d.open), 'keys: t opens the sidebar');
  await page.keyboard.press('/');
  check(await page.evaluate(() => document.activeElement.id === 'gb-q'), 'keys: / goes to the search box');
  await page.keyboard.press('Escape');
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('?');
  const help = await page.$eval('dialog.gb-help', d => [d.open, d.textContent]);
  check(help[0] && /Next page/.test(help[1]) && /Keyboard shortcuts/.test(help[1]), 'keys: ? lists the shortcuts', help[1]);
  await shot(page, 'shortcuts.png');
  await axe(page, 'the shortcuts overlay');
  await page.keyboard.press('Escape');
  check(!(await page.$eval('dialog.gb-help', d => d.open)), 'keys: Escape closes the help');
  check(page.errors.length === 0, 'keys: no script errors', page.errors.join('; '));
  await page.context().close();
}

await browser.close();
server.close();
process.exit(failures ? 1 : 0);
