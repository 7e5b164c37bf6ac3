// The board editor of `gobook serve` (crates/gobook-serve/src/serve/editor) in a real browser, run by
// tests/it/serve_editor.rs:
//
//   node tests/browser/editor.mjs URL BOOK_FILE [SCREENSHOT_DIR]
//
// Opens the served page, clicks a move, a mark and a view onto the diagram `d1` (and a move
// by keyboard), saves and prints the file as it is after the save, between `--- after save`
// and `--- end` (the Rust side checks the diff); edits the problem's element behind the
// editor's back and checks that its save is refused with a clear message and the editor
// shows the file's version; serves a page from another local port that tries to change the
// book and checks it cannot; opens a `::go` nothing is based on from its control in the page's
// flow and an inline diagram from the control after its link, plays a move on each (and a mark
// on the inline one) and prints the file after each save; takes screenshots at 1280 and 390
// pixels, light and dark, and of the new controls.
// Exits 1 when a step fails.
import { launchChromium } from './site-server.mjs';
import { createServer } from 'node:http';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const [url, book, shots] = process.argv.slice(2);
const browser = await launchChromium();
let failed = false;
const errors = [];
const step = async (name, body) => {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (e) {
    failed = true;
    console.log(`FAIL ${name}: ${e.message}`);
  }
};
const check = (ok, what) => {
  if (!ok) throw new Error(what);
};
const newPage = async (opts = {}) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...opts });
  const page = await ctx.newPage();
  page.on('pageerror', e => errors.push(e.message));
  return page;
};
// Clicks (or, with `to`, drags to) point `name` of the open editor's board.
const at = (page, name) =>
  page.$eval('#gobook-editor svg.ge-svg', (s, name) => {
    const n = s.viewBox.baseVal.width - 1;
    const c = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.indexOf(name[0]), r = +name.slice(1) - 1;
    const p = new DOMPoint(c + 1, n - r).matrixTransform(s.getScreenCTM());
    return { x: p.x, y: p.y };
  }, name);
const click = async (page, name) => {
  const p = await at(page, name);
  await page.mouse.click(p.x, p.y);
};
const drag = async (page, a, b) => {
  const p = await at(page, a), q = await at(page, b);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  await page.mouse.move((p.x + q.x) / 2, (p.y + q.y) / 2, { steps: 3 });
  await page.mouse.move(q.x, q.y, { steps: 3 });
  await page.mouse.up();
};
const status = page => page.locator('#gobook-editor .ge-status').innerText();
const original = await readFile(book, 'utf8');

const page = await newPage();
await page.goto(url);
await step('every diagram has an edit control', async () => {
  await page.locator('figure#d1 .gb-edit-open').waitFor({ timeout: 15000 });
  const figures = await page.locator('figure.gb-fig').count();
  const buttons = await page.locator('figure.gb-fig > .gb-edit-open').count();
  check(figures >= 2 && buttons === figures, `${buttons} edit controls for ${figures} diagrams`);
  const name = await page.locator('figure#d1 .gb-edit-open').getAttribute('aria-label');
  check(/edit/i.test(name), `its accessible name is ${name}`);
});
await step('the editor opens on the diagram\'s position', async () => {
  await page.locator('figure#d1 .gb-edit-open').click();
  await page.locator('#gobook-editor[open] svg.ge-svg circle[data-stone]').first().waitFor({ timeout: 10000 });
  const stones = await page.$$eval('#gobook-editor circle[data-stone]', cs => cs.map(c => c.dataset.point + c.dataset.stone).sort());
  check(stones.join() === 'C3b,D4b,E5w', `stones ${stones}`);
  check(await page.locator('#gobook-editor [data-mark=tr][data-point=C3]').count() === 1, 'the triangle on C3 is not shown');
});
await step('a move, a mark, a view and a keyboard move go onto the board', async () => {
  await click(page, 'F6');
  check(await page.locator('#gobook-editor circle[data-point=F6][data-stone=b]').count() === 1, 'no black stone on F6');
  await page.keyboard.press('t');
  await click(page, 'D4');
  check(await page.locator('#gobook-editor [data-mark=tr][data-point=D4]').count() === 1, 'no triangle on D4');
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await drag(page, 'B2', 'G7');
  check(await page.locator('#gobook-editor [data-view="B2 G7"]').count() === 1, 'the view is not B2 G7');
  // White's move by keyboard: the move tool, the cursor from the middle (E5) right and up to F7.
  await page.keyboard.press('m');
  await page.locator('#gobook-editor .ge-board').focus();
  for (const k of ['ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(k);
  await page.keyboard.press('Enter');
  check(await page.locator('#gobook-editor circle[data-point=F7][data-stone=w]').count() === 1, 'no white stone on F7');
});
await step('undo and redo', async () => {
  await page.keyboard.press('Control+z');
  check(await page.locator('#gobook-editor circle[data-point=F7]').count() === 0, 'undo left F7');
  await page.getByRole('button', { name: /Redo/ }).click();
  check(await page.locator('#gobook-editor circle[data-point=F7]').count() === 1, 'redo did not bring F7 back');
});
if (shots) {
  await mkdir(shots, { recursive: true });
  await page.screenshot({ path: join(shots, 'editor-moves-marks-view.png') });
}
await step('save writes the element', async () => {
  const [resp] = await Promise.all([
    page.waitForResponse(r => r.url().endsWith('/__gobook/diagram') && r.request().method() === 'POST'),
    page.getByRole('button', { name: /Save to the book/ }).click(),
  ]);
  check(resp.status() === 200, `the save answered ${resp.status()}: ${await resp.text()}`);
  await page.waitForFunction(() => /Saved to book\.gobook:\d+/.test(document.querySelector('#gobook-editor .ge-status').textContent), null, { timeout: 10000 })
    .catch(async () => { throw new Error(`status: ${await status(page)}`); });
  console.log('--- after save');
  console.log(await readFile(book, 'utf8'));
  console.log('--- end');
});
await step('closing the editor shows the page rebuilt with the saved diagram', async () => {
  // The rebuild's reload waits for the editor to close; then the page shows the new drawing.
  await page.evaluate(() => { window.beforeReload = true; });
  await page.waitForTimeout(1500);
  check(await page.evaluate(() => window.beforeReload === true), 'the page reloaded under the open editor');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !window.beforeReload && document.querySelector('figure#d1 svg'), null, { timeout: 15000 });
  const stones = await page.locator('figure#d1 svg').innerHTML();
  check(/F6|>1</.test(stones), 'the rebuilt diagram does not show the move');
});

await step('page.html#edit=ANCHOR (the language server\'s "Edit on the board") opens that editor', async () => {
  const p = await newPage();
  await p.goto(url.replace(/#.*$/, '') + '#edit=d1');
  await p.locator('#gobook-editor[open] svg.ge-svg circle[data-stone]').first().waitFor({ timeout: 15000 });
  await p.keyboard.press('Escape');
  await p.waitForFunction(() => location.hash === '', null, { timeout: 5000 });
  await p.close();
});

await step('a problem\'s correct and wrong lines are played and saved', async () => {
  const p = await newPage();
  await p.goto(url);
  await p.locator('figure.gb-prb .gb-edit-open').click();
  await p.locator('#gobook-editor[open] circle[data-stone]').first().waitFor({ timeout: 10000 });
  check(await p.locator('#gobook-editor .ge-correct li code').allInnerTexts().then(t => t.join()) === 'E7', 'the correct line E7 is not listed');
  await p.getByRole('button', { name: 'Answer', exact: true }).click();
  await click(p, 'D8');
  await click(p, 'E7');
  await p.getByLabel(/Comment on the line/).fill('White lives');
  await p.getByRole('button', { name: /Add as wrong/ }).click();
  await click(p, 'E8');
  await p.getByRole('button', { name: /Add as correct/ }).click();
  const lines = await p.locator('#gobook-editor .ge-answers li code').allInnerTexts();
  check(lines.join('|') === 'E7|E8|D8 E7(White lives)', `lines ${lines.join('|')}`);
  if (shots) await p.screenshot({ path: join(shots, 'editor-problem.png') });
  const [resp] = await Promise.all([
    p.waitForResponse(r => r.url().endsWith('/__gobook/diagram') && r.request().method() === 'POST'),
    p.keyboard.press('Control+s'),
  ]);
  check(resp.status() === 200, `the save answered ${resp.status()}: ${await resp.text()}`);
  console.log('--- problem saved');
  console.log(await readFile(book, 'utf8'));
  console.log('--- end');
  await p.keyboard.press('Escape');
  await p.waitForTimeout(300);
  await p.context().close();
});

await step('at and to are set from the base game\'s moves', async () => {
  const p = await newPage();
  await p.goto(url);
  await p.locator('figure#f1 .gb-edit-open').click();
  await p.locator('#gobook-editor[open] circle[data-stone]').first().waitFor({ timeout: 10000 });
  // The numbers on the stones (the board's coordinates are texts too, outside the grid).
  const numbered = () => p.$$eval('#gobook-editor svg.ge-svg text[data-number]', ts => ts.map(t => +t.textContent).sort((a, b) => a - b).join());
  const stones = () => p.locator('#gobook-editor circle[data-stone]').count();
  check(await stones() === 4 && await numbered() === '1,2,3,4', `moves 1 to 4: ${await stones()} stones numbered ${await numbered()}`);
  await p.getByLabel('Up to move (to)').fill('6');
  await p.getByLabel('Up to move (to)').press('Tab');
  check(await stones() === 6 && await numbered() === '1,2,3,4,5,6', `moves 1 to 6: ${await stones()} stones numbered ${await numbered()}`);
  await p.getByLabel('At move (at)').fill('3');
  await p.getByLabel('At move (at)').press('Tab');
  check(await stones() === 6 && await numbered() === '3,4,5,6', `at=3: ${await stones()} stones numbered ${await numbered()}`);
  if (shots) await p.screenshot({ path: join(shots, 'editor-figure-range.png') });
  const [resp] = await Promise.all([
    p.waitForResponse(r => r.url().endsWith('/__gobook/diagram') && r.request().method() === 'POST'),
    p.getByRole('button', { name: /Save to the book/ }).click(),
  ]);
  check(resp.status() === 200, `the save answered ${resp.status()}: ${await resp.text()}`);
  console.log('--- figure saved');
  console.log(await readFile(book, 'utf8'));
  console.log('--- end');
  // The game the figure is based on opens in the editor too, with its six moves; one more.
  await p.getByRole('button', { name: /Edit its base #game/ }).click();
  await p.waitForFunction(() => /Edit Go data/.test(document.querySelector('#ge-title').textContent), null, { timeout: 10000 });
  check(await stones() === 6 && await numbered() === '1,2,3,4,5,6', `the game: ${await stones()} stones numbered ${await numbered()}`);
  await click(p, 'E3');
  check(await numbered() === '1,2,3,4,5,6,7', `after a move: ${await numbered()}`);
  const [again] = await Promise.all([
    p.waitForResponse(r => r.url().endsWith('/__gobook/diagram') && r.request().method() === 'POST'),
    p.getByRole('button', { name: /Save to the book/ }).click(),
  ]);
  check(again.status() === 200, `the game's save answered ${again.status()}: ${await again.text()}`);
  console.log('--- game saved');
  console.log(await readFile(book, 'utf8'));
  console.log('--- end');
  await p.context().close();
});

// The save of the editor open on `p`, by its button: the answer must be 200.
const saved = async p => {
  const [resp] = await Promise.all([
    p.waitForResponse(r => r.url().endsWith('/__gobook/diagram') && r.request().method() === 'POST'),
    p.getByRole('button', { name: /Save to the book/ }).click(),
  ]);
  check(resp.status() === 200, `the save answered ${resp.status()}: ${await resp.text()}`);
};

await step('#edit= of a ::go opens its editor, and closing it returns to the ::go\'s control', async () => {
  // The game's save just before rebuilds the book: its reload would come under the editor.
  await new Promise(r => setTimeout(r, 1500));
  const p = await newPage();
  await p.goto(url.replace(/#.*$/, '') + '#edit=spare');
  await p.waitForFunction(() => /Edit Go data/.test(document.querySelector('#ge-title')?.textContent || ''), null, { timeout: 15000 });
  await p.locator('#gobook-editor[open] circle[data-stone]').first().waitFor({ timeout: 10000 });
  await p.keyboard.press('Escape');
  await p.waitForFunction(() => document.activeElement && document.activeElement.closest('.gb-go-edit[data-go=spare]'), null, { timeout: 5000 })
    .catch(() => { throw new Error('the focus is not on the control'); });
  await p.context().close();
});

await step('a ::go nothing is based on has a control where it stands, which opens it and saves a move', async () => {
  const p = await newPage();
  await p.goto(url);
  const control = p.locator('.gb-go-edit[data-go=spare] > button');
  await control.waitFor({ timeout: 15000 });
  const name = await control.getAttribute('aria-label');
  check(/Go data #spare/.test(name), `its accessible name is ${name}`);
  check(await control.evaluate(b => b.tagName) === 'BUTTON', 'the control is no button');
  // In the chapter's flow: between the paragraphs the ::go stands between in the file.
  const around = await p.$eval('.gb-go-edit[data-go=spare]', b => [b.previousElementSibling?.textContent, b.nextElementSibling?.textContent]);
  check(around[0] === 'After the figure.' && around[1] === 'The end.', `it stands between ${around.join(' and ')}`);
  check(await p.locator('.gb-go-edit[data-go=game]').count() === 1, 'the game has no control of its own');
  await control.click();
  await p.waitForFunction(() => /Edit Go data/.test(document.querySelector('#ge-title').textContent), null, { timeout: 10000 });
  await p.locator('#gobook-editor[open] circle[data-stone]').first().waitFor({ timeout: 10000 });
  const stones = await p.$$eval('#gobook-editor circle[data-stone]', cs => cs.map(c => c.dataset.point + c.dataset.stone).sort());
  check(stones.join() === 'K10b,K11w', `stones ${stones}`);
  await click(p, 'L12');
  check(await p.locator('#gobook-editor circle[data-point=L12][data-stone=b]').count() === 1, 'no black stone on L12');
  await saved(p);
  console.log('--- spare saved');
  console.log(await readFile(book, 'utf8'));
  console.log('--- end');
  await p.context().close();
});

await step('an inline diagram has a small control after its link, reached by keyboard; its save rewrites only its tag', async () => {
  const p = await newPage();
  await p.goto(url);
  const button = p.locator('a.gb-dia-link + .gb-edit-inline-at > button.gb-edit-inline');
  await button.waitFor({ state: 'attached', timeout: 15000 });
  check(await p.$eval('.gb-edit-inline-at', s => s.getBoundingClientRect().width) === 0, 'the control takes room in the line');
  const opacity = () => button.evaluate(b => getComputedStyle(b).opacity);
  check(await opacity() === '0', 'the control shows before a hover or focus');
  const name = await button.getAttribute('aria-label');
  check(/inline diagram “a move”/.test(name), `its accessible name is ${name}`);
  await p.locator('a.gb-dia-link').focus();
  await p.keyboard.press('Tab');
  check(await button.evaluate(b => b === document.activeElement), 'Tab from the link does not reach the control');
  await p.waitForTimeout(250);
  check(await opacity() === '1', 'the focused control is not shown');
  await p.keyboard.press('Enter');
  await p.waitForFunction(() => /Edit inline diagram/.test(document.querySelector('#ge-title').textContent), null, { timeout: 10000 });
  await p.locator('#gobook-editor[open] circle[data-stone]').first().waitFor({ timeout: 10000 });
  const stones = await p.$$eval('#gobook-editor circle[data-stone]', cs => cs.map(c => c.dataset.point + c.dataset.stone).sort());
  check(stones.join() === 'C3b,D4b,E5w,G3b', `stones ${stones}`);
  await click(p, 'F4');
  check(await p.locator('#gobook-editor circle[data-point=F4][data-stone=w]').count() === 1, 'no white stone on F4');
  await p.keyboard.press('t');
  await click(p, 'G3');
  check(await p.locator('#gobook-editor [data-mark=tr][data-point=G3]').count() === 1, 'no triangle on G3');
  const [resp] = await Promise.all([
    p.waitForResponse(r => r.url().endsWith('/__gobook/diagram') && r.request().method() === 'POST'),
    p.keyboard.press('Control+s'),
  ]);
  check(resp.status() === 200, `the save answered ${resp.status()}: ${await resp.text()}`);
  console.log('--- inline saved');
  console.log(await readFile(book, 'utf8'));
  console.log('--- end');
  await p.context().close();
});

await step('a save against an element changed in the file is refused, and the editor shows the new one', async () => {
  const p = await newPage();
  await p.goto(url);
  await p.locator('figure.gb-prb .gb-edit-open').click();
  await p.locator('#gobook-editor[open] circle[data-stone]').first().waitFor({ timeout: 10000 });
  await click(p, 'E7');
  // Meanwhile, the author changes the problem in the text editor.
  const now = await readFile(book, 'utf8');
  await writeFile(book, now.replace('aw="C6 D6"', 'aw="C6 D6 E6"'));
  await p.getByRole('button', { name: /Save to the book/ }).click();
  await p.waitForFunction(() => /changed since the editor opened/.test(document.querySelector('#gobook-editor .ge-status').textContent), null, { timeout: 10000 })
    .catch(async () => { throw new Error(`status: ${await status(p)}`); });
  const after = await readFile(book, 'utf8');
  check(after.includes('aw="C6 D6 E6"') && !/::prb[^\n]*mv=/.test(after), 'the file lost the outside edit or got the refused one');
  await p.locator('#gobook-editor circle[data-point=E6]').waitFor({ timeout: 10000 });
  check(await p.locator('#gobook-editor circle[data-point=E7]').count() === 0, 'the refused move is still on the board');
  if (shots) await p.screenshot({ path: join(shots, 'editor-conflict.png') });
  await p.context().close();
});

await step('a page served from another local port cannot change the book', async () => {
  const before = await readFile(book, 'utf8');
  const target = new URL(url);
  const evil = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>other</title><script>
      (async () => {
        const t = '${target.origin}';
        const out = [];
        // 1. Read a page of the preview to find its token: CORS forbids reading it.
        try { const r = await fetch(t + '/'); out.push('read:' + (await r.text()).length); } catch (e) { out.push('read:blocked'); }
        // 2. Write blind, as a simple request (no preflight), with no token and with a guessed one.
        const body = JSON.stringify({ anchor: 'd1', source: '', changes: [['ca', 'pwned']] });
        for (const token of [null, '00000000000000000000000000000000']) {
          const headers = token ? { 'x-gobook-token': token, 'content-type': 'application/json' } : { 'content-type': 'text/plain' };
          try { await fetch(t + '/__gobook/diagram', { method: 'POST', mode: token ? 'cors' : 'no-cors', headers, body }); out.push('post:sent'); } catch (e) { out.push('post:blocked'); }
        }
        // 3. A form posted to it.
        const f = document.createElement('form');
        f.method = 'POST'; f.action = t + '/__gobook/diagram'; f.enctype = 'text/plain'; f.target = 'sink';
        const i = document.createElement('input'); i.name = '{"anchor":"d1","x":"'; i.value = '"}'; f.append(i);
        const sink = document.createElement('iframe'); sink.name = 'sink'; document.body.append(sink, f);
        f.submit();
        await new Promise(r => sink.onload = r);
        document.title = 'done ' + out.join(' ');
      })();
    </script>`);
  });
  await new Promise(r => evil.listen(0, '127.0.0.1', r));
  const p = await newPage();
  await p.goto(`http://127.0.0.1:${evil.address().port}/`);
  await p.waitForFunction(() => document.title.startsWith('done'), null, { timeout: 15000 });
  const title = await p.title();
  console.log(`     (the other page: ${title})`);
  check(title.includes('read:blocked'), `the other page read the preview: ${title}`);
  await new Promise(r => setTimeout(r, 500));
  check((await readFile(book, 'utf8')) === before, 'the book changed');
  await p.context().close();
  evil.close();
});

// The figure of the game (moves 3 to 6 now), a move played, a letter and a triangle added, at a
// desktop's and a phone's width (by touch there), light and dark: axe-core finds nothing wrong
// on the page with the editor open, and the screenshots are taken.
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
for (const [w, h, scheme, name] of [[1280, 900, 'light', 'editor-desktop-light'], [1280, 900, 'dark', 'editor-desktop-dark'], [390, 844, 'light', 'editor-phone-light'], [390, 844, 'dark', 'editor-phone-dark']]) {
  await step(`the editor at ${w} px, ${scheme}${w < 500 ? ', by touch' : ''}, passes axe-core`, async () => {
    const phone = w < 500;
    const p = await newPage({ viewport: { width: w, height: h }, colorScheme: scheme, deviceScaleFactor: phone ? 2 : 1, hasTouch: phone, isMobile: phone });
    await p.goto(url);
    const open = p.locator('figure#f1 .gb-edit-open');
    await (phone ? open.tap() : open.click());
    await p.locator('#gobook-editor[open] circle[data-stone]').first().waitFor({ timeout: 10000 });
    const put = async point => {
      const q = await at(p, point);
      await (phone ? p.touchscreen.tap(q.x, q.y) : p.mouse.click(q.x, q.y));
    };
    await put('R14');
    check(await p.locator('#gobook-editor circle[data-point=R14]').count() === 1, 'no stone on R14');
    await p.keyboard.press('l');
    await put('O17');
    await put('R10');
    await p.keyboard.press('t');
    await put('Q3');
    check(await p.locator('#gobook-editor [data-mark=tr][data-point=Q3]').count() === 1, 'no triangle on Q3');
    if (shots) await p.screenshot({ path: join(shots, `${name}.png`) });
    await p.addScriptTag({ path: axePath });
    const result = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    const found = result.violations.map(x => `${x.id}: ${x.help} (${x.nodes.slice(0, 2).map(n => n.target.join(' ')).join('; ')})`);
    await p.context().close();
    check(found.length === 0, found.join(' | '));
  });
}
// The controls of a ::go and of an inline diagram at a desktop's and a phone's width (by touch
// there, where the inline one stands in the line, there being no hover): screenshots, and
// axe-core finds nothing wrong with the page around them.
for (const [w, h] of [[1280, 900], [390, 844]]) {
  await step(`the controls of a ::go and of an inline diagram at ${w} px pass axe-core`, async () => {
    const phone = w < 500;
    const p = await newPage({ viewport: { width: w, height: h }, deviceScaleFactor: phone ? 2 : 1, hasTouch: phone, isMobile: phone });
    await p.goto(url);
    await p.locator('.gb-go-edit[data-go=spare]').waitFor({ timeout: 15000 });
    await p.evaluate(() => document.querySelector('.gb-go-edit[data-go=spare]').scrollIntoView({ block: 'center' }));
    if (shots) await p.screenshot({ path: join(shots, `editor-go-control-${w}.png`) });
    await p.evaluate(() => document.querySelector('a.gb-dia-link').scrollIntoView({ block: 'center' }));
    if (!phone) {
      await p.locator('a.gb-dia-link').focus();
      await p.keyboard.press('Tab');
    }
    await p.waitForTimeout(250);
    const shown = await p.locator('button.gb-edit-inline').evaluate(b => +getComputedStyle(b).opacity);
    check(shown > 0.5, `the inline control is not shown (${phone ? 'on a touch screen' : 'focused'})`);
    if (shots) await p.screenshot({ path: join(shots, `editor-inline-control-${w}.png`) });
    await p.addScriptTag({ path: axePath });
    const result = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    const found = result.violations.map(x => `${x.id}: ${x.help} (${x.nodes.slice(0, 2).map(n => n.target.join(' ')).join('; ')})`);
    await p.context().close();
    check(found.length === 0, found.join(' | '));
  });
}
await writeFile(book, await readFile(book, 'utf8'));
await browser.close();
if (errors.length) {
  failed = true;
  console.log(`FAIL script errors: ${errors.join('; ')}`);
}
console.log(failed ? 'some editor scenarios failed' : 'all editor scenarios passed');
process.exit(failed ? 1 : 0);
