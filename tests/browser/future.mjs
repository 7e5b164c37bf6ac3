// The spec's future additions as a reader meets them (tests/it/future_additions.rs runs it
// over tests/books/valid/future-additions.gobook):
//
//   node tests/browser/future.mjs SITE_DIR
//
// A diagram's header stands right above its board; replay keeps the book's marks and
// labels except those of hideInReplay. Exits 1 when a check fails.
import { serveSite, launchChromium } from './site-server.mjs';

const [site] = process.argv.slice(2);
if (!site) {
  console.error('usage: node future.mjs SITE_DIR');
  process.exit(2);
}
const server = await serveSite(site);
const browser = await launchChromium();
const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
const errors = [];
page.on('pageerror', e => errors.push(e.message));
await page.goto(server.base + '/index.html');
let code = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) code = 1;
};
const fig = '#f1';
const gap = await page.$eval(fig, f => f.querySelector('svg.gb').getBoundingClientRect().top - f.querySelector('.gb-header').getBoundingClientRect().bottom);
check(gap >= 0 && gap < 12, `the header sits right above its board (${gap.toFixed(1)} px)`);
await page.click(`${fig} button[aria-label="First move"]`);
const live = () => page.$eval(`${fig} svg.gb-live`, s => ({
  texts: [...s.querySelectorAll('text')].map(t => t.textContent),
  marks: s.querySelectorAll('path.gb-me:not(.gb-last), path.gb-mb:not(.gb-last), path.gb-mw:not(.gb-last)').length,
}));
let l = await live();
check(l.texts.includes('a') && !l.texts.includes('b'), `replay keeps label a and hides b (${l.texts})`);
check(l.marks === 1, `replay keeps the triangle on C3 and hides the one on E5 (${l.marks} marks)`);
await page.click(`${fig} button[aria-label="Next move"]`);
l = await live();
check(l.texts.includes('1') && l.marks === 1, `on the numbered stone 1 the triangle is a badge beside the number (${l.texts})`);
check(errors.length === 0, `no script errors ${errors.join('; ')}`);
await browser.close();
server.close();
process.exit(code);
