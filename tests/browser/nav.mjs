// The sidebar written from the one shared navigation file of each language
// (gobook-nav-LANG.js, issue #50), in Debian's chromium, run by tests/it/site_size.rs:
//
//   node tests/browser/nav.mjs SITE_DIR PAGE [SHOTS_DIR]
//
// SITE_DIR is a built site in one language, served over HTTP; PAGE a chapter's page in it
// that is neither the first nor the last. Screenshots at 1280 and 390 px, light and dark,
// go to SHOTS_DIR. Prints one line per check; exits 1 when one fails.
import { serveSite, launchChromium } from './site-server.mjs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [site, pageName, shots] = process.argv.slice(2);
if (!site || !pageName) {
  console.error('usage: node nav.mjs SITE_DIR PAGE [SHOTS_DIR]');
  process.exit(2);
}
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const server = await serveSite(site);
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
const url = `${server.base}/${pageName}`;
const shot = async (page, name) => shots && page.screenshot({ path: join(shots, name) });

// Wide enough for the sidebar beside the text: open, every page listed, this one marked
// and scrolled into the sidebar's view.
for (const scheme of ['light', 'dark']) {
  for (const [width, height, mobile] of [[1600, 900, false], [1280, 900, false], [390, 844, true]]) {
    const page = await open(url, { viewport: { width, height }, isMobile: mobile, colorScheme: scheme });
    await page.waitForSelector('.gb-side-list li', { state: 'attached' });
    const seen = await page.evaluate(() => {
      const box = document.getElementById('gb-side-box');
      const cur = document.querySelectorAll('.gb-side-list [aria-current="page"]');
      return {
        open: box.open,
        items: document.querySelectorAll('.gb-side-list li').length,
        current: cur.length === 1 ? cur[0].getAttribute('href') : `${cur.length} marked`,
      };
    });
    const what = `${width} px, ${scheme}`;
    check(seen.current === pageName, `${what}: the current page is marked`, seen.current);
    check(seen.items > 2, `${what}: the sidebar lists the pages`, `${seen.items}`);
    check(seen.open === width >= 1440, `${what}: open only beside the text`, `open ${seen.open}`);
    check(page.errors.length === 0, `${what}: no script errors`, page.errors.join('; '));
    if (width >= 1440) {
      const inView = await page.$eval('.gb-side-list [aria-current="page"]', a => {
        const s = document.getElementById('gb-side').getBoundingClientRect();
        const r = a.getBoundingClientRect();
        return r.top >= s.top && r.bottom <= s.bottom;
      });
      check(inView, `${what}: the current page is in the sidebar's view`);
    }
    if (mobile) {
      await page.click('#gb-side-box summary');
      await shot(page, `nav-${width}-${scheme}-open.png`);
    }
    await shot(page, `nav-${width}-${scheme}.png`);
    if (scheme === 'light' && width === 1600) {
      await page.addScriptTag({ path: axePath });
      const r = await page.evaluate(() => self.axe.run(document, { resultTypes: ['violations'] }));
      check(r.violations.length === 0, 'axe: a page with its sidebar written by script', r.violations.map(v => `${v.id} ${v.nodes.map(n => n.target).join(' ')}`).join('; '));
    }
    await page.context().close();
  }
}

// Without scripts: the pager and the way to the contents page remain.
{
  const page = await open(url, { javaScriptEnabled: false });
  const seen = await page.evaluate(() => ({
    prev: !!document.querySelector('.gb-pager a[rel="prev"]'),
    next: !!document.querySelector('.gb-pager a[rel="next"]'),
    top: [...document.querySelectorAll('.gb-top-nav a')].map(a => a.getAttribute('href')),
  }));
  check(seen.prev && seen.next, 'no script: the pager leads both ways');
  check(seen.top.includes('contents.html'), 'no script: the top bar links to the contents', seen.top.join(' '));
  await page.click('#gb-side-box summary');
  const inside = await page.$$eval('#gb-side-box[open] a', l => l.map(a => a.getAttribute('href')));
  check(inside.includes('contents.html'), 'no script: the opened sidebar leads to the contents', inside.join(' '));
  await shot(page, 'nav-noscript.png');
  await page.goto(`${server.base}/contents.html`);
  const toc = await page.$$eval('.gb-toc a', l => l.length);
  check(toc > 2, 'no script: the contents page lists every page', `${toc}`);
  await page.context().close();
}

await browser.close();
server.close();
process.exit(failures ? 1 : 0);
