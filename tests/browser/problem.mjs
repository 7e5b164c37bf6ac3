// Plays a problem's answer in the browser and checks the feedback, for problems
// imported from SGF problem files (tests/it/import_problems.rs runs it):
//
//   node tests/browser/problem.mjs SITE_DIR PAGE FIG_ID "USER MOVES" right|wrong [SHOT.png]
//
// Clicks each of the user's moves (the computer answers in between), then exits 0
// when the feedback is the expected kind (`gb-right` or `gb-wrong`), 1 otherwise.
import { serveSite, launchChromium, clickPoint } from './site-server.mjs';

const [site, pagePath, figId, moves, want, shotPath] = process.argv.slice(2);
if (!site || !pagePath || !figId || !moves || !want) {
  console.error('usage: node problem.mjs SITE_DIR PAGE FIG_ID "USER MOVES" right|wrong [SHOT.png]');
  process.exit(2);
}
const server = await serveSite(site);
const { base } = server;
const browser = await launchChromium();
const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
const errors = [];
page.on('pageerror', e => errors.push(e.message));
await page.goto(base + pagePath);
const fig = `#${figId}`;

let code = 0;
for (const m of moves.split(' ').filter(Boolean)) {
  await clickPoint(page, fig, m);
  // The computer's answer comes after a short pause.
  await page.waitForTimeout(900);
}
const f = await page.$eval(`${fig} .gb-feedback`, e => ({ text: e.textContent, cls: e.className }));
const ok = f.cls.includes(want === 'right' ? 'gb-right' : 'gb-wrong');
console.log(`${ok ? 'ok  ' : 'FAIL'} ${figId} ${moves}: ${JSON.stringify(f)}`);
if (!ok) code = 1;
if (errors.length) {
  console.log(`script errors: ${errors.join('; ')}`);
  code = 1;
}
if (shotPath) await page.locator(fig).screenshot({ path: shotPath });
await browser.close();
server.close();
process.exit(code);
