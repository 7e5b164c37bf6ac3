// Browser tests of the page layout (themes/default/style.css and the markup of
// crates/gobook-markup/src/markup/blocks.rs), run by tests/it/browser_layout.rs:
//
//   node tests/browser/layout.mjs SITES_DIR [SCREENSHOT_DIR]
//
// SITES_DIR holds one built site per test book (tests/books/valid/layout-*.gobook, in a
// folder named after the book), the example books `ear-reddening`, `annotated-game` and
// `problems`, and, when the corpora are there, `imported-problems` (glift's problem files
// built with `gobook build --problems`).
// Every check measures where the browser put things (positions and sizes in CSS px),
// not which CSS rules apply. Exits 1 when a scenario fails.
//
// With SCREENSHOT_DIR, the example chapter and the rows book are photographed at desktop
// (1280) and phone (390) width, light and dark, and as printed: layout-*.png
// (LAYOUT_SHOTS_PREFIX, default `layout`, starts their names).
import { serveSite, launchChromium } from './site-server.mjs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

const [sites, shots] = process.argv.slice(2);
if (!sites) {
  console.error('usage: node layout.mjs SITES_DIR [SCREENSHOT_DIR]');
  process.exit(2);
}
const prefix = process.env.LAYOUT_SHOTS_PREFIX || 'layout';
const server = await serveSite(sites);
const { base } = server;
const browser = await launchChromium();
const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: 'light' });
const failures = [];
const errors = [];

const open = async (ctx, path) => {
  const page = await ctx.newPage();
  page.on('pageerror', e => errors.push(`${path}: ${e.message}`));
  page.on('response', r => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && errors.push(`${path}: ${r.status()} ${r.url()}`));
  await page.goto(base + path);
  await page.evaluate(() => document.fonts.ready);
  return page;
};
const check = (ok, what) => {
  if (!ok) throw new Error(what);
};
// Two lengths in CSS px are the same within a pixel (sub-pixel layout and rounding).
const near = (a, b, tol = 1.5) => Math.abs(a - b) <= tol;
const scenario = async (name, body) => {
  try {
    await body();
    console.log(`ok   ${name}`);
  } catch (e) {
    failures.push(name);
    console.log(`FAIL ${name}: ${e.message}`);
  }
};

// Measurements taken in the page. `lines(sel)`: the left and right of each line of an
// element's text, top to bottom, from the rectangles of a range over it.
const measure = (page, fn, arg) => page.evaluate(
  ([src, arg]) => {
    const rect = sel => {
      const e = document.querySelector(sel);
      if (!e) throw new Error(`no ${sel}`);
      return e.getBoundingClientRect();
    };
    const lines = sel => {
      const e = document.querySelector(sel);
      if (!e) throw new Error(`no ${sel}`);
      const r = document.createRange();
      r.selectNodeContents(e);
      const out = [];
      for (const q of r.getClientRects()) {
        if (q.width === 0) continue;
        const last = out[out.length - 1];
        if (last && Math.abs(q.top - last.top) < 4) {
          last.left = Math.min(last.left, q.left);
          last.right = Math.max(last.right, q.right);
        } else out.push({ top: q.top, left: q.left, right: q.right });
      }
      return out;
    };
    const em = sel => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
    // The text column: the content box of the main element.
    const column = () => {
      const m = document.querySelector('.gb-main');
      const r = m.getBoundingClientRect();
      const s = getComputedStyle(m);
      return { left: r.left + parseFloat(s.paddingLeft), right: r.right - parseFloat(s.paddingRight) };
    };
    return new Function('rect', 'lines', 'em', 'column', 'arg', `return (${src})(arg)`)(rect, lines, em, column, arg);
  },
  [fn.toString(), arg],
);

const fmt = v => JSON.stringify(v, (k, x) => (typeof x === 'number' ? Math.round(x * 10) / 10 : x));

// #19: every diagram group of a chapter gives its text the same left edge.
for (const [book, path] of [['ear-reddening', '/ear-reddening/en/game.html'], ['annotated-game', '/annotated-game/game.html']]) {
  await scenario(`${book}: the text beside the diagrams keeps one left edge at 1280 px`, async () => {
    const page = await open(desktop, path);
    const lefts = await page.$$eval('.gb-group-text', ts => ts.map(t => t.getBoundingClientRect().left));
    check(lefts.length >= 3, `${lefts.length} groups with text`);
    check(lefts.every(l => near(l, lefts[0])), `text left edges ${fmt(lefts)}`);
    // And the text really is beside its diagram, right of it.
    const beside = await page.$$eval('.gb-group', gs => gs.filter(g => g.querySelector('.gb-group-text')).every(g => g.querySelector('.gb-group-text').getBoundingClientRect().left >= g.querySelector('.gb-fig').getBoundingClientRect().right));
    check(beside, 'text beside its diagram');
    await page.close();
  });
  await scenario(`${book}: nothing overflows sideways at 390 px`, async () => {
    const page = await open(phone, path);
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    check(w <= 390, `page is ${w} px wide`);
    await page.close();
  });
}

// #20: box=1 after a diagram; consecutive boxed paragraphs share one box.
await scenario('boxes: after a diagram too, one box around consecutive boxed paragraphs', async () => {
  const page = await open(desktop, '/layout-box/index.html');
  const r = await measure(page, () => {
    const box = id => document.getElementById(id).closest('.gb-box');
    const inside = (id, b) => {
      const p = document.getElementById(id).getBoundingClientRect();
      const q = b.getBoundingClientRect();
      return p.left >= q.left && p.right <= q.right && p.top >= q.top && p.bottom <= q.bottom;
    };
    const b1 = box('box1');
    const t1 = box('top1');
    return {
      boxed: !!b1 && b1 === box('box2') && inside('box1', b1) && inside('box2', b1),
      besideDiagram: !!b1 && !!b1.closest('.gb-group-text'),
      afterOutside: !box('after') && document.getElementById('after').getBoundingClientRect().top >= b1.getBoundingClientRect().bottom,
      plainOutside: !box('plain'),
      top: !!t1 && t1 === box('top2') && t1 !== b1,
    };
  });
  check(Object.values(r).every(Boolean), fmt(r));
  await page.close();
});

// #20: indents, measured on the lines of each paragraph (in em of the paragraph).
await scenario('indents: first line from the margin, hanging lines, right side, tabs', async () => {
  const page = await open(desktop, '/layout-indents/index.html');
  // id: [first line, other lines, right side] in em from the column's edges.
  const want = {
    normal: [0, 0, 0], hanging: [0, 3, 0], first: [2, 1, 0], left: [3, 3, 0], right: [0, 0, 4],
    blockind: [2, 2, 2], sblock: [2, 2, 2], sblock2: [4, 4, 2], shanging: [0, 2, 0],
    shanging1: [2, 4, 0], sindent: [2, 2, 0], sindent1: [2, 2, 0],
  };
  const got = await measure(page, ids => {
    const c = column();
    const out = {};
    for (const id of ids) {
      const l = lines('#' + id);
      const e = em('#' + id);
      // The right indent: the paragraph's content box ends that far from the column's edge.
      const p = document.getElementById(id);
      const right = c.right - (p.getBoundingClientRect().right - parseFloat(getComputedStyle(p).paddingRight));
      out[id] = { n: l.length, first: (l[0].left - c.left) / e, rest: l.length > 1 ? (l[1].left - c.left) / e : null, right: right / e, widest: (c.right - Math.max(...l.map(x => x.right))) / e };
    }
    return out;
  }, Object.keys(want));
  for (const [id, [first, rest, right]] of Object.entries(want)) {
    const g = got[id];
    check(g.n >= 2 || id === 'sindent1', `${id} wraps onto a second line: ${fmt(g)}`);
    check(near(g.first, first, 0.1), `${id}: first line at ${fmt(g.first)} em, want ${first}`);
    if (g.rest !== null) check(near(g.rest, rest, 0.1), `${id}: other lines at ${fmt(g.rest)} em, want ${rest}`);
    check(near(g.right, right, 0.1) && g.widest >= right - 0.1, `${id}: right side ${fmt(g.right)} em (lines end ${fmt(g.widest)} em in), want ${right}`);
  }
  await page.close();
});

// #20: `\t` is a tab (the spec's image bullet), `\n` a line break.
await scenario('tabs and line breaks written as \\t and \\n', async () => {
  const page = await open(desktop, '/layout-tabs/index.html');
  const r = await measure(page, () => {
    const img = document.querySelector('#imgbullet .gb-bullet img');
    const text = document.querySelector('#imgbullet .gb-bullet-text');
    const t2 = document.querySelector('#textbullet .gb-bullet-text');
    return {
      imageIsTheBullet: !!img && !!text && text.getBoundingClientRect().left >= img.getBoundingClientRect().right,
      noBackslash: !document.querySelector('.gb-main').textContent.includes('\\'),
      textBullet: document.querySelector('#textbullet .gb-bullet')?.textContent === '1.' && t2?.textContent.startsWith('A text bullet'),
      imageBulletLines: lines('#imgbullet .gb-bullet-text').length,
      breakLines: lines('#breaks').length,
    };
  });
  check(r.imageIsTheBullet && r.noBackslash && r.textBullet && r.imageBulletLines === 2 && r.breakLines === 3, fmt(r));
  await page.close();
});

// #20: bullets line up after the widest label; the text style indents first lines.
await scenario('bullets: one hanging indent per run, after the widest label (text or image)', async () => {
  const page = await open(desktop, '/layout-bullets/index.html');
  const r = await measure(page, () => {
    const at = id => document.querySelector(`#${id} .gb-bullet-text`).getBoundingClientRect().left;
    const label = id => document.querySelector(`#${id} .gb-bullet`).firstChild;
    const w = n => { const r = document.createRange(); r.selectNodeContents(n.parentNode); return r.getBoundingClientRect().right; };
    return {
      run: [at('b1'), at('b2'), at('b3')],
      widest: Math.max(w(label('b1')), w(label('b2')), document.querySelector('#b3 .gb-bullet img').getBoundingClientRect().right),
      second: [at('c1'), at('c2')],
      // Second lines of a bullet's text start under its first.
      wrap: lines('#b1 .gb-bullet-text').map(l => l.left),
    };
  });
  check(r.run.every(x => near(x, r.run[0])), `texts of one run start at ${fmt(r.run)}`);
  check(r.run[0] >= r.widest && r.run[0] - r.widest < 20, `after the widest label (${fmt(r.widest)}): ${fmt(r.run[0])}`);
  check(near(r.second[0], r.second[1]) && r.second[0] < r.run[0] - 20, `a new run has its own indent: ${fmt(r.second)}`);
  check(r.wrap.length >= 2 && r.wrap.every(x => near(x, r.run[0])), `hanging lines: ${fmt(r.wrap)}`);
  await page.close();
});

await scenario('text style: first lines indented 1 em, except after a heading or a diagram', async () => {
  const page = await open(desktop, '/layout-bullets/index.html');
  const r = await measure(page, () => {
    const c = column();
    const first = id => (lines('#' + id)[0].left - document.getElementById(id).getBoundingClientRect().left) / em('#' + id);
    const gap = (a, b) => document.getElementById(b).getBoundingClientRect().top - document.getElementById(a).getBoundingClientRect().bottom;
    return { t1: first('t1'), t2: first('t2'), t3: first('t3'), t4: first('t4'), t5: first('t5'), gap: gap('t2', 't3'), t1left: lines('#t1')[0].left - c.left };
  });
  check(near(r.t1, 0, 0.05) && near(r.t1left, 0), `after the heading: ${fmt(r)}`);
  check(near(r.t2, 1, 0.05) && near(r.t3, 1, 0.05), `following paragraphs: ${fmt(r)}`);
  check(near(r.t4, 0, 0.05) && near(r.t5, 1, 0.05), `after the diagram: ${fmt(r)}`);
  check(near(r.gap, 0), `no extra leading between them: ${fmt(r.gap)}`);
  await page.close();
});

// #20: break=line ends the text beside a diagram; breaks of diagrams and images.
await scenario('break=line ends wrapping; break on diagrams and images', async () => {
  const page = await open(desktop, '/layout-break/index.html');
  const r = await measure(page, () => {
    const c = column();
    const d1 = rect('#d1');
    return {
      beside: rect('#beside').left >= d1.right,
      below: rect('#below').top >= d1.bottom && near(rect('#below').left, c.left),
      newRow: rect('#h2').top >= rect('#h1').bottom,
    };
    function near(a, b) { return Math.abs(a - b) < 1.5; }
  });
  check(Object.values(r).every(Boolean), fmt(r));
  await page.emulateMedia({ media: 'print' });
  const brk = await page.evaluate(() => ({
    d2: getComputedStyle(document.getElementById('d2').closest('.gb-group')).breakBefore,
    pic: getComputedStyle(document.getElementById('pic')).breakBefore,
  }));
  check(brk.d2 === 'page' && brk.pic === 'column', `print breaks: ${fmt(brk)}`);
  await page.close();
});

// #20: paraSpacing leaves headings alone; spaceBefore/spaceAfter combine as a maximum.
await scenario('spacing: headings keep theirs, neighbours take the larger space', async () => {
  const page = await open(desktop, '/layout-spacing/index.html');
  const r = await measure(page, () => {
    const gap = (a, b) => rect('#' + b).top - rect('#' + a).bottom;
    const e = em('#s1');
    return { tight: gap('s1', 's2') / e, head: gap('s2', 'head') / e, headMargin: parseFloat(getComputedStyle(document.getElementById('head')).marginTop) / e, a: gap('a1', 'a2') / e, b: gap('a3', 'a4') / e };
  });
  check(near(r.tight, 0.2, 0.05), `paraSpacing=2: ${fmt(r.tight)} em`);
  check(r.head > 1 && near(r.head, r.headMargin, 0.05), `the heading keeps its own space above: ${fmt(r)}`);
  check(near(r.a, 3, 0.05) && near(r.b, 2, 0.05), `max of after and before: ${fmt(r)}`);
  await page.close();
});

// #20: align for diagrams and images at every width; scale from the natural size.
for (const [name, ctx] of [['1280', desktop], ['390', phone]]) {
  await scenario(`align and scale at ${name} px`, async () => {
    const page = await open(ctx, '/layout-align/index.html');
    // Images below the fold load lazily: ask for them all, then wait.
    await page.evaluate(() => document.querySelectorAll('img').forEach(i => i.setAttribute('loading', 'eager')));
    await page.waitForFunction(() => [...document.images].every(i => i.complete && i.naturalWidth > 0));
    const r = await measure(page, () => {
      const c = column();
      // The picture without its border (a JPEG gets one).
      const img = id => {
        const i = document.querySelector(`#${id} img`);
        const r = i.getBoundingClientRect();
        const b = parseFloat(getComputedStyle(i).borderLeftWidth) * (r.width / i.offsetWidth);
        return { left: r.left + b, right: r.right - b, width: r.width - 2 * b };
      };
      const board = id => [...document.querySelectorAll(`#${id} svg`)].map(s => s.getBoundingClientRect()).find(r => r.width > 0);
      return {
        c, fl: board('fl').left, dr: board('dr').right, hl: board('hl').left, hr: board('hr').right, tr: board('tr').right,
        il: img('il').left, ir: img('ir').right, sc: img('sc').width, natural: document.querySelector('#sc img').naturalWidth,
        big: img('big').width,
      };
    });
    const ok = {
      fullLeft: near(r.fl, r.c.left), diaRight: near(r.dr, r.c.right), halfLeft: near(r.hl, r.c.left), halfRight: near(r.hr, r.c.right),
      thirdRight: near(r.tr, r.c.right), imageLeft: near(r.il, r.c.left), imageRight: near(r.ir, r.c.right),
      scale: near(r.sc, Math.min(r.natural * 0.5, r.c.right - r.c.left)), capped: near(r.big, r.c.right - r.c.left),
    };
    check(Object.values(ok).every(Boolean), `${fmt(ok)} ${fmt(r)}`);
    await page.close();
  });
}

// #20: a diagram or paragraph with href is one link.
await scenario('href: a linked diagram or paragraph is one link and nothing else', async () => {
  const page = await open(desktop, '/layout-href/index.html');
  await page.waitForTimeout(100);
  const r = await page.evaluate(() => {
    const fig = document.getElementById('linked');
    const cap = fig.querySelector('figcaption').getBoundingClientRect();
    const hit = document.elementFromPoint(cap.left + cap.width / 2, cap.top + cap.height / 2);
    return {
      noControls: !fig.hasAttribute('data-gb') && !fig.querySelector('button, .gb-bar, .gb-board'),
      oneLink: fig.querySelectorAll('a').length === 1 && fig.querySelector('a').getAttribute('href').endsWith('#target'),
      captionIsTheLink: hit?.closest('a') === fig.querySelector('a'),
      paraOneLink: document.querySelectorAll('#lp a').length === 1 && !document.querySelector('#lp a a'),
      noPopup: !document.querySelector('.gb-inline-fig'),
    };
  });
  check(Object.values(r).every(Boolean), fmt(r));
  await page.close();
});

// #20: fullWidth and width=full diagrams fill the column whatever the board.
await scenario('full width: small boards and partial views fill the column', async () => {
  const page = await open(desktop, '/layout-full-width/index.html');
  const r = await measure(page, () => {
    const c = column();
    return { col: c.right - c.left, widths: ['small', 'part', 'own'].map(id => document.querySelector(`#${id} svg`).getBoundingClientRect().width) };
  });
  check(r.widths.every(w => near(w, r.col)), fmt(r));
  await page.close();
});

// #20: ^O is not ^Ow; h4 is body size, h5 leaves the font alone.
await scenario('symbols and minor headings', async () => {
  const page = await open(desktop, '/layout-symbols/index.html');
  const r = await page.evaluate(() => {
    const syms = [...document.querySelectorAll('#body svg.gb-sym')];
    // Each symbol drawn to pixels: a plain circle must not look like a white stone.
    const looks = syms.map(s => [...s.querySelectorAll('circle')].map(c => `${c.getAttribute('r')}:${getComputedStyle(c).fill}`).join());
    const st = id => getComputedStyle(document.getElementById(id));
    return { n: syms.length, looks, h4: st('h4').fontSize, h5: st('h5').fontSize, body: st('body').fontSize, h5w: st('h5').fontWeight, bodyw: st('body').fontWeight, h4w: st('h4').fontWeight };
  });
  check(r.n === 3 && new Set(r.looks).size === 3, `^O, ^Ow and ^Ob look different: ${fmt(r.looks)}`);
  check(r.h4 === r.body && r.h5 === r.body && r.h5w === r.bodyw && r.h4w >= '600', fmt(r));
  await page.close();
});

// #19: narrow diagrams pair up in rows, whatever their texts; full width on a phone.
await scenario('rows: halves and thirds side by side at 1280 px, boards level', async () => {
  const page = await open(desktop, '/layout-rows/index.html');
  const r = await measure(page, () => {
    // The board shown (a problem's script swaps in a live one).
    const b = id => [...document.querySelectorAll(`#${id} svg`)].map(s => s.getBoundingClientRect()).find(r => r.width > 0);
    const under = (t, id) => document.getElementById(t).closest('.gb-cell') === document.getElementById(id).closest('.gb-cell');
    return {
      halves: [b('r1'), b('r2')].map(x => [x.top, x.width, x.left]),
      thirds: [b('p1'), b('p2'), b('p3')].map(x => [x.top, x.width, x.left]),
      texts: under('r1t', 'r1') && under('r2t', 'r2') && under('r2h', 'r2') && under('p2t', 'p2'),
      // The texts of a row start on one line, below the longest caption.
      textTops: [rect('#r1t').top, rect('#r2t').top, document.querySelector('#r2 figcaption').getBoundingClientRect().bottom],
    };
  });
  const level = xs => xs.every(x => near(x[0], xs[0][0]) && near(x[1], xs[0][1])) && xs.every((x, i) => i === 0 || x[2] > xs[i - 1][2]);
  check(level(r.halves), `two halves in one row: ${fmt(r.halves)}`);
  check(level(r.thirds), `three thirds in one row: ${fmt(r.thirds)}`);
  check(r.texts, 'each text under its diagram');
  check(near(r.textTops[0], r.textTops[1]) && r.textTops[0] >= r.textTops[2], `texts start level, below the captions: ${fmt(r.textTops)}`);
  await page.close();
});

await scenario('rows on a phone: full width, no overflow, points large enough to tap', async () => {
  const page = await open(phone, '/layout-rows/index.html');
  const r = await measure(page, () => {
    const c = column();
    const point = id => {
      const s = [...document.querySelectorAll(`#${id} svg`)].find(s => s.getBoundingClientRect().width > 0);
      const D = JSON.parse(document.getElementById(id).dataset.gb || 'null');
      const vb = s.viewBox.baseVal;
      const w = s.getBoundingClientRect().width;
      return { width: w, point: D ? D.g[0] * w / vb.width : null };
    };
    return { col: c.right - c.left, scroll: document.documentElement.scrollWidth, boards: ['r1', 'r2', 'p1', 'p2', 'p3'].map(point) };
  });
  check(r.scroll <= 390, `page is ${r.scroll} px wide`);
  check(r.boards.every(b => near(b.width, r.col) || b.width > r.col - 2), `full width: ${fmt(r)}`);
  check(r.boards.slice(2).every(b => b.point >= 24 || near(b.width, r.col)), `problem points: ${fmt(r.boards)}`);
  await page.close();
});

// #34: one sizing rule; free text on the text column; rows of images; captions of a row
// level; three spaces; the short title on the title page's bar.
for (const [name, ctx] of [['1280', desktop], ['390', phone]]) {
  await scenario(`sizing: full width is the column for every board, at ${name} px`, async () => {
    const page = await open(ctx, '/layout-sizing/index.html');
    await page.evaluate(() => document.querySelectorAll('img').forEach(i => i.setAttribute('loading', 'eager')));
    await page.waitForFunction(() => [...document.images].every(i => i.complete && i.naturalWidth > 0));
    const r = await measure(page, () => {
      const c = column();
      const board = id => [...document.querySelectorAll(`#${id} svg`)].map(s => s.getBoundingClientRect()).find(r => r.width > 0);
      const w = id => board(id).width;
      const cap = id => document.querySelector(`#${id} figcaption`).getBoundingClientRect().top;
      const img = id => document.querySelector(`#${id} img`).getBoundingClientRect();
      const range = document.createRange();
      const t = document.getElementById('spaces').firstChild;
      range.setStart(t, 5); range.setEnd(t, 8);
      return {
        col: c.right - c.left, colLeft: c.left,
        beside: ['p9', 'vw', 'full19'].map(w), alone: ['dfull', 'vwalone'].map(w),
        // #48: a problem without text beside it keeps the problems' column and size.
        problems: ['p9', 'alone'].map(id => [board(id).left, board(id).width]),
        aloneLeft: board('dfull').left,
        free: lines('#free')[0].left, besideText: lines('#p9t')[0].left,
        wide: img('wide').width, thirds: ['t1', 't2', 't3'].map(img).map(x => [x.top, x.left, x.width]),
        rowCaps: [cap('r1'), cap('r2')], rowBoards: [board('r1').height, board('r2').height],
        threeSpaces: range.getBoundingClientRect().width, space: em('#spaces') * 0.2,
        // What the bar shows (a screen reader's whole title is out of sight).
        bar: [...document.querySelector('.gb-book-title').childNodes].filter(n => !n.classList?.contains('gb-vh')).map(n => n.textContent).join('').trim(),
      };
    });
    const wide = name === '1280';
    const ok = {
      besideSame: r.beside.every(x => near(x, r.beside[0])),
      besideFull: wide ? r.beside[0] > r.col * 0.6 : r.beside.every(x => near(x, r.col)),
      alone: r.alone.every(x => near(x, r.col)) && near(r.aloneLeft, r.colLeft),
      problemsOneColumn: near(r.problems[0][0], r.problems[1][0]) && near(r.problems[0][1], r.problems[1][1]),
      freeOnTextColumn: !wide || near(r.free, r.besideText),
      scaleCapped: near(r.wide, r.col),
      imageRow: !wide || (r.thirds.every(x => near(x[0], r.thirds[0][0])) && r.thirds.every((x, i) => i === 0 || x[1] > r.thirds[i - 1][1] + x[2] - 1)),
      captionsLevel: !wide || (near(r.rowCaps[0], r.rowCaps[1]) && r.rowBoards[0] > r.rowBoards[1] + 20),
      threeSpaces: r.threeSpaces > 2 * r.space,
      shortTitle: r.bar === 'Sizing',
    };
    check(Object.values(ok).every(Boolean), `${fmt(ok)} ${fmt(r)}`);
    await page.close();
  });
}

// #48: an imported problem set (`gobook build --problems` of corpus files, when the corpora
// are there) beside the hand-written problems example: with or without a hint, every problem
// in one column at one size, and a corner as large between its lines as a hand-written one.
for (const [name, ctx] of [['1280', desktop], ['390', phone]]) {
  const found = await fetch(`${base}/imported-problems/index.html`).then(r => r.ok).catch(() => false);
  if (!found) {
    console.log('skip imported problems: not built (no corpora)');
    break;
  }
  await scenario(`imported problems at the hand-written problems' column and scale, at ${name} px`, async () => {
    const boards = async path => {
      const page = await open(ctx, path);
      const r = await page.evaluate(() => [...document.querySelectorAll('figure.gb-prb')].map(f => {
        // The board shown (the script may swap in a live one); not an answer's board.
        const s = [...f.querySelectorAll('svg')].find(s => !s.closest('figcaption') && s.getBoundingClientRect().width > 0);
        const D = JSON.parse(f.dataset.gb || 'null');
        const b = s.getBoundingClientRect();
        // CSS px between two lines of the board.
        return { id: f.id, left: b.left, width: b.width, line: D ? D.g[0] * b.width / s.viewBox.baseVal.width : null, hint: !!f.closest('.gb-group')?.querySelector('.gb-hint') };
      }));
      await page.close();
      return r;
    };
    const hand = await boards('/problems/elementary.html');
    const imported = await boards('/imported-problems/index.html');
    const all = hand.concat(imported);
    const lines = xs => xs.map(x => x.line).filter(x => x !== null);
    const most = xs => Math.max(...lines(xs));
    const r = {
      hints: hand.every(b => b.hint) && imported.every(b => !b.hint),
      oneColumn: all.every(b => near(b.left, all[0].left) && near(b.width, all[0].width)),
      // The largest line spacing of an imported corner against the hand-written boards'.
      scale: most(imported) <= most(hand) * 1.25,
      most: [most(hand), most(imported)],
    };
    check(r.hints && r.oneColumn && r.scale, `${fmt(r)} ${fmt(all)}`);
  });
}

// Screenshots for docs/screenshots: the example chapter and the rows, four ways and printed.
// The top of a page, at most 1800 px of it.
const clip = async page => page.evaluate(() => ({ x: 0, y: 0, width: document.documentElement.clientWidth, height: Math.min(1800, document.documentElement.scrollHeight) }));
if (shots) {
  await mkdir(shots, { recursive: true });
  const pages = [['chapter', '/ear-reddening/en/game.html'], ['rows', '/layout-rows/index.html'], ['sizing', '/layout-sizing/index.html'], ['problems', '/problems/elementary.html']];
  if (await fetch(`${base}/imported-problems/index.html`).then(r => r.ok).catch(() => false)) pages.push(['imported-problems', '/imported-problems/index.html']);
  for (const [what, path] of pages) {
    for (const scheme of ['light', 'dark']) {
      for (const [name, vp] of [['desktop', { viewport: { width: 1280, height: 900 } }], ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }]]) {
        const ctx = await browser.newContext({ ...vp, colorScheme: scheme });
        const page = await open(ctx, path);
        await page.screenshot({ path: join(shots, `${prefix}-${what}-${name}-${scheme}.png`), fullPage: true, clip: await clip(page) });
        await ctx.close();
      }
    }
    const page = await open(desktop, path);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(shots, `${prefix}-${what}-print.png`), fullPage: true, clip: await clip(page) });
    await page.close();
  }
}

await browser.close();
server.close();
for (const e of errors) console.log(`ERROR ${e}`);
if (failures.length || errors.length) {
  console.log(`${failures.length} layout scenario(s) failed, ${errors.length} page error(s)`);
  process.exit(1);
}
console.log('all layout scenarios passed');
