// An answer tree in the browser (tests/it/answer_trees.rs runs it over the site of
// tests/books/valid/answer-trees.gobook):
//
//   node tests/browser/answer-tree.mjs SITE_DIR [SHOT.png]
//
// The opponent's reply picks a branch, and each new try takes the next reply, so a reader
// who starts again meets both; Black's right answer in either branch ends "correct". The
// wrong line ends "wrong"; "Show solution" shows the correct lines in turn. Exits 0 when
// all of it holds.
import { serveSite, launchChromium, clickPoint } from './site-server.mjs';

const [site, shotPath] = process.argv.slice(2);
if (!site) {
  console.error('usage: node answer-tree.mjs SITE_DIR [SHOT.png]');
  process.exit(2);
}
const server = await serveSite(site);
const browser = await launchChromium();
const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
const errors = [];
page.on('pageerror', e => errors.push(e.message));
await page.goto(server.base + '/index.html');
const fig = '#p1';
let code = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) code = 1;
};
const feedback = () => page.$eval(`${fig} .gb-feedback`, e => ({ text: e.textContent, cls: e.className }));
const said = () => page.$eval(`${fig} .gb-say`, e => e.textContent);
const reset = () => page.locator(`${fig} button`, { hasText: 'Reset' }).click();
const play = async m => {
  await clickPoint(page, fig, m);
  await page.waitForTimeout(300);
};

// Black B1 twice: White answers D1 the first time, E1 the next (or the other way round).
const replies = [];
for (let k = 0; k < 2; k++) {
  await play('B1');
  const words = await said();
  const reply = /D1/.test(words) ? 'D1' : /E1/.test(words) ? 'E1' : '';
  replies.push(reply);
  check(reply !== '', `try ${k + 1}: White replies to B1 (${words})`);
  const f = await feedback();
  check(!/gb-(right|wrong)/.test(f.cls), `try ${k + 1}: not decided after White's reply (${f.cls})`);
  await play(reply === 'D1' ? 'E1' : 'D1');
  const done = await feedback();
  check(done.cls.includes('gb-right'), `try ${k + 1}: Black's answer to ${reply} is correct: ${JSON.stringify(done)}`);
  check(done.text.includes('Black takes two stones.'), `try ${k + 1}: the branch's comment shows`);
  if (k === 1 && shotPath) await page.locator(fig).screenshot({ path: shotPath });
  await reset();
}
check(new Set(replies).size === 2, `the two tries meet both replies: ${replies.join(', ')}`);

// The other first move has a tree of its own.
await play('D1');
const w = /A1/.test(await said()) ? 'A1' : 'B1';
await play(w === 'A1' ? 'B1' : 'A1');
check((await feedback()).cls.includes('gb-right'), `D1, White ${w}: correct`);
await reset();

// The wrong line is wrong; a move in no line is "not in the book".
await play('A1');
check((await feedback()).cls.includes('gb-wrong'), 'A1 is wrong');
await reset();

// "Show solution" shows each correct line in turn.
const shown = [];
for (let k = 0; k < 4; k++) {
  await page.locator(`${fig} button`, { hasText: 'Show solution' }).click();
  shown.push(await said());
}
check(new Set(shown).size === 4, `Show solution goes through the four correct lines: ${shown.join(' / ')}`);

if (errors.length) {
  console.log(`script errors: ${errors.join('; ')}`);
  code = 1;
}
await browser.close();
server.close();
process.exit(code);
