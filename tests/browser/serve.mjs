// End-to-end test of `gobook serve` in a real browser, run by tests/serve.rs:
//
//   node tests/browser/serve.mjs URL BOOK_FILE
//
// Opens the served page, edits the book file and waits for the page to change on its
// own; breaks the book and waits for the error overlay; fixes it and waits for the
// overlay to go. Exits 1 when a step fails.
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
await step('fixing the error removes the overlay', async () => {
  await writeFile(book, original.replace('The first paragraph.', 'The fixed paragraph.'));
  await page.getByText('The fixed paragraph.').waitFor({ timeout: 15000 });
  if (await page.locator('#gobook-overlay').count()) throw new Error('the overlay is still there');
});
await step('no script errors', async () => {
  if (errors.length) throw new Error(errors.join('; '));
});
await writeFile(book, original);
await browser.close();
console.log(failed ? 'serve scenarios failed' : 'all serve scenarios passed');
process.exit(failed ? 1 : 0);
