// Players on a page gobook did not write (tests/it/svg_html.rs runs it): the fragments of
// `gobook svg --format html` for a commented game, a problem, the game's once more and the
// problem's in French, in that order, in PAGE_DIR/index.html:
//
//   node tests/browser/player.mjs PAGE_DIR [SHOT_DIR]
//
// Checks that the game and its twin, drawing an arrow, repeat no id, and that the problem's
// question is rich text. Steps the game with its buttons and keys, answers the problem wrong by clicking and right
// from the keyboard, and checks after each step that the other players did not move, what
// the live regions say, that the script and style sheet came once and nothing was fetched
// but the page. Then axe-core at 1280 and 390 px, light and dark, each with a screenshot in
// SHOT_DIR. Exits 0 when all of it holds.
import { createRequire } from 'node:module';
import { serveSite, launchChromium, clickPoint } from './site-server.mjs';

const [dir, shots] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node player.mjs PAGE_DIR [SHOT_DIR]');
  process.exit(2);
}
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const server = await serveSite(dir);
const browser = await launchChromium();
let code = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) code = 1;
};
const GAME = 'main > div:nth-of-type(1) > figure';
const PRB = 'main > div:nth-of-type(2) > figure';
const TWIN = 'main > div:nth-of-type(3) > figure';
const FR = 'main > div:nth-of-type(4) > figure';

const open = async (context, errors) => {
  const page = await context.newPage();
  page.on('pageerror', e => errors.push(e.message));
  page.on('console', m => m.type() === 'error' && errors.push(m.text()));
  await page.goto(server.base + '/index.html');
  await page.waitForSelector(`${FR}.gb-ready`);
  return page;
};

{
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  const requests = [];
  context.on('request', r => requests.push(r.url()));
  const page = await open(context, errors);
  const step = sel => page.$eval(sel, f => +f.dataset.gbStep);
  const say = sel => page.$eval(`${sel} .gb-say`, e => e.textContent);
  const feedback = sel => page.$eval(`${sel} .gb-feedback`, e => ({ cls: e.className, text: e.textContent }));
  const still = async (what, game, twin) => {
    const [g, t, f] = [await step(GAME), await step(TWIN), await feedback(PRB)];
    check(g === game && t === twin, `${what}: the game is at move ${g} (${game}), its twin at ${t} (${twin})`);
    return f;
  };

  check((await page.$$eval('figure.gb-ready', fs => fs.length)) === 4, 'the four players are set up');
  // The game twice: its arrow's head drawn in each, and no id on the page twice.
  const ids = await page.$$eval('[id]', es => es.map(e => e.id));
  check(new Set(ids).size === ids.length, `no id twice on the page (${ids.join(', ')})`);
  const heads = [await page.$$eval(`${GAME} svg .gb-ah`, h => h.length), await page.$$eval(`${TWIN} svg .gb-ah`, h => h.length)];
  check(heads.join() === '1,1', `the game and its twin each draw the arrow's head (${heads.join()})`);
  const question = await page.$eval(`${PRB} .gb-question`, q => q.innerHTML);
  check(question.startsWith('<strong>Kill</strong> the <em>white</em> <svg'), `the question is rich text: ${question.slice(0, 60)}`);
  check((await page.$$eval('.gb-bar', b => b.length)) === 4, 'each has one toolbar: the script ran once for the page');
  const resets = [await page.textContent(`${PRB} .gb-bar button:nth-child(2)`), await page.textContent(`${FR} .gb-bar button:nth-child(2)`)];
  check(resets.join() === 'Reset,Recommencer', `each player speaks its own language on the English page (${resets.join()})`);
  const sheets = await page.$$eval('style', ss => ss.filter(s => s.textContent.includes('.gb-player {')).map(s => s.parentNode.tagName));
  check(sheets.length === 1 && sheets[0] === 'HEAD', `the style sheet went once into the head (${sheets.join(', ')})`);
  // The script run once more, as where a player is pasted into a gobook site, sets up nothing
  // twice: the player's script past its guard, less the style sheet.
  const again = await page.$eval(`${PRB} ~ script:not([type])`, s => s.textContent.slice(s.textContent.indexOf('// gobook.js'), s.textContent.lastIndexOf('}')));
  await page.addScriptTag({ content: again });
  check((await page.$$eval('.gb-bar', b => b.length)) === 4 && again.includes('const setup'), 'the script run once more sets up nothing twice');
  check((await page.$eval(`${GAME} .gb-say`, e => e.getAttribute('aria-live'))) === 'polite', 'moves are announced in a polite live region');
  check((await page.$eval(`${PRB} .gb-feedback`, e => e.getAttribute('role'))) === 'status', "a problem's feedback is a status");
  await still('at the start', 5, 5);

  await page.click(`${GAME} button[aria-label="First move"]`);
  await still('First move', 0, 5);
  let s = await say(GAME);
  check(s === 'Move 0 of 5. The game starts.', `the start is announced with its comment: "${s}"`);
  await page.click(`${GAME} button[aria-label="Next move"]`);
  await still('Next move', 1, 5);
  s = await say(GAME);
  check(s === 'Black 1 at E5. Tengen: the centre.', `move 1 is announced with its comment: "${s}"`);
  const shown = await page.$$eval(`${GAME} .gb-comments > li`, ls => ls.filter(l => l.offsetHeight > 0).map(l => l.dataset.gbAt));
  check(shown.join() === '1', `only move 1's comment shows (${shown.join()})`);
  const twinShown = await page.$$eval(`${TWIN} .gb-comments > li`, ls => ls.filter(l => l.offsetHeight > 0).map(l => l.dataset.gbAt));
  check(twinShown.join() === '', `the twin, at the end, shows no comment: move 5 has none (${twinShown.join()})`);

  await page.focus(GAME);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await still('ArrowRight twice', 3, 5);
  s = await say(GAME);
  check(s === 'Black 3 at G3. A second move.\nWhite must answer it.', `move 3 is announced with its comment: "${s}"`);
  await page.keyboard.press('Home');
  await still('Home', 0, 5);
  await page.keyboard.press('End');
  await still('End', 5, 5);
  await page.click(`${TWIN} button[aria-label="Previous move"]`);
  await still('the twin steps back', 5, 4);
  s = await say(TWIN);
  check(s === 'White 4 at C3', `the twin announces its own move: "${s}"`);

  await clickPoint(page, PRB, 'A1');
  let f = await still('a click on the problem', 5, 4);
  check(f.cls.includes('gb-wrong') && f.text === 'Wrong. White lives.', `A1 is wrong: ${JSON.stringify(f)}`);
  s = await say(PRB);
  check(s === 'Black 1 at A1. White 2 at B1', `the answer is announced: "${s}"`);
  await page.click(`${PRB} button[aria-label="Reset"]`);
  f = await feedback(PRB);
  check(f.text === '', 'Reset clears the answer');
  // From the keyboard: the cursor starts in the middle of the view (C3), then to B1.
  await page.focus(`${PRB} .gb-board`);
  for (const k of ['ArrowLeft', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(k);
  s = await say(PRB);
  check(s === 'B1', `the cursor's point is announced: "${s}"`);
  await page.keyboard.press('Enter');
  f = await still('the problem from the keyboard', 5, 4);
  check(f.cls.includes('gb-right') && f.text === 'Correct. White is dead.', `B1 is right: ${JSON.stringify(f)}`);
  check(await page.$eval(PRB, e => e.classList.contains('gb-solved')), 'the problem is marked solved');

  const elsewhere = requests.filter(u => u !== server.base + '/index.html');
  check(requests.length === 1 && !elsewhere.length, `nothing is fetched but the page (${requests.join(', ')})`);
  check(!errors.length, `no script errors ${errors.join('; ')}`);
  await context.close();
}

// axe over the page as a reader leaves it (a live board showing, a problem answered), in
// every width and colour scheme, each with a screenshot.
const variants = [
  { name: '1280-light', viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  { name: '1280-dark', viewport: { width: 1280, height: 900 }, colorScheme: 'dark' },
  { name: '390-light', viewport: { width: 390, height: 844 }, colorScheme: 'light', isMobile: true, hasTouch: true },
  { name: '390-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true },
];
for (const v of variants) {
  const context = await browser.newContext(v);
  const errors = [];
  const page = await open(context, errors);
  await page.click(`${GAME} button[aria-label="Previous move"]`);
  await page.click(`${GAME} button[aria-label="Previous move"]`);
  await clickPoint(page, PRB, 'B1');
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  for (const x of result.violations) {
    console.log(`     ${v.name}: ${x.id} (${x.impact}): ${x.help}`);
    for (const n of x.nodes.slice(0, 3)) console.log(`         ${n.target.join(' ')}: ${n.failureSummary.replace(/\n/g, ' ')}`);
  }
  check(!result.violations.length, `${v.name}: axe finds no violation (${result.violations.length})`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= v.viewport.width, `${v.name}: the page does not scroll sideways (${wide} px)`);
  check(!errors.length, `${v.name}: no script errors ${errors.join('; ')}`);
  if (shots) await page.screenshot({ path: `${shots}/player-${v.name}.png`, fullPage: true });
  await context.close();
}
await browser.close();
server.close();
console.log(code ? 'player: FAILED' : 'player: all passed');
process.exit(code);
