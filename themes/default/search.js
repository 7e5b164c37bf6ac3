// gobook-search.js: the search box, position search, sidebar and keyboard shortcuts of
// a gobook site. The indexes (src/search/) are scripts that assign to self.gbSearch,
// loaded with a <script> element the first time the reader searches: that works from
// file://, where Chromium refuses to fetch JSON, and under any sub-path.
// Comment lines and indentation are dropped at build time, so keep comments on lines
// of their own.
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

// Text is compared folded: lower case, accents dropped (NFD without marks), full-width
// Latin letters and digits as ASCII (NFKC). CJK needs nothing more: the scan finds any
// substring, words or not.
const MARK = /\p{M}/gu;
const fold = s => s.normalize('NFKC').normalize('NFD').replace(MARK, '').toLowerCase();
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
const show = (items, say) => {
  list.replaceChildren(...items);
  shown = items.map(li => li.querySelector('a'));
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

// Every paragraph holding every term, headings first, then by how often the terms occur.
let folded = null;
const searchText = (index, q) => {
  const t0 = performance.now();
  const terms = termsOf(q);
  if (!folded) folded = index.e.map(e => fold(e[3]));
  const hits = [];
  folded.forEach((f, i) => {
    let score = 0;
    for (const t of terms) {
      let n = 0;
      for (let at = f.indexOf(t); at >= 0 && n < 20; at = f.indexOf(t, at + t.length)) n++;
      if (!n) return;
      score += n;
    }
    const e = index.e[i];
    hits.push([e[2] ? 100 - e[2] + score : score, i]);
  });
  hits.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const items = hits.slice(0, 50).map(([, i]) => {
    const [page, anchor, level, text] = index.e[i];
    const [href, title] = index.p[page];
    const li = el('li', 'gb-result');
    const a = el('a');
    a.href = `${href}?gb-hl=${encodeURIComponent(q)}#${anchor}`;
    const head = el('span', 'gb-result-title', title);
    const body = el('span', level ? 'gb-result-text gb-result-heading' : 'gb-result-text');
    marked(body, snippet(text, terms), terms);
    a.append(head, body);
    li.append(a);
    return li;
  });
  self.gbSearchTime = performance.now() - t0;
  show(items, count(hits.length));
};

let timer = 0;
input.addEventListener('input', () => {
  clearTimeout(timer);
  const q = input.value.trim();
  if (!q) return hide();
  timer = setTimeout(() => {
    load(lang, `search-index-${lang}.js`).then(index => searchText(index, q), () => show([], word('no_results')));
  }, 60);
});
// The index starts loading when the reader comes to the box.
input.addEventListener('focus', () => load(lang, `search-index-${lang}.js`).catch(() => {}), { once: true });

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
  find.addEventListener('click', () => showPositions(index, swap.checked));
  const actions = el('div', 'gb-pos-actions');
  actions.append(swapLabel, clear, find);
  posPanel.append(head, tools, grid, actions);
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
  load('positions', 'search-positions.js').then(index => {
    if (!posPanel) buildPanel(index);
    posPanel.hidden = false;
    sync();
    cells[cursor].focus();
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

// Finds the pattern in every figure of the language. The start position is scanned:
// each variant is tried where its first stone could stand on a stone of that colour.
// After that, a move changes a few points, and only the places covering one can lose a
// match (tried on the board before the move, where the point had the colour the pattern
// wants there) or gain one (tried after it): a count of matches, no list to keep.
// A position holds the pattern while the count is above zero.
const searchPositions = (index, swapToo) => {
  const vs = variants(swapToo);
  const L = index.l[lang];
  const results = [];
  const bySize = {};
  const compile = (v, s) => {
    const k = v.p.length, dx = new Int8Array(k), dy = new Int8Array(k), want = new Int8Array(k);
    v.p.forEach(([x, y, c], j) => ((dx[j] = x), (dy[j] = y), (want[j] = c)));
    const [cx0, cx1] = range(v.w, s, v.l, v.r), [ry0, ry1] = range(v.h, s, v.b, v.t);
    // The point to start from: a stone, as stones are fewer than empty points.
    let first = 0;
    while (first < k - 1 && !want[first]) first++;
    return { k, dx, dy, want, cx0, cx1, ry0, ry1, w: v.w, h: v.h, first };
  };
  for (const [d, page, anchor] of L.f) {
    const [s, black, white, moves, first] = index.d[d];
    if (!bySize[s]) bySize[s] = vs.map(v => compile(v, s)).filter(x => x.cx0 <= x.cx1 && x.ry0 <= x.ry1);
    const live = bySize[s], nv = live.length;
    if (!nv) continue;
    const a = new Int8Array(s * s), stones = [[], [], []];
    for (let k = 0; k < black.length; k += 2) stones[1].push((black.charCodeAt(k + 1) - 97) * s + black.charCodeAt(k) - 97);
    for (let k = 0; k < white.length; k += 2) stones[2].push((white.charCodeAt(k + 1) - 97) * s + white.charCodeAt(k) - 97);
    for (const i of stones[1]) a[i] = 1;
    for (const i of stones[2]) a[i] = 2;
    const holds = (x, ox, oy) => {
      if (ox < x.cx0 || ox > x.cx1 || oy < x.ry0 || oy > x.ry1) return false;
      for (let j = 0; j < x.k; j++) if (a[(oy + x.dy[j]) * s + ox + x.dx[j]] !== x.want[j]) return false;
      return true;
    };
    // The matches of the start position, and where the first one is.
    let count = 0, at = null;
    for (const x of live) {
      const j = x.first, c = x.want[j];
      const from = c ? stones[c] : a.keys();
      for (const i of from) {
        if (a[i] !== c) continue;
        const ox = (i % s) - x.dx[j], oy = ((i / s) | 0) - x.dy[j];
        if (holds(x, ox, oy)) {
          count++;
          if (!at) at = [ox, oy, x.w, x.h];
        }
      }
    }
    // The places covering changed points that hold the pattern when each such point has
    // the colour `side` (0 the old, 1 the new) of its change: counted once each.
    const changes = [];
    const set = (i, to) => {
      changes.push(i, a[i], to);
      a[i] = to;
    };
    const seen = new Set();
    const tally = side => {
      seen.clear();
      let n = 0;
      for (let q = 0; q < changes.length; q += 3) {
        const i = changes[q], st = changes[q + 1 + side];
        if (changes[q + 1] === changes[q + 2]) continue;
        const c = i % s, r = (i - c) / s;
        for (let xi = 0; xi < nv; xi++) {
          const x = live[xi];
          for (let j = 0; j < x.k; j++) {
            if (x.want[j] !== st) continue;
            const ox = c - x.dx[j], oy = r - x.dy[j];
            if (!holds(x, ox, oy)) continue;
            const key = (xi * s + oy) * s + ox;
            if (!seen.has(key)) {
              seen.add(key);
              n++;
              if (side) at = [ox, oy, x.w, x.h];
            }
          }
        }
      }
      return n;
    };
    const total = moves.length / 3;
    let run = null, num = first;
    const start = from => (run = { d, page, anchor, from, s, a: a.slice(), at });
    if (count) start([0, first]);
    for (let m = 0; m < total; m++) {
      const color = moves[3 * m] === 'B' ? 1 : 2, p = moves.substr(3 * m + 1, 2);
      if (p !== '..') num++;
      if (p === '..' || p === '--') continue;
      changes.length = 0;
      play(a, s, (p.charCodeAt(1) - 97) * s + p.charCodeAt(0) - 97, color, set);
      // The board before the move, for the matches it loses; then after it again.
      for (let q = changes.length - 3; q >= 0; q -= 3) a[changes[q]] = changes[q + 1];
      count -= tally(0);
      for (let q = 0; q < changes.length; q += 3) a[changes[q]] = changes[q + 2];
      count += tally(1);
      if (count && !run) start([m + 1, num - 1]);
      else if (!count && run) {
        results.push(run);
        run = null;
      }
    }
    if (run) results.push(run);
  }
  return results;
};

// Plays a stone through `set` and removes what it captures (and itself, if it has no
// liberty), as gobook.js replays figures.
const play = (a, z, i, color, set) => {
  set(i, color);
  const around = j => {
    const c = j % z, r = (j - c) / z, n = [];
    if (c > 0) n.push(j - 1);
    if (c < z - 1) n.push(j + 1);
    if (r > 0) n.push(j - z);
    if (r < z - 1) n.push(j + z);
    return n;
  };
  const dead = j => {
    const seen = new Set([j]), todo = [j];
    while (todo.length) {
      for (const n of around(todo.pop())) {
        if (a[n] === 0) return null;
        if (a[n] === a[j] && !seen.has(n)) {
          seen.add(n);
          todo.push(n);
        }
      }
    }
    return seen;
  };
  for (const n of around(i)) {
    const g = a[n] === 3 - color && dead(n);
    if (g) g.forEach(k => set(k, 0));
  }
  const self = dead(i);
  if (self) self.forEach(k => set(k, 0));
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

const showPositions = (index, swapToo) => {
  if (!pattern.size) return hide();
  const t0 = performance.now();
  const results = searchPositions(index, swapToo);
  self.gbPositionTime = performance.now() - t0;
  const L = index.l[lang];
  const items = results.slice(0, 60).map(r => {
    const [href, title] = L.p[r.page];
    const li = el('li', 'gb-result gb-result-pos');
    const a = el('a');
    a.href = `${href}?gb-move=${r.from[0]}#${r.anchor}`;
    a.append(miniBoard(r.a, r.s, r.at));
    const what = r.from[0] === 0 ? word('start_position') : fill(word('at_move'), { n: r.from[1] });
    a.append(el('span', 'gb-result-title', title), el('span', 'gb-result-text', what));
    li.append(a);
    return li;
  });
  show(items, count(results.length));
};

// The sidebar opens on wide screens, where it stands beside the text; on narrow ones it
// stays folded under the top bar, as the HTML has it.
const side = doc.getElementById('gb-side-box');
if (side && matchMedia('(min-width: 90rem)').matches) side.open = true;

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
