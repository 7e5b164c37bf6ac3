// End-to-end test of `gobook serve` in a real browser, run by tests/serve.rs:
//
//   node tests/browser/serve.mjs URL BOOK_FILE
//
// Opens the served page, edits the book file and waits for the page to change on its
// own; breaks the book and waits for the error overlay, closes it with its button; fixes
// it and waits for the overlay to go; adds a typo and waits for the warnings panel, which
// must leave the book's text uncovered and stay dismissed until the warnings change.
// Exits 1 when a step fails.
import { chromium } from 'playwright-core';
import { readFile, writeFile } from 'node:fs/promises';

const [url, book] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
const errors = [];
page.on('pageerror', e => errors.push(e.message));
let failed = false;
const step = async (name, body) => {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (e) {
    failed = true;
    console.log(`FAIL ${name}: ${e.message}`);
  }
};
const original = await readFile(book, 'utf8');

await page.goto(url);
await step('the served page shows the book', async () => {
  await page.getByText('The first paragraph.').waitFor({ timeout: 15000 });
});
await step('an edit shows up without a manual reload', async () => {
  const t0 = Date.now();
  await writeFile(book, original.replace('The first paragraph.', 'The edited paragraph.'));
  await page.getByText('The edited paragraph.').waitFor({ timeout: 15000 });
  console.log(`     (the page changed ${Date.now() - t0} ms after the save)`);
});
await step('a broken edit shows the overlay with the diagnostics', async () => {
  await writeFile(book, original.replace('::dia mv=D4', '::dia sz=9 ab=Z9'));
  const overlay = page.locator('#gobook-overlay');
  // A save may be seen half-written first; the overlay settles on the error of the whole file.
  await page.waitForFunction(
    () => /book\.gobook:\d+:\d+: error: `Z9` is off the 9x9 board/.test(document.getElementById('gobook-overlay')?.innerText || ''),
    null,
    { timeout: 15000 },
  ).catch(async () => { throw new Error(`overlay says: ${await overlay.innerText().catch(() => 'nothing')}`); });
  if (!(await page.getByText('The edited paragraph.').isVisible())) throw new Error('the last good page is gone');
});
await step('a page opened while the book is broken carries the overlay too', async () => {
  const p2 = await browser.newPage();
  await p2.goto(url);
  await p2.locator('#gobook-overlay').waitFor({ timeout: 15000 });
  await p2.close();
});
await step('the overlay is opaque and its close button shows the last good page', async () => {
  const bg = await page.locator('#gobook-overlay').evaluate(e => getComputedStyle(e).backgroundColor);
  if (!/^rgb\(/.test(bg)) throw new Error(`the overlay's background is ${bg}, not opaque`);
  await page.locator('#gobook-overlay [data-gobook-close]').click();
  if (await page.locator('#gobook-overlay').count()) throw new Error('the overlay is still there');
  if (!(await page.getByText('The edited paragraph.').isVisible())) throw new Error('the last good page is not shown');
});
await step('Esc closes the overlay too', async () => {
  const p2 = await browser.newPage();
  await p2.goto(url);
  await p2.locator('#gobook-overlay').waitFor({ timeout: 15000 });
  await p2.keyboard.press('Escape');
  if (await p2.locator('#gobook-overlay').count()) throw new Error('Esc left the overlay');
  await p2.close();
});
await step('fixing the error removes the overlay', async () => {
  await writeFile(book, original.replace('The first paragraph.', 'The fixed paragraph.'));
  await page.getByText('The fixed paragraph.').waitFor({ timeout: 15000 });
  if (await page.locator('#gobook-overlay').count()) throw new Error('the overlay is still there');
});
const typo = original.replace('::dia mv=D4', '::diagram mv=D4');
const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
await step('a typo shows the warnings panel with the fix, beside the book', async () => {
  await writeFile(book, typo);
  const panel = page.locator('#gobook-warnings');
  await panel.waitFor({ timeout: 15000 });
  const text = await panel.innerText();
  if (!/1 warning\b/.test(text) || !text.includes('did you mean ::dia?')) throw new Error(`the panel says: ${text}`);
  if (await page.locator('#gobook-overlay').count()) throw new Error('a warning brought the overlay');
  const box = await panel.boundingBox();
  for (const t of ['The first paragraph.', 'About the diagram.']) {
    const p = await page.getByText(t).boundingBox();
    if (p && overlaps(box, p)) throw new Error(`the panel covers "${t}"`);
  }
  // Scrolled to the end, the book's last line is clear of the panel too.
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
  const last = await page.locator('main').locator('p, img, figure').last().boundingBox();
  const box2 = await panel.boundingBox();
  if (last && overlaps(box2, last)) throw new Error('the panel covers the end of the book');
});
await step('the panel folds its list under its heading, and unfolds', async () => {
  const panel = page.locator('#gobook-warnings');
  const open = (await panel.boundingBox()).height;
  await panel.locator('[data-gobook-toggle]').click();
  const shut = (await panel.boundingBox()).height;
  if (!(shut < open && shut < 60)) throw new Error(`folded it is ${shut}px high (open: ${open}px)`);
  if (await panel.locator('ul').isVisible()) throw new Error('the folded list still shows');
  await panel.locator('[data-gobook-toggle]').click();
  if (!(await panel.locator('ul').isVisible())) throw new Error('the list does not come back');
});
await step('on a narrow window the panel starts folded', async () => {
  const p2 = await browser.newPage({ viewport: { width: 400, height: 700 } });
  await p2.goto(url);
  const panel = p2.locator('#gobook-warnings');
  await panel.waitFor({ timeout: 15000 });
  if (await panel.locator('ul').isVisible()) throw new Error('the list is open on a narrow window');
  if ((await panel.boundingBox()).height > 60) throw new Error('the folded panel is tall');
  await p2.close();
});
await step('the panel is dismissed, and stays so while its warnings do not change', async () => {
  await page.locator('#gobook-warnings [data-gobook-close]').click();
  if (await page.locator('#gobook-warnings').count()) throw new Error('the panel is still there');
  await writeFile(book, typo.replace('The first paragraph.', 'Another paragraph.'));
  await page.getByText('Another paragraph.').waitFor({ timeout: 15000 });
  await page.waitForTimeout(300);
  if (await page.locator('#gobook-warnings').count()) throw new Error('the dismissed panel came back');
});
await step('a new warning brings the panel back', async () => {
  await writeFile(book, typo.replace('The first paragraph.', 'Another paragraph. #btpp#'));
  await page.locator('#gobook-warnings').waitFor({ timeout: 15000 });
  const text = await page.locator('#gobook-warnings').innerText();
  if (!/2 warnings/.test(text) || !text.includes('did you mean #btp#?')) throw new Error(`the panel says: ${text}`);
});
await step('no script errors', async () => {
  if (errors.length) throw new Error(errors.join('; '));
});
await writeFile(book, original);
await browser.close();
console.log(failed ? 'serve scenarios failed' : 'all serve scenarios passed');
process.exit(failed ? 1 : 0);
