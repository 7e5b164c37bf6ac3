// A Sensei's Library diagram's links on points (tests/it/sl_links.rs runs it): PAGE_DIR/index.html
// holds `gobook svg` of a diagram whose `2` and `a` link to pages and whose two circles link
// to `#1`, inline in a page.
//
//   node tests/browser/sl-links.mjs PAGE_DIR [SHOT_DIR]
//
// Checks that a click on each number or letter finds the link of its point and no other, that
// the four links are reached with Tab in the order of the link lines, named by their targets,
// and that axe-core finds no violation. Exits 0 when all of it holds.
import { createRequire } from 'node:module';
import { serveSite, launchChromium } from './site-server.mjs';

const [dir, shots] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node sl-links.mjs PAGE_DIR [SHOT_DIR]');
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
const page = await browser.newPage({ viewport: { width: 500, height: 700 } });
await page.goto(server.base + '/index.html');
// What a click at the centre of each text of the board reaches.
const hits = await page.evaluate(() => {
  const out = {};
  for (const t of document.querySelectorAll('svg.gb text')) {
    const b = t.getBoundingClientRect();
    const el = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    const a = el && el.closest('a');
    out[t.textContent] = a ? a.getAttribute('href') : null;
  }
  return out;
});
check(hits['2'] === 'https://senseis.xmp.net/?NadareJoseki', `2 leads to its SL page (${hits['2']})`);
check(hits.a === 'http://example.org/?p=1&q=2', `a leads to its address (${hits.a})`);
const plain = ['1', '3', '4', '5', '6'].filter(n => hits[n] !== null);
check(!plain.length, `the other numbers lead nowhere (${plain.join()})`);
const names = [];
for (let i = 0; i < 4; i++) {
  await page.keyboard.press('Tab');
  names.push(await page.evaluate(() => {
    const a = document.activeElement;
    return a && a.tagName.toLowerCase() === 'a' ? a.querySelector('title').textContent : String(a && a.tagName);
  }));
}
check(names.join() === 'NadareJoseki,http://example.org/?p=1&q=2,#1,#1', `Tab reaches the links in order, named by their targets (${names.join()})`);
if (shots) await page.screenshot({ path: `${shots}/sl-links.png` });
await page.addScriptTag({ path: axePath });
const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
for (const x of result.violations) console.log(`     ${x.id} (${x.impact}): ${x.help}`);
check(!result.violations.length, `axe finds no violation (${result.violations.length})`);
await browser.close();
server.close();
console.log(code ? 'sl-links: FAILED' : 'sl-links: all passed');
process.exit(code);
