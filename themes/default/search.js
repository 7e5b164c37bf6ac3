// gobook-search.js: the search box, position search and keyboard shortcuts (`t` folds the
// sidebar, which gobook-nav-LANG.js fills) of a gobook site. The indexes (src/search/) are scripts that assign to self.gbSearch,
// loaded with a <script> element the first time the reader searches: that works from
// file://, where Chromium refuses to fetch JSON, and under any sub-path.
// The site carries this file byte for byte, as written.
(function gobookSearch() {
'use strict';
const doc = document;
const box = doc.getElementById('gb-search');
if (!box) return;
const words = JSON.parse(box.dataset.words || '{}');
const word = k => words[k] || k;
const fill = (s, o) => s.replace(/\{(\w+)\}/g, (m, k) => (k in o ? o[k] : m));
const root = box.dataset.root || '';
const lang = box.dataset.lang;
const el = (tag, cls, text) => {
  const e = doc.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
};
const NS = 'http://www.w3.org/2000/svg';

// Each index is loaded once, on first use.
const loading = {};
const load = (name, file) => {
  const have = self.gbSearch && self.gbSearch[name];
  if (have) return Promise.resolve(have);
  if (!loading[name]) {
    loading[name] = new Promise((resolve, reject) => {
      const s = doc.createElement('script');
      s.src = root + file;
      s.onload = () => (self.gbSearch && self.gbSearch[name] ? resolve(self.gbSearch[name]) : reject(new Error(file)));
      s.onerror = () => {
        loading[name] = null;
        reject(new Error(file));
      };
      doc.head.append(s);
    });
  }
  return loading[name];
};

// A large book's index comes in parts (src/search/parts.rs): the first, in the index's own
// file, lists in `s` where each other part begins; part k of index `name` is
// gobook-search/NAME-k.js and registers as `NAME-k`. Each part is asked for once (`load`)
// and searched in order as it comes.
const partsOf = head => 1 + (head.s ? head.s.length : 0);
const part = (name, file, k) => (k ? load(`${name}-${k}`, `gobook-search/${name}-${k}.js`) : load(name, file));
const partHere = (name, k) => self.gbSearch && self.gbSearch[k ? `${name}-${k}` : name];
// Every part of an index loaded in the background from when the reader comes to the
// search, the first before the others and the others two at a time (the browser reads and
// compiles one while the other runs; all at once, their running would delay the first
// query's scan of the first part): by the time a query is typed most of the index is there.
const loadAll = (name, file) =>
  load(name, file).then(head => {
    let k = 1;
    const lane = async () => {
      while (k < partsOf(head)) await part(name, file, k++);
    };
    return Promise.all([lane(), lane()]).then(() => head);
  });

// Text is compared folded: lower case, accents dropped (NFD without marks), full-width
// Latin letters and digits as ASCII (NFKC). CJK needs nothing more: the scan finds any
// substring, words or not.
const MARK = /\p{M}/gu;
// ASCII is its own NFKC and NFD and has no marks: the fast way for most of a Latin book's text.
const ASCII = /^[\0-\x7f]*$/;
const fold = s => (ASCII.test(s) ? s.toLowerCase() : s.normalize('NFKC').normalize('NFD').replace(MARK, '').toLowerCase());
// Folds `s` a character at a time, keeping where each folded character came from, so a
// match in the folded text is shown in the original.
const foldMap = s => {
  let out = '';
  const from = [];
  let i = 0;
  for (const ch of s) {
    const f = fold(ch);
    for (let k = 0; k < f.length; k++) from.push(i);
    out += f;
    i += ch.length;
  }
  from.push(i);
  return [out, from];
};
const termsOf = q => fold(q).split(/\s+/).filter(Boolean);
// For the test that holds src/search/fold.rs to this folding (tests/browser/search-fold.mjs).
self.gbSearchFold = fold;
// The parts of a text index that may hold every term, in order. The first part of several
// carries `g`, a summary of the others (src/search/text.rs): for sets of parts, the runs of
// three folded characters (grams, none a space) found in those parts only, one after the
// other. A term is in a part only if each of its grams is: a term of three characters or
// more rules out the parts its grams are not in. A gram the summary does not list may be in
// any part (it is in all of them or in none).
const gramsOf = head => {
  if (!head.grams) {
    head.grams = new Map();
    for (const [ks, s] of head.g || []) {
      const c = Array.from(s);
      for (let i = 0; i + 2 < c.length; i += 3) head.grams.set(c[i] + c[i + 1] + c[i + 2], ks);
    }
  }
  return head.grams;
};
const partsFor = (head, terms) => {
  const grams = gramsOf(head);
  let may = [...Array(partsOf(head)).keys()];
  for (const t of terms) {
    const c = Array.from(t);
    for (let i = 0; i + 2 < c.length; i++) {
      const ks = grams.get(c[i] + c[i + 1] + c[i + 2]);
      if (ks) may = may.filter(k => ks.includes(k));
    }
  }
  return may;
};

// The search box, and the results under it.
box.classList.add('gb-on');
const input = doc.getElementById('gb-q');
const panel = el('div', 'gb-results');
panel.id = 'gb-results';
panel.hidden = true;
const status = el('p', 'gb-status');
status.setAttribute('role', 'status');
status.setAttribute('aria-live', 'polite');
const list = el('ol', 'gb-result-list');
// What opens under the box: the pattern board, the count and the results, one column.
const drop = el('div', 'gb-drop');
drop.hidden = true;
// The column shows while something in it does.
const sync = () => (drop.hidden = panel.hidden && !status.textContent && (!posPanel || posPanel.hidden));
drop.append(status, panel);
box.append(drop);
panel.append(list);
// The results and the pattern board exist only with the script: so do the references.
input.setAttribute('aria-controls', 'gb-results');

// Text with the terms marked, as nodes: the book's text never becomes markup.
const marked = (parent, text, terms) => {
  const [f, from] = foldMap(text);
  const spans = [];
  for (const t of terms) {
    for (let at = f.indexOf(t); at >= 0; at = f.indexOf(t, at + t.length)) spans.push([from[at], from[at + t.length]]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let i = 0;
  for (const [a, b] of spans) {
    if (a < i) continue;
    parent.append(text.slice(i, a), el('mark', null, text.slice(a, b)));
    i = b;
  }
  parent.append(text.slice(i));
};
// About 160 characters of `text` around the first term.
const snippet = (text, terms) => {
  const [f, from] = foldMap(text);
  const at = Math.min(...terms.map(t => (f.indexOf(t) < 0 ? Infinity : from[f.indexOf(t)])));
  if (!isFinite(at) || text.length <= 160) return text;
  const a = Math.max(0, at - 50);
  const b = Math.min(text.length, a + 160);
  return (a > 0 ? '…' : '') + text.slice(a, b) + (b < text.length ? '…' : '');
};

let shown = [];
// Shows `items` and says `say`; `busy`: more are on their way (parts of the index loading).
const show = (items, say, busy) => {
  list.replaceChildren(...items);
  shown = items.map(li => li.querySelector('a'));
  list.setAttribute('aria-busy', String(!!busy));
  status.textContent = say;
  panel.hidden = false;
  sync();
};
const hide = () => {
  panel.hidden = true;
  status.textContent = '';
  sync();
};
const count = n => (n === 1 ? word('one_result') : n ? fill(word('results'), { n }) : word('no_results'));

// Whether to show the results found so far before searching the next part: the first
// found (`first` is null while none is shown) at once; then when the last showing is `gap`
// ms past (a quarter of a second, or ten times the last drawing's time), so that drawing the
// list takes a small share of the search.
const due = (first, found, shownAt, gap) => found > 0 && (first == null || performance.now() - shownAt > gap);
const pause = () => new Promise(go => setTimeout(go, 0));

// Every paragraph holding every term, headings first, then by how often the terms occur,
// then in book order. The parts of the index that may hold the terms (`partsFor`; the others
// are neither loaded for it nor scanned) are scanned in order as they come; the results so
// far are shown when `due` says (the list marked busy), and the last part's are those of the
// whole index. A newer query stops an older one.
let textRun = 0;
const textFile = `search-index-${lang}.js`;
const searchText = async (q, since) => {
  const run = ++textRun;
  const t0 = performance.now();
  const terms = termsOf(q);
  const head = await load(lang, textFile);
  const ks = partsFor(head, terms), hits = [], parts = [];
  // For the tests and the benchmark: how many parts were not needed.
  self.gbSearchSkipped = partsOf(head) - ks.length;
  if (!ks.length) showText(head, parts, hits, q, terms, false);
  let first = null, shownAt = t0, gap = 250;
  for (let j = 0; j < ks.length; j++) {
    const k = ks[j];
    const index = partHere(lang, k) || (await part(lang, textFile, k));
    if (run !== textRun) return;
    parts[k] = index;
    const folded = index.folded || (index.folded = index.e.map(e => fold(e[3])));
    folded.forEach((f, i) => {
      let score = 0;
      for (const t of terms) {
        let c = 0;
        for (let at = f.indexOf(t); at >= 0 && c < 20; at = f.indexOf(t, at + t.length)) c++;
        if (!c) return;
        score += c;
      }
      const e = index.e[i];
      hits.push([e[2] ? 100 - e[2] + score : score, k, i]);
    });
    // Parts already folded (an earlier query's) take little time: shown once, at the end.
    const more = j + 1 < ks.length, next = more && partHere(lang, ks[j + 1]);
    if (more && ((next && next.folded) || !due(first, hits.length, shownAt, gap))) continue;
    const s0 = performance.now();
    hits.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
    showText(head, parts, hits, q, terms, more);
    shownAt = performance.now();
    gap = Math.max(250, 10 * (shownAt - s0));
    if (first == null && hits.length) first = shownAt - (since || t0);
    // The browser draws what is shown, and a newer query may come, before the next part.
    if (more) await pause();
    if (run !== textRun) return;
  }
  self.gbSearchTime = performance.now() - t0;
  // For the benchmark: from the keystroke to the first result shown, and to the last part's.
  self.gbSearchFirst = first;
  self.gbSearchDone = performance.now() - (since || t0);
};
// The first 50 hits as results; `more`: parts are still to come. Part k's pages begin at
// the place the first part lists for it.
const showText = (head, parts, hits, q, terms, more) => {
  const items = hits.slice(0, 50).map(([, k, i]) => {
    const index = parts[k];
    const [page, anchor, level, text] = index.e[i];
    const [href, title] = index.p[page - (k ? head.s[k - 1] : 0)];
    const li = el('li', 'gb-result');
    const a = el('a');
    a.href = `${href}?gb-hl=${encodeURIComponent(q)}#${anchor}`;
    const name = el('span', 'gb-result-title', title);
    const body = el('span', level ? 'gb-result-text gb-result-heading' : 'gb-result-text');
    marked(body, snippet(text, terms), terms);
    a.append(name, body);
    li.append(a);
    return li;
  });
  show(items, count(hits.length) + (more ? ' …' : ''), more);
};

let timer = 0;
input.addEventListener('input', () => {
  clearTimeout(timer);
  const q = input.value.trim();
  const since = performance.now();
  if (!q) {
    textRun++;
    return hide();
  }
  timer = setTimeout(() => {
    searchText(q, since).catch(() => show([], word('no_results')));
  }, 60);
});
// The index starts loading when the reader comes to the box.
input.addEventListener('focus', () => loadAll(lang, textFile).catch(() => {}), { once: true });

// Keyboard: Down goes into the results, Up and Down move among them, Escape goes back.
const moveIn = (from, d) => {
  const k = shown.indexOf(from) + d;
  if (k < 0) input.focus();
  else if (shown[k]) shown[k].focus();
};
box.addEventListener('keydown', e => {
  if (e.key === 'ArrowDown' && (e.target === input || shown.includes(e.target))) {
    e.preventDefault();
    moveIn(e.target, 1);
  } else if (e.key === 'ArrowUp' && shown.includes(e.target)) {
    e.preventDefault();
    moveIn(e.target, -1);
  } else if (e.key === 'Escape') {
    // The pattern board closes first, back to its button; then the results, back to the box.
    if (posPanel && !posPanel.hidden) {
      posOpen.setAttribute('aria-expanded', 'false');
      posPanel.hidden = true;
      sync();
      posOpen.focus();
      return;
    }
    hide();
    input.focus();
  }
});
doc.addEventListener('click', e => {
  if (!box.contains(e.target)) hide();
});

// The page opened from a result: the terms highlighted in the text, and a figure opened
// at the move the position search found.
const params = new URLSearchParams(location.search);
const highlight = q => {
  const terms = termsOf(q);
  const main = doc.getElementById('main');
  if (!terms.length || !main) return;
  const walk = doc.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
    acceptNode: n => (n.parentNode.closest('svg, script, style') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes = [];
  while (walk.nextNode()) nodes.push(walk.currentNode);
  for (const n of nodes) {
    const f = fold(n.data);
    if (!terms.some(t => f.includes(t))) continue;
    const frag = doc.createDocumentFragment();
    marked(frag, n.data, terms);
    frag.querySelectorAll('mark').forEach(m => m.classList.add('gb-hl'));
    n.replaceWith(frag);
  }
};
if (params.get('gb-hl')) highlight(params.get('gb-hl'));
const atMove = params.get('gb-move');
if (atMove != null && location.hash) {
  const fig = doc.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (fig) {
    fig.dispatchEvent(new CustomEvent('gb-go', { detail: +atMove }));
    fig.classList.add('gb-found');
  }
}

// Position search: a board on which the reader sets black, white and empty points.
// A position holds the pattern when some symmetry of it (one of eight, colours swapped
// if asked) fits at some place; a pattern touching an edge of its board must touch the
// same edge of the diagram's.
const posOpen = doc.getElementById('gb-pos-open');
const posFile = 'search-positions.js';
let posPanel = null, Z = 19, pattern = new Map(), tool = 1, cursor = 0, cells = [];
const COLS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const TOOLS = [[1, 'black'], [2, 'white'], [3, 'must_be_empty'], [0, 'erase']];
const cellLabel = i => {
  const c = i % Z, r = Z - 1 - Math.floor(i / Z), v = pattern.get(r * Z + c);
  return `${COLS[c]}${r + 1}${v != null ? ': ' + word(TOOLS.find(t => t[0] === (v === 0 ? 3 : v))[1]) : ''}`;
};
const paint = () => {
  cells.forEach((b, i) => {
    const c = i % Z, r = Z - 1 - Math.floor(i / Z), v = pattern.get(r * Z + c);
    b.className = 'gb-pat-pt' + (v === 1 ? ' gb-pat-b' : v === 2 ? ' gb-pat-w' : v === 0 ? ' gb-pat-e' : '');
    b.setAttribute('aria-label', cellLabel(i));
    b.tabIndex = i === cursor ? 0 : -1;
  });
};
const buildPanel = index => {
  Z = index.z;
  posPanel = el('section', 'gb-pos');
  posPanel.id = 'gb-pos';
  posOpen.setAttribute('aria-controls', 'gb-pos');
  posPanel.setAttribute('aria-label', word('search_positions'));
  const head = el('p', 'gb-pos-head', word('pattern_board'));
  const tools = el('div', 'gb-pos-tools');
  tools.setAttribute('role', 'group');
  const toolButtons = TOOLS.map(([v, k]) => {
    const b = el('button', 'gb-btn gb-tool gb-tool-' + v, word(k));
    b.type = 'button';
    b.setAttribute('aria-pressed', String(v === tool));
    b.addEventListener('click', () => {
      tool = v;
      toolButtons.forEach(x => x.setAttribute('aria-pressed', String(x === b)));
    });
    tools.append(b);
    return b;
  });
  const grid = el('div', 'gb-pat');
  grid.setAttribute('role', 'group');
  grid.setAttribute('aria-label', word('pattern_board'));
  grid.style.setProperty('--z', Z);
  cells = [];
  for (let i = 0; i < Z * Z; i++) {
    const b = el('button');
    b.type = 'button';
    b.addEventListener('click', () => {
      const c = i % Z, r = Z - 1 - Math.floor(i / Z), k = r * Z + c;
      const v = tool === 3 ? 0 : tool;
      if (tool === 0 || pattern.get(k) === v) pattern.delete(k);
      else pattern.set(k, v);
      cursor = i;
      paint();
    });
    cells.push(b);
    grid.append(b);
  }
  // Arrows move among the points; Enter or Space sets one.
  grid.addEventListener('keydown', e => {
    const d = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -Z, ArrowDown: Z }[e.key];
    if (d == null) return;
    e.preventDefault();
    const to = cursor + d;
    if (to < 0 || to >= Z * Z || (Math.abs(d) === 1 && Math.floor(to / Z) !== Math.floor(cursor / Z))) return;
    cursor = to;
    paint();
    cells[cursor].focus();
  });
  const swapLabel = el('label', 'gb-pos-swap');
  const swap = el('input');
  swap.type = 'checkbox';
  swap.id = 'gb-pos-swap';
  swapLabel.append(swap, ' ' + word('swap_colours'));
  const clear = el('button', 'gb-btn', word('clear'));
  clear.type = 'button';
  clear.addEventListener('click', () => {
    pattern.clear();
    paint();
    hide();
  });
  const find = el('button', 'gb-btn gb-find', word('find'));
  find.type = 'button';
  find.addEventListener('click', () => showPositions(index, swap.checked).catch(() => {}));
  const actions = el('div', 'gb-pos-actions');
  actions.append(swapLabel, clear, find);
  const wrap = el('div', 'gb-pat-wrap');
  wrap.append(grid);
  posPanel.append(head, tools, wrap, actions);
  drop.prepend(posPanel);
  paint();
};
posOpen.addEventListener('click', () => {
  const open = posOpen.getAttribute('aria-expanded') !== 'true';
  posOpen.setAttribute('aria-expanded', String(open));
  if (!open) {
    if (posPanel) posPanel.hidden = true;
    return sync();
  }
  load('positions', posFile).then(index => {
    if (!posPanel) buildPanel(index);
    posPanel.hidden = false;
    sync();
    cells[cursor].focus();
    // The other parts load while the reader sets the pattern.
    loadAll('positions', posFile).catch(() => {});
  });
});

// The variants of the pattern: each of the eight symmetries, colours swapped if asked,
// as points relative to their bounding box and the edges they must touch; duplicates
// (a symmetric pattern) dropped.
const variants = swapToo => {
  const pts = [...pattern].map(([k, v]) => [k % Z, Math.floor(k / Z), v]);
  const out = new Map();
  for (const swapColours of swapToo ? [false, true] : [false]) {
    for (let t = 0; t < 8; t++) {
      const q = pts.map(([c, r, v]) => {
        let x = c, y = r;
        if (t & 4) [x, y] = [y, x];
        if (t & 1) x = Z - 1 - x;
        if (t & 2) y = Z - 1 - y;
        return [x, y, swapColours && v ? 3 - v : v];
      });
      const xs = q.map(p => p[0]), ys = q.map(p => p[1]);
      const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
      const rel = q.map(([x, y, v]) => [x - x0, y - y0, v]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const v = { p: rel, w: x1 - x0 + 1, h: y1 - y0 + 1, l: x0 === 0, r: x1 === Z - 1, b: y0 === 0, t: y1 === Z - 1 };
      out.set(JSON.stringify(v), v);
    }
  }
  return [...out.values()];
};

// The places a variant may stand on a board of size `s`: columns [lo, hi] and rows.
const range = (len, s, low, high) => {
  let lo = 0, hi = s - len;
  if (low) hi = Math.min(hi, 0);
  if (high) lo = Math.max(lo, s - len);
  return [lo, hi];
};

// Figure `d` made ready for searching, on the first search and kept with the index: its
// size, first number, start position (one byte a point), its moves and captures as
// numbers (`ops`: the point, plus 1024 times 1 for Black, 2 for White, 3 for a pass, 4 for
// a move elsewhere, 0 for a stone captured), and two sets of rows, one bit a column in a
// number a row, row r of empty (0), black (1) or white (2) at c * s + r of a typed array:
// `now`, the start position, and `rows`, what each point ever holds. A point ever holds a
// stone of a colour if a start stone or a move of that colour is there (captures only take
// stones away), and is ever empty if it has no start stone or its start stone is captured.
// A position of the figure can hold a variant at a place only if each of its points ever
// holds what the variant wants there: this rules out nearly every place, and every figure
// where none is left, before any replay.
const figureOf = (index, d) => {
  const kept = index.ready || (index.ready = []);
  if (kept[d]) return kept[d];
  const [s, black, white, moves, first] = index.d[d];
  const rows = new Int32Array(3 * s).fill((1 << s) - 1, 0, s);
  const add = (c, i) => (rows[c * s + ((i / s) | 0)] |= 1 << i % s);
  const start = new Int8Array(s * s), ops = new Int32Array(moves.length / 3);
  for (let k = 0; k < black.length; k += 2) add(1, at2(black, k, s)), (start[at2(black, k, s)] = 1);
  for (let k = 0; k < white.length; k += 2) add(2, at2(white, k, s)), (start[at2(white, k, s)] = 2);
  for (let r = 0; r < s; r++) rows[r] &= ~(rows[s + r] | rows[2 * s + r]);
  const now = rows.slice();
  for (let q = 0; q < moves.length; q += 3) {
    const t = moves[q], p = moves[q + 1];
    if (p === '.' || p === '-') ops[q / 3] = (p === '.' ? 3 : 4) << 10;
    else {
      const c = t === 'x' ? 0 : t === 'B' ? 1 : 2, i = at2(moves, q + 1, s);
      add(c, i);
      ops[q / 3] = (c << 10) | i;
    }
  }
  const f = { s, first, start, ops, rows, now };
  kept[d] = f;
  return f;
};

// The board index of the two-letter point at `k` of `text`.
const at2 = (text, k, s) => (text.charCodeAt(k + 1) - 97) * s + text.charCodeAt(k) - 97;

// A variant of the pattern compiled for boards of size `s`: its `k` points, stones first
// (fewer points ever hold a stone than are ever empty, so the test of a row of places fails
// sooner), each as its column `dx`, row `dy`, colour `want` and `o`, where its row of that
// colour starts in a figure's `rows`; padded to four points by repeating the first, since
// a row of places is tested four points at once (an AND with the same row twice changes
// nothing). `cols`: the columns where it may stand, one bit each; rows `ry0` to `ry1`.
const compile = (v, s) => {
  const k = v.p.length, n = Math.max(k, 4);
  const dx = new Int32Array(n), dy = new Int32Array(n), want = new Int32Array(n), o = new Int32Array(n);
  const pts = [...v.p].sort((p, q) => (q[2] ? 1 : 0) - (p[2] ? 1 : 0));
  for (let j = 0; j < n; j++) {
    const [x, y, c] = pts[j < k ? j : 0];
    dx[j] = x;
    dy[j] = y;
    want[j] = c;
    o[j] = c * s + y;
  }
  const [cx0, cx1] = range(v.w, s, v.l, v.r), [ry0, ry1] = range(v.h, s, v.b, v.t);
  const cols = cx0 <= cx1 ? ((1 << (cx1 + 1)) - 1) & ~((1 << cx0) - 1) : 0;
  return { k, dx, dy, want, o, cols, ry0, ry1, w: v.w, h: v.h };
};

// The places where the variants `live` could stand in a figure whose points ever hold
// `rows` (see `figureOf`), stored in `out` as (variant, column, row), at most `limit` of
// them: for each row of places, the columns where every point of the variant fits, one
// bit each, found with an AND of shifted rows a point, the first four at once (no branch
// to mispredict: most rows fail within four). `out` is { v: an Int32Array, n: how many
// of it are used }. Returns how many numbers are stored.
const candidates = (live, rows, out, limit) => {
  let n = 0, v = out.v;
  for (let xi = 0; xi < live.length; xi++) {
    const x = live[xi], k = x.k, o = x.o, dx = x.dx, cols = x.cols, ry1 = x.ry1;
    const o0 = o[0], o1 = o[1], o2 = o[2], o3 = o[3], d0 = dx[0], d1 = dx[1], d2 = dx[2], d3 = dx[3];
    for (let oy = x.ry0; oy <= ry1; oy++) {
      let m = cols & (rows[o0 + oy] >> d0) & (rows[o1 + oy] >> d1) & (rows[o2 + oy] >> d2) & (rows[o3 + oy] >> d3);
      for (let j = 4; m !== 0 && j < k; j++) m &= rows[o[j] + oy] >> dx[j];
      for (; m !== 0; m &= m - 1) {
        // Room for three more numbers, doubled when full (a typed array, no garbage).
        if (n + 3 > v.length) {
          const more = new Int32Array(2 * v.length);
          more.set(v);
          v = out.v = more;
        }
        v[n++] = xi;
        v[n++] = 31 - Math.clz32(m & -m);
        v[n++] = oy;
        if (n === 3 * limit) return (out.n = n);
      }
    }
  }
  return (out.n = n);
};

// The places found by `candidates`, in room reused by every figure.
const cands = { v: new Int32Array(3072), n: 0 };
// A figure with moves where at most this many places could hold the pattern is replayed
// following each of them (`replayFew`); one with more, the pattern being everywhere,
// following one place that holds it (`replayMany`), which spares finding the others.
const FEW = 16;

// Finds the pattern in the figures of the language from the `from`th on, pushing onto
// `results` and returning it; `vs`: the pattern's variants. A figure is searched only if some
// place could hold the pattern in some position of it (see `candidates`); in a figure
// without moves that place is the match, and a figure with moves is replayed.
const searchPositions = (index, swapToo, from = 0, results = [], vs = variants(swapToo)) => {
  const L = index.l[lang];
  const bySize = {};
  for (let fi = from; fi < L.f.length; fi++) {
    const [d, page, anchor] = L.f[fi];
    const f = figureOf(index, d), s = f.s;
    if (!bySize[s]) bySize[s] = vs.map(v => compile(v, s)).filter(x => x.cols !== 0 && x.ry0 <= x.ry1);
    const live = bySize[s], v = cands.v;
    const n = live.length ? candidates(live, f.rows, cands, f.ops.length ? FEW + 1 : 1) : 0;
    if (!n) continue;
    if (!f.ops.length) results.push(found(d, page, anchor, s, 0, f.first, live[v[0]], v[1], v[2], 0));
    else if (n <= 3 * FEW) replayFew(f, live, d, page, anchor, results);
    else replayMany(f, live, d, page, anchor, results);
  }
  return results;
};

// The next part of the position index, if it has come, added to the first: its diagrams to
// the first's `d`, each language's figures after its own (`have`: how many parts are in).
// One part at a time, so that a search shows the first part's results before it takes the
// next, though all have come.
const mergePart = index => {
  index.have = index.have || 1;
  const p = index.have < partsOf(index) && partHere('positions', index.have);
  if (!p) return;
  index.have++;
  Object.assign(index.d, p.d);
  for (const l in p.l) {
    const f = index.l[l].f;
    for (const x of p.l[l].f) f.push(x);
  }
};

// A result: figure `d` shown on `page` at `anchor` holds the pattern from move `m` (number
// `num`, after `q` of the figure's ops) on, drawn around variant `x` at column `ox`, row `oy`.
const found = (d, page, anchor, s, m, num, x, ox, oy, q) => ({ d, page, anchor, s, from: [m, num], at: [ox, oy, x.w, x.h], q });

// The position being replayed, one byte a point, in room reused by every figure.
let replayed = new Int8Array(0);

// Room reused by every `replayFew`: under each point a linked list of the candidate places
// covering it (`head`, `next`), each entry with its place and the colour wanted there; for
// each place, how many of its points differ from the pattern (`miss`); how many places
// hold the pattern, and which came to hold it last.
let head = new Int32Array(0), next = new Int32Array(0), place = new Int32Array(0);
let wants = new Int8Array(0), miss = new Int32Array(0);
let matched = 0, latest = -1;

// Sets point `i` of the replayed position to `to`, and updates the places covering it.
const setPoint = (i, to) => {
  const old = replayed[i];
  if (old === to) return;
  replayed[i] = to;
  for (let e = head[i]; e >= 0; e = next[e]) {
    const c = place[e], w = wants[e];
    if (old === w) {
      if (miss[c]++ === 0) matched--;
    } else if (to === w && --miss[c] === 0) {
      matched++;
      latest = c;
    }
  }
};

// Replays figure `f` (see `figureOf`) over the candidate places in `cands` from its moves
// and captures, pushing onto `results` each run of positions that hold the pattern: a
// position holds it while some place differs nowhere.
const replayFew = (f, live, d, page, anchor, results) => {
  const v = cands.v, { s, first, ops } = f, ss = s * s;
  // Every variant is the pattern turned: all have its number of points.
  const n = cands.n / 3, entries = n * live[0].k;
  if (replayed.length < ss) replayed = new Int8Array(ss);
  if (head.length < ss) head = new Int32Array(ss);
  if (next.length < entries) [next, place, wants] = [new Int32Array(2 * entries), new Int32Array(2 * entries), new Int8Array(2 * entries)];
  if (miss.length < n) miss = new Int32Array(2 * n);
  replayed.set(f.start);
  head.fill(-1, 0, ss);
  miss.fill(0, 0, n);
  matched = 0;
  latest = -1;
  for (let c = 0, e = 0; c < n; c++) {
    const x = live[v[3 * c]], ox = v[3 * c + 1], oy = v[3 * c + 2];
    for (let j = 0; j < x.k; j++, e++) {
      const i = (oy + x.dy[j]) * s + ox + x.dx[j];
      next[e] = head[i];
      head[i] = e;
      place[e] = c;
      wants[e] = x.want[j];
      if (replayed[i] !== x.want[j]) miss[c]++;
    }
    if (!miss[c] && matched++ === 0) latest = c;
  }
  const at = c => [live[v[3 * c]], v[3 * c + 1], v[3 * c + 2]];
  let open = null, num = first, m = 0;
  if (matched) open = found(d, page, anchor, s, 0, first, ...at(latest), 0);
  for (let q = 0; q < ops.length; ) {
    const kind = ops[q] >> 10, i = ops[q] & 1023;
    q++;
    m++;
    if (kind !== 3) num++;
    if (kind > 2) continue;
    setPoint(i, kind);
    for (; q < ops.length && ops[q] >> 10 === 0; q++) setPoint(ops[q], 0);
    if (matched && !open) open = found(d, page, anchor, s, m, num - 1, ...at(latest), q);
    else if (!matched && open) {
      results.push(open);
      open = null;
    }
  }
  if (open) results.push(open);
};

// Room reused by every `replayMany`: the replayed position as rows (see `figureOf`); a
// place that holds the pattern in it, if any (`wx`: its variant, or -1; `wox`, `woy`: its
// column and row); the last place that came to hold it in the move being played (`lx`, or
// -1; `lox`, `loy`).
let cur = new Int32Array(0);
let wx = -1, wox = 0, woy = 0, lx = -1, lox = 0, loy = 0;

// Whether variant `x` stands at column `ox`, row `oy` of the replayed position.
const holds = (x, ox, oy, s) => {
  for (let j = 0; j < x.k; j++) if (replayed[(oy + x.dy[j]) * s + ox + x.dx[j]] !== x.want[j]) return false;
  return true;
};

// Looks for a place that holds the pattern in the replayed position, the first in the
// order of `candidates`.
const witness = live => {
  wx = candidates(live, cur, cands, 1) ? cands.v[0] : -1;
  wox = cands.v[1];
  woy = cands.v[2];
};

// Sets point `i` of the replayed position to `to`. With `track` (no place held the pattern
// before this move), notes in `lx` the places that now hold it because of this change: the
// first of them in the order of `candidates`, which is the one `setPoint`, going through
// the places from the last to the first, names last.
const change = (i, to, live, s, track) => {
  const old = replayed[i];
  if (old === to) return;
  replayed[i] = to;
  const r = (i / s) | 0, px = i - r * s;
  cur[old * s + r] &= ~(1 << px);
  cur[to * s + r] |= 1 << px;
  if (!track) return;
  for (let xi = 0; xi < live.length; xi++) {
    const x = live[xi];
    let hit = false;
    for (let j = 0; j < x.k; j++) {
      const ox = px - x.dx[j], oy = r - x.dy[j];
      if (x.want[j] !== to || ox < 0 || oy < x.ry0 || oy > x.ry1 || !((x.cols >> ox) & 1) || !holds(x, ox, oy, s)) continue;
      if (!hit || oy < loy || (oy === loy && ox < lox)) {
        hit = true;
        lx = xi;
        lox = ox;
        loy = oy;
      }
    }
    // Variants come in the order of `candidates`: the first that holds here is the one.
    if (hit) return;
  }
};

// Replays figure `f` as `replayFew` does, following not every place but one that holds the
// pattern. Only the points a move changes can make a place hold the pattern, and a place
// holds it until one of its points changes: so while no place holds the pattern a move is
// checked around the points it changes, and while one does, against that place; when it
// stops, the position is searched for another (see `candidates`).
const replayMany = (f, live, d, page, anchor, results) => {
  const { s, first, ops } = f, ss = s * s;
  if (replayed.length < ss) replayed = new Int8Array(ss);
  if (cur.length < 3 * s) cur = new Int32Array(3 * s);
  replayed.set(f.start);
  cur.set(f.now);
  witness(live);
  let open = wx < 0 ? null : found(d, page, anchor, s, 0, first, live[wx], wox, woy, 0);
  let num = first, m = 0;
  for (let q = 0; q < ops.length; ) {
    const kind = ops[q] >> 10, i = ops[q] & 1023;
    q++;
    m++;
    if (kind !== 3) num++;
    if (kind > 2) continue;
    const track = wx < 0;
    lx = -1;
    change(i, kind, live, s, track);
    for (; q < ops.length && ops[q] >> 10 === 0; q++) change(ops[q], 0, live, s, track);
    if (!track) {
      if (!holds(live[wx], wox, woy, s)) witness(live);
      if (wx < 0) {
        results.push(open);
        open = null;
      }
    } else if (lx >= 0) {
      // The place that came to hold the pattern last may have lost it to a capture of the
      // same move: another may hold it still.
      if (!holds(live[lx], lox, loy, s)) witness(live);
      else (wx = lx), (wox = lox), (woy = loy);
      if (wx >= 0) open = found(d, page, anchor, s, m, num - 1, live[lx], lox, loy, q);
    }
  }
  if (open) results.push(open);
};

// The position of figure `f` after its first `q` ops: the board a result shows.
const positionAt = (f, q) => {
  const a = f.start.slice();
  for (let k = 0; k < q; k++) if (f.ops[k] >> 10 <= 2) a[f.ops[k] & 1023] = f.ops[k] >> 10;
  return a;
};

// A small board of the position `a` (size `s`) where the pattern was found: its place
// and two lines more on each side.
const miniBoard = (a, s, [ox, oy, w, h]) => {
  const x0 = Math.max(0, ox - 2), y0 = Math.max(0, oy - 2);
  return board(a, s, [x0, y0, Math.min(s - 1, ox + w + 1), Math.min(s - 1, oy + h + 1)], 10);
};
const board = (a, s, [x0, y0, x1, y1], U) => {
  const svg = doc.createElementNS(NS, 'svg');
  const W = (x1 - x0 + 1) * U, H = (y1 - y0 + 1) * U;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('width', W);
  svg.setAttribute('height', H);
  svg.setAttribute('class', 'gb-mini');
  svg.setAttribute('aria-hidden', 'true');
  let d = '';
  for (let c = x0; c <= x1; c++) d += `M${(c - x0) * U + U / 2} ${y1 === s - 1 ? U / 2 : 0}V${y0 === 0 ? H - U / 2 : H}`;
  for (let r = y0; r <= y1; r++) d += `M${x0 === 0 ? U / 2 : 0} ${(y1 - r) * U + U / 2}H${x1 === s - 1 ? W - U / 2 : W}`;
  let body = `<rect class="gb-bd" width="${W}" height="${H}"/><path class="gb-g" fill="none" stroke-width="0.7" d="${d}"/>`;
  for (let r = y0; r <= y1; r++) {
    for (let c = x0; c <= x1; c++) {
      const v = a[r * s + c];
      if (v) body += `<circle class="${v === 1 ? 'gb-mini-b' : 'gb-mini-w'}" cx="${(c - x0) * U + U / 2}" cy="${(y1 - r) * U + U / 2}" r="${U / 2 - 0.6}"/>`;
    }
  }
  svg.innerHTML = body;
  return svg;
};

// The results a reader can use: one entry per distinct place, game figures first. A game
// figure that takes up the board where the game figure before it on the page left it (its
// first number follows that figure's last) and holds the pattern from its start continues
// that figure's last run, which held it to its end: it is folded into it. So is a result
// that shows the same page and the same picture as one already kept (a diagram repeated).
const distinct = (index, L, results) => {
  const order = new Map(L.f.map(([, page, anchor], i) => [`${page} ${anchor}`, i]));
  const kept = [], seen = new Set(), lastGame = new Map();
  // The number after the last move of figure `f`: passes take none.
  const after = f => f.first + [...f.ops].filter(o => o >> 10 !== 3 && o >> 10 !== 0).length;
  for (const r of results) {
    const i = order.get(`${r.page} ${r.anchor}`), e = L.f[i], game = e[4] === 1;
    if (game) {
      const prev = lastGame.get(r.page);
      lastGame.set(r.page, r);
      const between = prev && L.f.slice(order.get(`${prev.page} ${prev.anchor}`) + 1, i).some(x => x[4] === 1);
      if (r.from[0] === 0 && prev && !between && prev.d !== r.d && after(figureOf(index, prev.d)) === r.from[1]) continue;
    }
    const pic = `${r.page} ${r.at.join(' ')} ${r.picture}`;
    if (seen.has(pic)) continue;
    seen.add(pic);
    kept.push({ r, e, game, i });
  }
  // Stable: game figures in book order, then the other diagrams in book order.
  return kept.sort((a, b) => b.game - a.game || a.i - b.i);
};

// Searches the position index part by part, as `searchText` does the text: the figures of
// each part are searched as it comes, the results so far shown when `due` says, and the
// last part's results are those of the whole index. A newer search stops an older one.
let posRun = 0;
const showPositions = async (index, swapToo) => {
  const run = ++posRun;
  if (!pattern.size) return hide();
  const t0 = performance.now();
  const vs = variants(swapToo), results = [], L = index.l[lang];
  let from = 0, first = null, searching = 0, shownAt = t0, gap = 250;
  for (;;) {
    const s0 = performance.now();
    searchPositions(index, swapToo, from, results, vs);
    searching += performance.now() - s0;
    from = L.f.length;
    if (index.have >= partsOf(index)) break;
    const next = partHere('positions', index.have);
    if (due(first, results.length, shownAt, gap)) {
      const d0 = performance.now();
      showFound(index, results, true);
      shownAt = performance.now();
      gap = Math.max(250, 10 * (shownAt - d0));
      if (first == null) first = shownAt - t0;
      await pause();
      if (run !== posRun) return;
    }
    if (!next) await part('positions', posFile, index.have);
    if (run !== posRun) return;
    mergePart(index);
  }
  // The search and the choice of results, without drawing them; for the benchmark, from the
  // click to the first result shown and to the last part's.
  self.gbPositionTime = searching + showFound(index, results, false);
  self.gbPositionFirst = first == null && results.length ? performance.now() - t0 : first;
  self.gbPositionDone = performance.now() - t0;
};

// The results found so far shown; `more`: parts of the index are still to come. Returns how
// long choosing them took (before drawing).
const showFound = (index, results, more) => {
  const t0 = performance.now();
  const L = index.l[lang];
  for (const r of results) {
    if (r.picture != null) continue;
    const [ox, oy, w, h] = r.at, a = positionAt(figureOf(index, r.d), r.q);
    let p = '';
    for (let y = Math.max(0, oy - 2); y <= Math.min(r.s - 1, oy + h + 1); y++) for (let x = Math.max(0, ox - 2); x <= Math.min(r.s - 1, ox + w + 1); x++) p += a[y * r.s + x];
    r.picture = p;
  }
  const places = distinct(index, L, results);
  const chosen = performance.now() - t0;
  const items = places.slice(0, 60).map(({ r, e }) => {
    const [href, title] = L.p[r.page];
    const li = el('li', 'gb-result gb-result-pos');
    const a = el('a');
    a.href = `${href}?gb-move=${r.from[0]}#${r.anchor}`;
    a.append(miniBoard(positionAt(figureOf(index, r.d), r.q), r.s, r.at));
    const when = r.from[0] === 0 ? word('start_position') : fill(word('at_move'), { n: r.from[1] });
    // Named by its caption and the move ("Moves 51–100, move 57"), the page under it.
    const name = e[3] ? `${e[3]}, ${when}` : when;
    a.append(el('span', 'gb-result-title', name), el('span', 'gb-result-text', title));
    li.append(a);
    return li;
  });
  show(items, count(places.length) + (more ? ' …' : ''), more);
  return chosen;
};

// The sidebar, which gobook-nav-LANG.js fills and opens on wide screens; `t` folds it.
const side = doc.getElementById('gb-side-box');

// Keyboard shortcuts, listed on a help overlay that `?` opens.
const KEYS = [['← p', 'previous_page'], ['→ n', 'next_page'], ['/ s', 'search'], ['t', 'toggle_sidebar'], ['?', 'show_shortcuts']];
let help = null;
const openHelp = () => {
  if (!help) {
    help = el('dialog', 'gb-help');
    help.setAttribute('aria-labelledby', 'gb-help-title');
    const h = el('h2', null, word('shortcuts'));
    h.id = 'gb-help-title';
    const dl = el('dl');
    for (const [k, w] of KEYS) {
      const dt = el('dt');
      k.split(' ').forEach((x, i) => dt.append(i ? ' ' : '', el('kbd', null, x)));
      dl.append(dt, el('dd', null, word(w)));
    }
    const x = el('button', 'gb-btn', word('close'));
    x.type = 'button';
    x.addEventListener('click', () => help.close());
    help.append(h, dl, x);
    doc.body.append(help);
  }
  help.showModal();
};
const go = rel => {
  const a = doc.querySelector(`a[rel="${rel}"]`);
  if (a) location.href = a.href;
};
doc.addEventListener('keydown', e => {
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  const t = e.target;
  // Keys typed into a field, or given to a diagram or the pattern board, are theirs.
  if (t.closest && t.closest('input, textarea, select, [contenteditable], figure, .gb-pat, .gb-inline-fig, dialog')) return;
  const act = {
    ArrowLeft: () => go('prev'),
    p: () => go('prev'),
    ArrowRight: () => go('next'),
    n: () => go('next'),
    '/': () => input.focus(),
    s: () => input.focus(),
    t: () => side && ((side.open = !side.open), side.querySelector('summary').focus()),
    '?': openHelp,
  }[e.key];
  if (!act) return;
  e.preventDefault();
  act();
});
})();
