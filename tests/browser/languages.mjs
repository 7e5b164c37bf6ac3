// The root page of a site in several languages, in a real browser, run by
// tests/it/languages.rs:
//
//   node tests/browser/languages.mjs SITE_DIR DEFAULT LANG...
//
// For each reader's browser language: on a first visit the root page opens the book's
// language the browser asks for (ja-JP opens ja/), else DEFAULT; a language chosen
// before is opened again; without script the default. Prints what it saw; exits 1 on
// a wrong page.
import { serveSite, launchChromium } from './site-server.mjs';

const [site, fallback, ...langs] = process.argv.slice(2);
const server = await serveSite(site);
const browser = await launchChromium();
let failed = 0;
const expect = async (what, options, want, before) => {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (before) await before(page);
  await page.goto(server.base + '/index.html');
  try {
    await page.waitForURL(new RegExp(`/${want}/index\\.html$`), { timeout: 15000 });
    console.log(`${what}: ${want}/`);
  } catch {
    failed++;
    console.log(`${what}: expected ${want}/, got ${page.url()}`);
  }
  await context.close();
};
for (const l of langs) {
  const locale = { ja: 'ja-JP', fr: 'fr-CA', de: 'de-AT', en: 'en-GB' }[l] || l;
  await expect(`browser in ${locale}`, { locale }, l);
}
await expect('browser in ko-KR', { locale: 'ko-KR' }, fallback);
// A language chosen on an earlier visit wins over the browser's.
const other = langs.find(l => l !== fallback);
await expect(`chosen ${other} before, browser in ${fallback}`, { locale: fallback }, other, async page => {
  await page.goto(server.base + `/${other}/index.html`);
});
await expect('without script', { javaScriptEnabled: false, locale: 'ja-JP' }, fallback);
// The problem's answer, shown by the script, is punctuated as each language writes.
for (const [l, start] of [['ja', '解答：'], ['fr', 'Solution\u202f:'], ['en', 'Solution:']]) {
  if (!langs.includes(l)) continue;
  const page = await (await browser.newContext()).newPage();
  await page.goto(server.base + `/${l}/problem.html`);
  await page.click('#prb1 .gb-bar button:last-child');
  const said = await page.$eval('#prb1 .gb-feedback', e => e.textContent);
  const ok = said.startsWith(start) && !(l === 'ja' && said.includes(' '));
  if (!ok) failed++;
  console.log(`${l} solution: ${JSON.stringify(said)}${ok ? '' : ` (expected it to start with ${start})`}`);
}
await browser.close();
server.close();
process.exit(failed ? 1 : 0);
