// axe-core, the accessibility checker of browsers' developer tools, over built sites,
// run by tests/it/checkers.rs:
//
//   node tests/browser/axe.mjs SITE_DIR...
//
// Serves each SITE_DIR over HTTP, opens every HTML page in Debian's chromium (desktop,
// light), and the first pages with diagrams also dark and at a phone's width; runs axe
// on each once it has loaded and prints every violation. Exits 1 when there is one, 0 when there are none.
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { serveSite, launchChromium } from './site-server.mjs';
import { createRequire } from 'node:module';

const sites = process.argv.slice(2);
if (sites.length === 0) {
  console.error('usage: node axe.mjs SITE_DIR...');
  process.exit(2);
}
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const walk = async dir => {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...await walk(p));
    else if (e.name.endsWith('.html')) out.push(p);
  }
  return out.sort();
};

const browser = await launchChromium();
const variants = [
  { name: 'desktop light', viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  { name: 'desktop dark', viewport: { width: 1280, height: 900 }, colorScheme: 'dark' },
  { name: 'phone light', viewport: { width: 390, height: 844 }, colorScheme: 'light', isMobile: true, hasTouch: true },
  { name: 'phone dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true },
];
let violations = 0;
let checked = 0;
for (const site of sites) {
  const server = await serveSite(site);
  const base = server.base + '/';
  const pages = (await walk(site)).map(p => relative(site, p).split('\\').join('/'));
  // Every page on a desktop in light; the pages with diagrams (up to three) in every variant.
  const withDiagrams = [];
  for (const p of pages) {
    if (withDiagrams.length < 3 && (await readFile(join(site, p), 'utf8')).includes('<svg')) withDiagrams.push(p);
  }
  for (const v of variants) {
    // One tab a variant, going from page to page, with axe put in each page as it loads
    // (an init script): a new tab and axe's 650 kB added as a script tag to every page
    // cost more than its checks (95 page views: 51 s of CPU against 23 s this way).
    const context = await browser.newContext(v);
    await context.addInitScript({ path: axePath });
    const page = await context.newPage();
    for (const p of v.name === 'desktop light' ? pages : withDiagrams) {
      await page.goto(base + p);
      const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      checked++;
      for (const x of result.violations) {
        violations++;
        console.log(`${site}/${p} (${v.name}): ${x.id} (${x.impact}): ${x.help}`);
        for (const n of x.nodes.slice(0, 3)) console.log(`    ${n.target.join(' ')}: ${n.failureSummary.replace(/\n/g, ' ')}`);
      }
    }
    await page.close();
    await context.close();
  }
  server.close();
}
await browser.close();
console.log(`axe-core: ${checked} page views, ${violations} violations`);
process.exit(violations ? 1 : 0);
