// Browser tests of the interactive diagrams (themes/default/gobook.js), run by
// tests/browser.rs over a freshly built example site:
//
//   node tests/browser/run.mjs SITE_DIR INSPECT_JSON [SCREENSHOT_DIR]
//
// Serves SITE_DIR over HTTP on a free local port (localStorage and fetch behave as on
// a real site), drives Debian's chromium with playwright-core, and exits 1 when a
// scenario fails. INSPECT_JSON is `gobook inspect --lang en` of the same book: the
// replayed positions are compared with the final positions gobook computed.
//
// EPUB_DIR, when set, is the English EPUB of the same book, unpacked: its chapters are
// opened as file:// URLs, so Chromium parses them as XHTML, as a reading system does.
import { serveSite, launchChromium, clickPoint } from './site-server.mjs';
import { readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [site, inspectPath, shots] = process.argv.slice(2);
if (!site || !inspectPath) {
  console.error('usage: node run.mjs SITE_DIR INSPECT_JSON [SCREENSHOT_DIR]');
  process.exit(2);
}
const inspect = JSON.parse(await readFile(inspectPath, 'utf8'));
const server = await serveSite(site);
const { base } = server;
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, colorScheme: 'light' });
const failures = [];
const errors = [];

// A fresh page with script errors recorded: any error fails the run.
const open = async path => {
  const page = await context.newPage();
  page.on('pageerror', e => errors.push(`${path}: ${e.message}`));
  // Browsers ask for /favicon.ico on their own; any other missing file is an error.
  page.on('console', m => m.type() === 'error' && !m.text().includes('404') && errors.push(`${path}: ${m.text()}`));
  page.on('response', r => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && errors.push(`${path}: ${r.status()} ${r.url()}`));
  await page.goto(base + path);
  return page;
};
const check = (ok, what) => {
  if (!ok) throw new Error(what);
};
const scenario = async (name, body) => {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (e) {
    failures.push(name);
    console.log(`FAIL ${name}: ${e.message}`);
  }
};
const shot = async (page, locator, name, prefix = 'interactive') => {
  if (!shots) return;
  await mkdir(shots, { recursive: true });
  await (locator ? page.locator(locator) : page).screenshot({ path: join(shots, `${prefix}-${name}.png`) });
};

// The stones the live board draws, as {point: 'b'|'w'}, read back from the SVG
// circles with the geometry the page embeds.
const liveStones = (page, fig) =>
  page.$eval(fig, f => {
    const D = JSON.parse(f.dataset.gb);
    const cols = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
    const svg = f.querySelector('svg.gb-live');
    const v = svg.viewBox.baseVal;
    const full = v.width > (D.v[2] - D.v[0]) * D.g[0] + 2 * D.g[1];
    const [c0, , , r1] = full ? [0, 0, D.z - 1, D.z - 1] : D.v;
    const out = {};
    for (const [cls, color] of [['gb-sb', 'b'], ['gb-sw', 'w']]) {
      svg.querySelectorAll(`g.${cls} > circle`).forEach(c => {
        const col = c0 + Math.round(+c.getAttribute('cx') / D.g[0]);
        const row = r1 - Math.round(+c.getAttribute('cy') / D.g[0]);
        out[cols[col] + (row + 1)] = color;
      });
    }
    return out;
  });
const expected = id => {
  const d = inspect.diagrams.find(x => x.id === id);
  return Object.fromEntries(d.final_stones.map(s => [s.point, s.color]));
};
const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
const say = (page, fig) => page.$eval(`${fig} .gb-say`, e => e.textContent);
const feedback = (page, fig) => page.$eval(`${fig} .gb-feedback`, e => ({ text: e.textContent, cls: e.className }));

await scenario('replay a figure to its end: stones match gobook inspect', async () => {
  const page = await open('/en/game.html');
  const fig = '#fig1';
  const total = (await page.$eval(fig, f => JSON.parse(f.dataset.gb).m.split(' ').length));
  await page.click(`${fig} button[aria-label="First move"]`);
  check(await page.$eval(`${fig} svg.gb-live`, s => s.querySelectorAll('circle[r="11"]').length === 0), 'the first step shows an empty board');
  for (let i = 0; i < total; i++) await page.click(`${fig} button[aria-label="Next move"]`);
  check((await page.$eval(fig, f => f.dataset.gbStep)) === String(total), 'reached the end');
  check(same(await liveStones(page, fig), expected('fig1')), 'the replayed position equals final_stones');
  check(await page.$eval(`${fig} > svg.gb:not(.gb-live)`, s => getComputedStyle(s).display !== 'none'), 'the numbered figure is back at the end');
  check(await page.$eval(`${fig} button[aria-label="Next move"]`, b => b.disabled), 'next is disabled at the end');
  await page.click(`${fig} button[aria-label="Previous move"]`);
  check(await page.$eval(`${fig} svg.gb-live`, s => s.querySelectorAll('.gb-last').length === 1), 'the last move is marked');
  // The stones keep their numbers, as the commentary names them.
  // Every number stands where the figure has it; stones taken since are gone with theirs.
  const nums = sel => page.$eval(`${fig} ${sel}`, s => [...s.querySelectorAll('text')].filter(t => /^[0-9]+$/.test(t.textContent)).map(t => `${t.textContent}@${t.getAttribute('x')},${t.getAttribute('y')}`));
  const still = await nums('> svg.gb:not(.gb-live)');
  const live = await nums('svg.gb-live');
  const lastNumber = String((await page.$eval(fig, f => JSON.parse(f.dataset.gb).n)) + total - 2);
  // A move the figure lists under the board ("49 at 37") has its number only in replay.
  const placed = n => still.includes(n) || !still.some(m => m.split('@')[0] === n.split('@')[0]);
  check(live.length > total / 2 && live.every(placed), `the replay numbers its stones where the figure does (${live.length} of ${total - 1}; ${live.filter(n => !placed(n)).slice(0, 3)})`);
  check(live.some(n => n.startsWith(lastNumber + '@')), `the last move played (${lastNumber}) is numbered`);
  check(await page.$eval(`${fig} svg.gb-live`, s => [...s.querySelectorAll('text')].every(t => t.getAttribute('font-size') === '14')), 'numbers in replay are as large as in the figure');
  await shot(page, fig, 'replay');
  await page.close();
});

await scenario('replay with captures: Figure 3 ends as gobook computed', async () => {
  const page = await open('/en/game.html');
  await page.click('#fig3 button[aria-label="First move"]');
  await page.click('#fig3 button[aria-label="Last move"]');
  // At the end the numbered figure shows; the live board underneath holds the position.
  check(same(await liveStones(page, '#fig3'), expected('fig3')), 'fig3 final position');
  await page.close();
});

await scenario('keyboard replay with arrows, Home and End, and a live region', async () => {
  const page = await open('/en/game.html');
  const fig = '#fig1';
  await page.focus(fig);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  check((await page.$eval(fig, f => f.dataset.gbStep)) === '2', 'two steps from the keyboard');
  const text = await say(page, fig);
  check(text === 'White 2 at D17', `announced "${text}"`);
  check(await page.$eval(`${fig} .gb-say`, e => e.getAttribute('aria-live') === 'polite'), 'live region');
  await page.keyboard.press('ArrowLeft');
  check((await say(page, fig)) === 'Black 1 at R16', 'back one');
  await page.keyboard.press('End');
  check((await page.$eval(fig, f => f.dataset.gbStep)) === '50', 'End goes to the end');
  // Buttons are reachable with Tab and show a focus ring.
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  check(ring !== 'none', 'focus is visible');
  await page.close();
});

await scenario('a page loads without a hidden second copy of its boards, and nothing moves', async () => {
  const page = await open('/en/game.html');
  await page.waitForSelector('.gb-fig.gb-ready');
  const copies = await page.$$eval('.gb-fig:not(.gb-prb) .gb-board', bs => bs.filter(b => b.querySelector('svg')).length);
  check(copies === 0, `${copies} replay boards drawn before use`);
  // Layout shifts since the page started, as the browser measures them (CLS).
  const cls = await page.evaluate(() => new Promise(done => {
    let sum = 0;
    new PerformanceObserver(l => l.getEntries().forEach(e => { if (!e.hadRecentInput) sum += e.value; }))
      .observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => done(sum), 300);
  }));
  check(cls < 0.01, `layout shift ${cls}`);
  await page.close();
});

await scenario('the caption sits right under its board, the controls under the caption', async () => {
  const page = await open('/en/game.html');
  await page.waitForSelector('#fig1.gb-ready');
  const [gap, order] = await page.$eval('#fig1', f => {
    const board = f.querySelector(':scope > svg.gb').getBoundingClientRect();
    const cap = f.querySelector(':scope > figcaption > span').getBoundingClientRect();
    const bar = f.querySelector('.gb-bar').getBoundingClientRect();
    return [cap.top - board.bottom, bar.top >= cap.bottom];
  });
  check(gap >= 0 && gap < 12, `caption ${gap}px under the board`);
  check(order, 'the controls come after the caption');
  await page.close();
});

await scenario('a replay button that disables itself leaves the focus on its figure', async () => {
  const page = await open('/en/game.html');
  const fig = '#fig1';
  await page.focus(`${fig} button[aria-label="Last move"]`);
  await page.click(`${fig} button[aria-label="First move"]`);
  await page.focus(`${fig} button[aria-label="Next move"]`);
  await page.keyboard.press('End');
  await page.focus(`${fig} button[aria-label="Previous move"]`);
  await page.keyboard.press('Enter');
  await page.focus(`${fig} button[aria-label="Last move"]`);
  await page.keyboard.press('Enter');
  check(await page.$eval(`${fig} button[aria-label="Last move"]`, b => b.disabled), 'last is disabled at the end');
  check(await page.evaluate(f => document.activeElement === document.querySelector(f), fig), 'focus is on the figure, not lost to the page');
  await page.close();
});

await scenario('a swipe steps through the moves', async () => {
  const page = await open('/en/game.html');
  const fig = '#fig1';
  await page.locator(`${fig} > svg.gb`).scrollIntoViewIfNeeded();
  const box = await page.locator(`${fig} > svg.gb`).boundingBox();
  const swipe = async (from, to) => {
    await page.mouse.move(box.x + from, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + to, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
  };
  // Right to left goes forward, as when turning a page; the figure starts at its end.
  await swipe(box.width * 0.7, box.width * 0.3);
  check((await page.$eval(fig, f => f.dataset.gbStep)) === '50', 'right to left at the end stays at the end');
  await swipe(box.width * 0.3, box.width * 0.7);
  check((await page.$eval(fig, f => f.dataset.gbStep)) === '49', 'left to right steps back');
  await swipe(box.width * 0.7, box.width * 0.3);
  check((await page.$eval(fig, f => f.dataset.gbStep)) === '50', 'right to left steps forward');
  await page.close();
});

await scenario('expand a partial diagram to the whole board and back', async () => {
  const page = await open('/en/game.html');
  const fig = '#dia1';
  const button = `${fig} button[aria-label="Expand board"]`;
  await page.click(button);
  const n = await page.$eval(`${fig} svg.gb-live`, s => s.viewBox.baseVal.width);
  check(n === 18 * 24 + 30, `whole board viewBox width ${n}`);
  check(same(await liveStones(page, fig), expected('dia1')), 'expanded board shows the final position');
  await shot(page, fig, 'expanded');
  await page.click(button);
  check(await page.$eval(`${fig} .gb-board`, b => b.hidden), 'back to the numbered partial figure');
  await page.close();
});

await scenario('print: white boards, every answer drawn, no controls', async () => {
  const page = await open('/en/problems.html');
  await page.waitForSelector('#prb1.gb-ready');
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const [board, isOpen, answers, bar] = await page.$eval('#prb1', f => [
    getComputedStyle(f.querySelector(':scope > svg .gb-bd, .gb-board svg .gb-bd') || f.querySelector('.gb-bd')).fill,
    f.querySelector('details.gb-solution').open && getComputedStyle(f.querySelector('details.gb-solution')).display !== 'none',
    f.querySelectorAll('.gb-answer svg.gb').length,
    getComputedStyle(f.querySelector('.gb-bar')).display,
  ]);
  check(board === 'rgb(255, 255, 255)', `board ${board}`);
  check(isOpen, 'the solution is open');
  check(answers === 3, `${answers} answers drawn`);
  check(bar === 'none', 'no controls');
  await shot(page, null, 'print');
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  check(!(await page.$eval('#prb1 details.gb-solution', d => d.open)), 'closed again after printing');
  await page.close();
});

await scenario('dark mode: black stones stand out from the board', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 }, colorScheme: 'dark' });
  const page = await ctx.newPage();
  await page.goto(base + '/en/problems.html');
  const [bd, sb] = await page.$eval('#prb1', f => [
    getComputedStyle(f.querySelector('.gb-bd')).fill,
    getComputedStyle(f.querySelector('.gb-sb')).fill,
  ]);
  const lum = c => {
    const [r, g, b] = c.match(/\d+/g).map(Number).map(v => v / 255).map(v => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (lum(bd) + 0.05) / (lum(sb) + 0.05);
  check(ratio >= 3, `black stone against the board ${ratio.toFixed(2)}:1 (${sb} on ${bd})`);
  await ctx.close();
});

await scenario('a problem whose question names the player does not say it twice', async () => {
  const page = await open('/en/problems.html');
  const [toPlay, question] = await page.$eval('#prb1', f => [f.querySelectorAll('figcaption .gb-to-play').length, f.querySelector('.gb-question').textContent]);
  check(question.startsWith('Black') && toPlay === 0, `question "${question}" with ${toPlay} to-play line`);
  await page.close();
});

await scenario('solve a problem correctly', async () => {
  const page = await open('/en/problems.html');
  const fig = '#prb1';
  check(await page.$eval(`${fig} .gb-solution`, d => getComputedStyle(d).display === 'none'), 'the no-JS solution is hidden');
  await page.focus(`${fig} .gb-board`);
  // B1 from the keyboard: the cursor starts in the middle of the view (C3).
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  const f = await feedback(page, fig);
  check(f.cls.includes('gb-right') && f.text.includes('White is dead.'), `feedback ${JSON.stringify(f)}`);
  check((await say(page, fig)).startsWith('Black 1 at B1'), 'announced');
  await shot(page, fig, 'problem-correct');
  await page.close();
});

await scenario('a wrong move gets the refutation from the book', async () => {
  const page = await open('/en/problems.html');
  const fig = '#prb1';
  await clickPoint(page, fig, 'A1');
  const f = await feedback(page, fig);
  check(f.cls.includes('gb-wrong') && f.text.includes('White lives with two eyes.'), `feedback ${JSON.stringify(f)}`);
  const stones = await liveStones(page, fig);
  check(stones.B1 === 'w', 'White answered at B1');
  check(await page.$eval(fig, f => f.classList.contains('gb-failed')), 'marked wrong');
  await shot(page, fig, 'problem-wrong');
  await page.click(`${fig} button:has-text("Reset")`);
  check(!(await liveStones(page, fig)).B1, 'reset empties B1');
  await page.click(`${fig} button:has-text("Show solution")`);
  const s = await feedback(page, fig);
  check(s.text.includes('White is dead.') && (await say(page, fig)) === 'Black 1 at B1', `solution ${s.text}`);
  check((await liveStones(page, fig)).B1 === 'b', 'the solution is on the board');
  await page.close();
});

await scenario('a move outside the book says so', async () => {
  const page = await open('/en/problems.html');
  const fig = '#prb1';
  await clickPoint(page, fig, 'F4');
  const f = await feedback(page, fig);
  check(f.cls.includes('gb-off') && f.text === 'Not in book', `feedback ${JSON.stringify(f)}`);
  check(!(await liveStones(page, fig)).F4, 'no stone is left on F4');
  await shot(page, fig, 'problem-not-in-book');
  // The hint stays folded until asked for.
  check(!(await page.$eval('details.gb-hint', d => d.open)), 'hint folded');
  await page.close();
});

await scenario('an inline diagram opens in a pop-over and Escape closes it', async () => {
  const page = await open('/en/game.html');
  const link = 'a.gb-dia-link';
  await page.click(link);
  const box = await page.$eval(link, a => document.getElementById(a.hash.slice(1)).id);
  const pop = `#${box}`;
  check(await page.$eval(pop, b => b.classList.contains('gb-pop') && getComputedStyle(b).display === 'block'), 'pop-over shown');
  check(await page.evaluate(p => document.activeElement === document.querySelector(p), pop), 'focus moves into it');
  check(await page.$eval(pop, b => b.getAttribute('role') === 'dialog' && b.getAttribute('aria-label') !== ''), 'it is a labelled dialog');
  const near = await page.evaluate(([l, p]) => {
    const a = document.querySelector(l).getBoundingClientRect(), b = document.querySelector(p).getBoundingClientRect();
    return Math.abs(b.top - a.bottom) < 20;
  }, [link, pop]);
  check(near, 'placed under its link');
  check(!page.url().includes('#'), 'no navigation');
  await page.click(`${pop} button[aria-label="First move"]`);
  await page.click(`${pop} button[aria-label="Next move"]`);
  check((await say(page, pop)) === 'Black 15 at P3', 'the inline diagram replays inside the pop-over');
  await shot(page, null, 'inline-popover');
  await page.keyboard.press('Escape');
  check(await page.$eval(pop, b => getComputedStyle(b).display === 'none'), 'Escape closes it');
  check(await page.evaluate(l => document.activeElement === document.querySelector(l), link), 'focus is back on the link');
  await page.close();
});

await scenario('the language is remembered and the root page goes to it', async () => {
  const page = await open('/de/game.html');
  check((await page.evaluate(() => localStorage.getItem('gb-lang'))) === 'de', 'stored');
  await page.goto(base + '/index.html');
  await page.waitForURL(/\/de\/index\.html$/);
  await page.close();
});

await scenario('without JavaScript: static figure, solution and hint in disclosures', async () => {
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 900, height: 900 } });
  const page = await plain.newPage();
  await page.goto(base + '/en/problems.html');
  check(await page.$eval('#prb1 > svg.gb', s => getComputedStyle(s).display !== 'none'), 'static diagram');
  check((await page.$$('#prb1 .gb-bar')).length === 0, 'no dead buttons');
  await page.click('#prb1 details.gb-solution > summary');
  check((await page.$eval('#prb1 details.gb-solution', d => d.textContent)).includes('White is dead.'), 'solution in a disclosure');
  await shot(page, '#prb1', 'no-js');
  await plain.close();
});

await scenario('on a 390 px phone no move number is under 8 px, and 100 is as tall as 99', async () => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, deviceScaleFactor: 2, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(base + '/en/game.html');
  const sizes = await page.$$eval('figure > svg.gb', svgs => svgs.flatMap(s => {
    const scale = s.getScreenCTM().a;
    return [...s.querySelectorAll('.gb-nb > text, .gb-nw > text')]
      .filter(t => /^[0-9]+$/.test(t.textContent))
      .map(t => ({ digits: t.textContent.length, px: Number(t.parentNode.getAttribute('font-size')) * scale, width: t.getBoundingClientRect().width, stone: 22 * scale }));
  }));
  const smallest = Math.min(...sizes.map(s => s.px));
  check(sizes.length > 100 && smallest >= 8, `${sizes.length} move numbers, the smallest ${smallest.toFixed(1)} CSS px`);
  const px = d => new Set(sizes.filter(s => s.digits === d).map(s => s.px.toFixed(2)));
  check(sizes.some(s => s.digits === 3) && [...px(3)].every(p => px(2).has(p)), `three-digit numbers share the two-digit size (${[...px(2)]} / ${[...px(3)]})`);
  check(sizes.every(s => s.width <= s.stone), 'every number fits inside its stone');
  await phone.close();
});

if (shots) {
  await scenario('screenshots of the phone layout', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, deviceScaleFactor: 2, hasTouch: true });
    const page = await phone.newPage();
    await page.goto(base + '/en/problems.html');
    await clickPoint(page, '#prb1', 'C1');
    await shot(page, '#prb1', 'phone-problem');
    await phone.close();
  });
}

// The e-book's chapters: XHTML read from files, in a window the size of a reader's page.
const epubDir = process.env.EPUB_DIR;
if (epubDir) {
  const reader = await browser.newContext({ viewport: { width: 800, height: 1200 }, colorScheme: 'light' });
  const chapter = async name => {
    const page = await reader.newPage();
    page.on('pageerror', e => errors.push(`${name}: ${e.message}`));
    page.on('console', m => m.type() === 'error' && errors.push(`${name}: ${m.text()}`));
    page.on('requestfailed', r => errors.push(`${name}: cannot load ${r.url()}`));
    await page.goto(pathToFileURL(join(epubDir, 'OEBPS/text', name)).href);
    check((await page.evaluate(() => document.contentType)) === 'application/xhtml+xml', `${name} is read as XHTML`);
    return page;
  };
  const stoneCount = (page, fig) => page.$eval(`${fig} svg.gb-live`, s => s.querySelectorAll('g.gb-sb > circle, g.gb-sw > circle').length);

  await scenario('EPUB: a chapter read as XHTML replays a figure forward and back', async () => {
    const page = await chapter('game.xhtml');
    const fig = '#fig1';
    check(await page.evaluate(() => document.documentElement.classList.contains('gb-js')), 'the script ran');
    await page.click(`${fig} button[aria-label="First move"]`);
    check((await stoneCount(page, fig)) === 0, 'the first step shows an empty board');
    await page.click(`${fig} button[aria-label="Next move"]`);
    await page.click(`${fig} button[aria-label="Next move"]`);
    check((await page.$eval(fig, f => f.dataset.gbStep)) === '2' && (await stoneCount(page, fig)) === 2, 'two moves forward, two stones');
    check((await say(page, fig)) === 'White 2 at D17', 'the live region speaks the move');
    await page.click(`${fig} button[aria-label="Previous move"]`);
    check((await page.$eval(fig, f => f.dataset.gbStep)) === '1' && (await stoneCount(page, fig)) === 1, 'one move back, one stone');
    check(same(await liveStones(page, fig), { R16: 'b' }), 'Black 1 at R16');
    check(await page.$eval(`${fig} svg.gb-live`, s => s.namespaceURI === 'http://www.w3.org/2000/svg' && s.getBoundingClientRect().width > 100), 'the live board is drawn as SVG');
    for (let i = 0; i < 11; i++) await page.click(`${fig} button[aria-label="Next move"]`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, null, 'interactive', 'epub');
    await page.click(`${fig} button[aria-label="Last move"]`);
    check(same(await liveStones(page, fig), expected('fig1')), 'the replayed position equals final_stones');
    // Inline diagrams stand in the text of an e-book: their link goes there, no pop-over.
    await page.click('a.gb-dia-link');
    check((await page.$$('.gb-pop')).length === 0, 'no pop-over');
    await page.close();
  });

  await scenario('EPUB: a problem is answered on the board', async () => {
    const page = await chapter('problems.xhtml');
    const fig = '#prb1';
    check((await page.$$(`${fig} .gb-solution`)).length === 0, 'the answers are gathered after the chapter, not under the problem');
    await clickPoint(page, fig, 'A1');
    const w = await feedback(page, fig);
    check(w.cls.includes('gb-wrong') && w.text.includes('White lives with two eyes.'), `feedback ${JSON.stringify(w)}`);
    await page.click(`${fig} button:has-text("Reset")`);
    await clickPoint(page, fig, 'B1');
    const f = await feedback(page, fig);
    check(f.cls.includes('gb-right') && f.text.includes('White is dead.'), `feedback ${JSON.stringify(f)}`);
    check((await liveStones(page, fig)).B1 === 'b', 'the answer is on the board');
    check(await page.$eval('.gb-solutions > .gb-solution .gb-answer', d => d.getBoundingClientRect().height > 0), 'the answers at the end of the chapter stay, open');
    await page.close();
  });

  await scenario('EPUB: without scripting a chapter reads as the static book', async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 800, height: 1200 } });
    const page = await plain.newPage();
    await page.goto(pathToFileURL(join(epubDir, 'OEBPS/text/problems.xhtml')).href);
    check(await page.$eval('#prb1 > svg.gb', s => getComputedStyle(s).display !== 'none'), 'static diagram');
    check((await page.$$('.gb-bar')).length === 0, 'no dead buttons');
    check(await page.$eval('.gb-solutions > .gb-solution .gb-answer', d => d.getBoundingClientRect().height > 0), 'the solutions open after the chapter, as in a printed book');
    check(await page.$eval('.gb-hint', h => h.localName === 'div' && h.textContent.length > 10 && h.getBoundingClientRect().height > 20), 'a hint printed under its name, not folded');
    check((await page.$$('.gb-solutions .gb-answer svg.gb')).length >= 2, 'each answer drawn');
    await plain.close();
  });
  await reader.close();
}

await scenario('no script errors', async () => {
  check(errors.length === 0, errors.join('; '));
});

await browser.close();
server.close();
console.log(failures.length ? `${failures.length} browser scenario(s) failed` : 'all browser scenarios passed');
process.exit(failures.length ? 1 : 0);
