// gobook.js: interactive diagrams for gobook sites, no framework, no dependencies.
// Each diagram carries its data in a `data-gb` attribute (see src/markup/interactive.rs)
// and the page its interface words in <script id="gb-ui">. Without this script the
// page still shows the static numbered diagram, and solutions and hints in <details>.
// The site carries this file byte for byte, as written.
(function gobook() {
'use strict';
const doc = document;
// XHTML pages (e-books) run even a deferred script as soon as it is parsed, before
// the body exists: start once the document is there.
if (doc.readyState === 'loading') return doc.addEventListener('DOMContentLoaded', gobook);
// Once a page, even where players (src/markup/player.rs) bring copies.
if (self.gbRan) return;
self.gbRan = true;
const NS = 'http://www.w3.org/2000/svg';
const COLS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const wordsIn = node => {
  try {
    return JSON.parse(node.textContent);
  } catch (e) {
    return {};
  }
};
// The words and language a diagram speaks: the page's, or a player's own (a fragment of
// `gobook svg --format html` in a page gobook did not write, see src/markup/player.rs).
const speaker = (ui, lang) => {
  const word = k => ui[k] || k;
  // A label and what follows: "Solution: …", in French "Solution : …", in Chinese and
  // Japanese with the full-width colon and no space.
  const lead = k => (/^(ja|zh)/.test(lang) ? word(k) + '\uff1a' : /^fr/.test(lang) ? word(k) + '\u202f:' : word(k) + ':');
  return { word, lead, lang };
};
// By id, or by type where a converter renamed the ids (calibre makes them calibre_link-N).
const pageWords = doc.getElementById('gb-ui') || doc.querySelector('script[type="application/json"]');
const page = speaker(pageWords ? wordsIn(pageWords) : {}, doc.documentElement.lang);
const { word } = page;
doc.documentElement.classList.add('gb-js');
const fill = (s, o) => s.replace(/\{(\w+)\}/g, (m, k) => (k in o ? o[k] : m));
const el = (tag, cls, text) => {
  const e = doc.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
};

// Points travel as two letters, column and row from the lower left; the board is a
// flat array indexed row * size + column with 0 empty, 1 black, 2 white.
const code = s => [s.charCodeAt(0) - 97, s.charCodeAt(1) - 97];
const pointName = (c, r) => COLS[c] + (r + 1);

// Plays a stone and removes what it captures (and itself, if it has no liberty left).
const play = (a, z, i, color) => {
  a[i] = color;
  const around = j => {
    const c = j % z, r = (j - c) / z, n = [];
    if (c > 0) n.push(j - 1);
    if (c < z - 1) n.push(j + 1);
    if (r > 0) n.push(j - z);
    if (r < z - 1) n.push(j + z);
    return n;
  };
  // The group of `j` if it has no liberty, else null.
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
    if (g) g.forEach(k => (a[k] = 0));
  }
  const self = dead(i);
  if (self) self.forEach(k => (a[k] = 0));
};

// A number or letter on a point, sized as the renderer sizes it (src/render/svg/text.rs):
// three digits keep the height of two and are condensed to fit the stone.
// All-lowercase text sits a little higher, as its letters are shorter.
const label = (cls, x, y, t) => {
  const n = [...t].length, size = n <= 3 ? 14 : 11, lower = t === t.toLowerCase() && t !== t.toUpperCase();
  const fit = n <= 2 ? '' : ` textLength="${n === 3 ? 19 : 20}" lengthAdjust="spacingAndGlyphs"`;
  return `<text class="${cls}" font-size="${size}" x="${x}" y="${y + Math.round(size * (lower ? 0.27 : 0.36))}"${fit}>${esc(t)}</text>`;
};

// Labels are the author's text: escaped before they join the markup.
const esc = t => t.replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
// The marks' outlines around (0, 0), as the renderer draws them (src/render/svg/marks.rs).
const MARKS = { T: 'M0-7l6 11h-12z', S: 'M-5-5h10v10h-10z', C: 'M-6 0a6 6 0 1 0 12 0a6 6 0 1 0-12 0', X: 'M-5-5l10 10m0-10l-10 10', D: 'M0-7l7 7-7 7-7-7z' };

// An SVG of the position `a` over `view`, with the same geometry and classes as the
// renderer's, so the theme styles it and the board does not move when it replaces
// the static figure. `marks` maps point index to a move number; the stone at `last`
// is the last move played, underlined (or ringed when it has no number).
// The colours of the light palette as presentation attributes, by the classes the live board
// draws, as the renderer
// writes them (src/render/svg/style.rs, whose test keeps the two equal): readers without CSS
// custom properties, such as calibre's conversions, colour the live board by them, and a
// page's CSS still overrides them.
const PAINT = {
  'gb-bd': ' fill="#e3bf7e"', 'gb-lbg': ' fill="#e3bf7e"',
  'gb-g': ' stroke="#1e1a14"', 'gb-e': ' stroke="#1e1a14"', 'gb-me': ' stroke="#1e1a14"',
  'gb-h': ' fill="#1e1a14"', 'gb-ne': ' fill="#1e1a14"', 'gb-co': ' fill="#1e1a14"',
  'gb-sb': ' fill="#111" stroke="#111"', 'gb-nw': ' fill="#111"',
  'gb-sw': ' fill="#fff" stroke="#111"', 'gb-nb': ' fill="#fff"',
  'gb-mb': ' stroke="#fff"', 'gb-mw': ' stroke="#111"',
};
const painted = s => s.replace(/class="([\w -]+)"/g, (m, k) => m + (PAINT[k] || ''));
const draw = (D, view, a, marks, cursor, last) => painted(drawPlain(D, view, a, marks, cursor, last));
const drawPlain = (D, view, a, marks, cursor, last) => {
  const [U, M, R, P, B] = D.g, z = D.z, [c0, r0, c1, r1] = view;
  const X = c => (c - c0) * U, Y = r => (r1 - r) * U;
  const w = (c1 - c0) * U, h = (r1 - r0) * U;
  const top = r1 === z - 1, right = c1 === z - 1, bottom = r0 === 0, left = c0 === 0;
  let s = `<svg xmlns="${NS}" class="gb gb-live" viewBox="${-M} ${-M} ${w + 2 * M} ${h + 2 * M}" width="${w + 2 * M}" height="${h + 2 * M}" text-anchor="middle" aria-hidden="true">`;
  s += `<rect class="gb-bd" x="${-M}" y="${-M}" width="${w + 2 * M}" height="${h + 2 * M}"/>`;
  let d = '';
  for (let c = c0; c <= c1; c++) d += `M${X(c)} ${top ? 0 : -P}V${bottom ? h : h + P}`;
  for (let r = r0; r <= r1; r++) d += `M${left ? 0 : -P} ${Y(r)}H${right ? w : w + P}`;
  s += `<path class="gb-g" fill="none" stroke-width="1" d="${d}"/>`;
  d = '';
  if (top) d += `M0 0H${w}`;
  if (right) d += `M${w} 0V${h}`;
  if (bottom) d += `M0 ${h}H${w}`;
  if (left) d += `M0 0V${h}`;
  if (d) s += `<path class="gb-e" fill="none" stroke-width="2" stroke-linecap="square" d="${d}"/>`;
  const shows = (c, r) => c >= c0 && c <= c1 && r >= r0 && r <= r1;
  s += '<g class="gb-h">';
  for (let k = 0; k < D.h.length; k += 2) {
    const [c, r] = code(D.h.slice(k, k + 2));
    if (shows(c, r)) s += `<circle cx="${X(c)}" cy="${Y(r)}" r="2.5"/>`;
  }
  s += '</g>';
  let text = '';
  for (const color of [1, 2]) {
    s += `<g class="${color === 1 ? 'gb-sb' : 'gb-sw'}" stroke-width="1">`;
    for (let r = r1; r >= r0; r--) {
      for (let c = c0; c <= c1; c++) {
        const i = r * z + c;
        if (a[i] !== color) continue;
        s += `<circle cx="${X(c)}" cy="${Y(r)}" r="${R}"/>`;
        const m = marks[i];
        const on = color === 1 ? 'gb-nb' : 'gb-nw';
        if (m != null && m !== '') {
          text += label(on, X(c), Y(r), m);
          if (i === last) text += `<path class="gb-last ${color === 1 ? 'gb-mb' : 'gb-mw'}" stroke-width="1.5" d="M${X(c) - 6} ${Y(r) + 8}h12"/>`;
        }
        else if (i === last) text += `<circle class="${color === 1 ? 'gb-mb' : 'gb-mw'}" fill="none" stroke-width="2" cx="${X(c)}" cy="${Y(r)}" r="${R / 2}"/>`;
      }
    }
    s += '</g>';
  }
  s += text;
  // The book's marks and labels stay on the board through the replay, except those the
  // author hid (hideInReplay); on a numbered stone a mark is a badge and a label gives way.
  for (const [pt, k] of D.k || []) {
    const [c, r] = code(pt), i = r * z + c;
    if (!shows(c, r)) continue;
    const x = X(c), y = Y(r), under = a[i], numbered = under && marks[i] != null && marks[i] !== '';
    if (k[0] === '=') {
      if (numbered) continue;
      if (!under) s += `<circle class="gb-lbg" cx="${x}" cy="${y}" r="9"/>`;
      s += label(under === 1 ? 'gb-nb' : under === 2 ? 'gb-nw' : 'gb-ne', x, y, k.slice(1));
    } else if (numbered) {
      s += `<circle class="gb-lbg" cx="${x + 9}" cy="${y - 9}" r="5"/><path class="gb-me" fill="none" stroke-width="3" transform="translate(${x + 9} ${y - 9}) scale(.55)" d="${MARKS[k]}"/>`;
    } else {
      s += `<path class="${under === 1 ? 'gb-mb' : under === 2 ? 'gb-mw' : 'gb-me'}" fill="none" stroke-width="2" transform="translate(${x} ${y})" d="${MARKS[k]}"/>`;
    }
  }
  if (cursor) s += `<rect class="gb-cur" fill="none" stroke-width="2" x="${X(cursor[0]) - U / 2}" y="${Y(cursor[1]) - U / 2}" width="${U}" height="${U}"/>`;
  if (B) {
    const mid = P + B / 2;
    s += '<g class="gb-co" font-size="10">';
    for (let c = c0; c <= c1; c++) s += `<text x="${X(c)}" y="${-mid + 4}">${COLS[c]}</text><text x="${X(c)}" y="${h + mid + 4}">${COLS[c]}</text>`;
    for (let r = r0; r <= r1; r++) s += `<text x="${-mid}" y="${Y(r) + 4}">${r + 1}</text><text x="${w + mid}" y="${Y(r) + 4}">${r + 1}</text>`;
    s += '</g>';
  }
  return s + '</svg>';
};

// Turns one figure (or inline diagram) into a player: replay, expand, problems.
const setup = fig => {
  const player = fig.closest('.gb-player');
  const own = player && player.querySelector(':scope > script.gb-ui');
  const { word, lead, lang } = own ? speaker(wordsIn(own), player.lang) : page;
  // A player's comments on the game, one per move (the one shown is the move's).
  const notes = [...fig.querySelectorAll('.gb-comments > li')];
  const D = JSON.parse(fig.dataset.gb);
  const z = D.z;
  const still = fig.querySelector('svg.gb');
  if (!still) return;
  const host = still.closest('a') || still;
  const live = el('div', 'gb-board');
  live.hidden = true;
  host.after(live);
  const start = new Array(z * z).fill(0);
  for (const [key, color] of [['b', 1], ['w', 2]]) {
    for (let k = 0; k < D[key].length; k += 2) {
      const [c, r] = code(D[key].slice(k, k + 2));
      start[r * z + c] = color;
    }
  }
  // Replay: the position after each move, worked out once.
  const moves = (D.m ? D.m.split(' ') : []).map(t => ({ black: t[0] === 'B', at: t.length === 3 ? code(t.slice(1)) : null, tenuki: t[1] === '-' }));
  const positions = [start];
  let num = D.n || 1;
  for (const m of moves) {
    const a = positions[positions.length - 1].slice();
    if (m.at) play(a, z, m.at[1] * z + m.at[0], m.black ? 1 : 2);
    m.n = m.at || m.tenuki ? num++ : '';
    // The number of the last move played, which a pass's comment goes with.
    m.k = num - 1;
    positions.push(a);
  }
  const problem = !!(D.c || D.x);
  const total = moves.length;
  let step = total, expanded = false, path = [], texts = [], result = '', cursor = null, used = false;
  const full = [0, 0, z - 1, z - 1];
  const partial = D.v.join() !== full.join();

  const bar = el('div', 'gb-bar');
  bar.setAttribute('role', 'toolbar');
  const say = el('p', 'gb-say');
  say.setAttribute('aria-live', 'polite');
  const button = (label, text, act) => {
    const b = el('button', 'gb-btn', text);
    b.type = 'button';
    b.title = label;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', act);
    bar.append(b);
    return b;
  };
  const go = n => {
    used = true;
    step = Math.max(0, Math.min(total, n));
    show();
    const m = moves[step - 1];
    say.textContent = m ? announce(m.black, m.n, m.at ? pointName(m.at[0], m.at[1]) : word(m.tenuki ? 'elsewhere' : 'pass')) : fill(word('move_of'), { n: 0, total });
    // The comment is read after the move, as a reader of the page sees it under the board.
    const note = notes.find(li => li.classList.contains('gb-now'));
    if (note) say.textContent += '. ' + note.querySelector('.gb-note').textContent;
  };
  const announce = (black, n, where) => (n === '' ? `${lead(black ? 'black' : 'white')} ${where}` : fill(word(black ? 'black_move_at' : 'white_move_at'), { n, point: where }));
  let nav = [];
  if (total && !problem) {
    nav = [
      button(word('first_move'), '«', () => go(0)),
      button(word('previous_move'), '‹', () => go(step - 1)),
      button(word('next_move'), '›', () => go(step + 1)),
      button(word('last_move'), '»', () => go(total)),
    ];
  }
  let grow = null;
  if (partial) {
    grow = button(word('expand_board'), '⤢', () => {
      used = true;
      expanded = !expanded;
      grow.setAttribute('aria-pressed', expanded);
      show();
    });
    grow.setAttribute('aria-pressed', 'false');
  }

  // Problems: the reader's moves are checked against the book's sequences.
  const seqs = (D.c || []).map(q => ({ q, ok: true })).concat((D.x || []).map(q => ({ q, ok: false })));
  const follows = (s, p) => p.every((x, k) => s.q[k] && s.q[k][0] === x);
  // How often each position of the tree has been answered, to vary the opponent's reply.
  const turns = {};
  let shown = 0;
  // Feedback is a status of its own: the live region above speaks the moves.
  const feedback = el('p', 'gb-feedback');
  feedback.setAttribute('role', 'status');
  // A problem starts after the diagram's own moves, if it has any.
  const last = moves[total - 1];
  const firstBlack = last ? !last.black : D.p === 'B';
  const problemPosition = () => {
    const a = positions[total].slice(), marks = {};
    let black = firstBlack;
    path.forEach((x, k) => {
      if (x) {
        const [c, r] = code(x);
        play(a, z, r * z + c, black ? 1 : 2);
        marks[r * z + c] = String(k + 1);
      }
      black = !black;
    });
    return [a, marks];
  };
  const report = (cls, words) => {
    feedback.className = 'gb-feedback ' + cls;
    // Chinese and Japanese put no space between sentences.
    feedback.textContent = words.filter(Boolean).join(/^(ja|zh)/.test(lang) ? '' : ' ');
    fig.classList.toggle('gb-solved', cls === 'gb-right');
    fig.classList.toggle('gb-failed', cls === 'gb-wrong');
  };
  const moveWords = k => {
    const x = path[k], black = firstBlack === (k % 2 === 0);
    return announce(black, k + 1, x ? pointName(...code(x)) : word('pass'));
  };
  const choose = x => {
    if (result) return;
    const k = path.length;
    const hits = seqs.filter(s => follows(s, path) && s.q[k] && s.q[k][0] === x);
    if (!hits.length) {
      report('gb-off', [word('not_in_book')]);
      say.textContent = `${pointName(...code(x))}: ${word('not_in_book')}`;
      return;
    }
    path.push(x);
    // An answer tree: where the book gives the opponent several replies, each try takes
    // the next one, so a reader who starts again meets every branch.
    const replies = [...new Set(hits.filter(s => s.q.length > k + 1).map(s => s.q[k + 1][0]))];
    const at = path.join();
    const tried = turns[at] || 0;
    turns[at] = tried + 1;
    const reply = replies[tried % Math.max(replies.length, 1)];
    const answer = hits.find(s => s.q.length > k + 1 && s.q[k + 1][0] === reply);
    texts = [(answer || hits[0]).q[k][1]];
    if (answer) {
      path.push(answer.q[k + 1][0]);
      texts.push(answer.q[k + 1][1]);
    }
    const open = seqs.filter(s => follows(s, path));
    const spoken = [moveWords(k)].concat(answer ? [moveWords(k + 1)] : []);
    if (!open.some(s => s.q.length > path.length)) {
      const done = open.find(s => s.q.length === path.length) || hits[0];
      result = done.ok ? 'gb-right' : 'gb-wrong';
      report(result, [word(done.ok ? 'correct' : 'wrong') + '.'].concat(texts));
    } else {
      report('', texts);
    }
    say.textContent = spoken.join('. ');
    show();
  };
  if (problem) {
    button(word('reset'), word('reset'), () => {
      path = [];
      result = '';
      report('', []);
      say.textContent = word('reset');
      show();
    });
    button(word('show_solution'), word('show_solution'), () => {
      // Each press shows the next correct line: every branch of an answer tree in turn.
      const right = seqs.filter(q => q.ok);
      if (!right.length) return;
      const s = right[shown++ % right.length];
      path = s.q.map(m => m[0]);
      result = 'gb-right';
      report(result, [lead('solution')].concat(s.q.map(m => m[1])));
      say.textContent = path.map((_, k) => moveWords(k)).join('. ');
      show();
    });
    live.tabIndex = 0;
    live.setAttribute('role', 'application');
    live.setAttribute('aria-label', fig.querySelector('title') ? fig.querySelector('title').textContent : word('problem'));
    live.addEventListener('click', e => {
      const svg = live.firstChild, box = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal, v = view();
      const c = v[0] + Math.round((vb.x + ((e.clientX - box.left) * vb.width) / box.width) / D.g[0]);
      const r = v[3] - Math.round((vb.y + ((e.clientY - box.top) * vb.height) / box.height) / D.g[0]);
      if (c >= v[0] && c <= v[2] && r >= v[1] && r <= v[3]) choose(String.fromCharCode(97 + c, 97 + r));
    });
    // From the keyboard, arrows move a cursor over the board and Enter or Space plays.
    live.addEventListener('keydown', e => {
      const v = view();
      const delta = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
      if (delta) {
        cursor = cursor || [(v[0] + v[2]) >> 1, (v[1] + v[3]) >> 1];
        cursor = [Math.max(v[0], Math.min(v[2], cursor[0] + delta[0])), Math.max(v[1], Math.min(v[3], cursor[1] + delta[1]))];
        say.textContent = pointName(...cursor);
      } else if ((e.key === 'Enter' || e.key === ' ') && cursor) {
        choose(String.fromCharCode(97 + cursor[0], 97 + cursor[1]));
      } else return;
      e.preventDefault();
      e.stopPropagation();
      show();
    });
    // The cursor appears with the first arrow key, not on focus: redrawing on the
    // focus of a mouse press would swap the SVG under the pointer and lose the click.
    live.addEventListener('blur', () => {
      if (!cursor) return;
      cursor = null;
      show();
    });
  }
  const view = () => (expanded ? full : D.v);
  const show = () => {
    let a, marks = {}, last = null;
    if (problem) {
      [a, marks] = problemPosition();
    } else {
      // The stones keep the numbers of the moves played so far, as the commentary
      // names them; a point played twice shows its latest move.
      a = positions[step];
      moves.slice(0, step).forEach(m => {
        if (m.at) marks[m.at[1] * z + m.at[0]] = String(m.n);
      });
      const m = moves[step - 1];
      if (m && m.at) last = m.at[1] * z + m.at[0];
    }
    // The numbered figure stands for the end of the sequence.
    const still_shown = !problem && step === total && !expanded;
    // Until the reader first uses a board, the book's own figure shows and the live
    // board holds nothing: a page does not carry a hidden second copy of every board.
    if (still_shown && !used) live.replaceChildren();
    else live.innerHTML = draw(D, view(), a, marks, problem && doc.activeElement === live ? cursor : null, last);
    live.hidden = still_shown;
    host.style.display = still_shown ? '' : 'none';
    fig.dataset.gbStep = step;
    if (notes.length) {
      const at = step ? moves[step - 1].k : (D.n || 1) - 1;
      notes.forEach(li => li.classList.toggle('gb-now', !problem && +li.dataset.gbAt === at));
    }
    if (nav.length) {
      const focused = nav.find(b => b === doc.activeElement);
      nav[0].disabled = nav[1].disabled = step === 0;
      nav[2].disabled = nav[3].disabled = step === total;
      // A button that disables itself would drop the focus to the page: the figure,
      // which steps with the arrow keys, takes it instead.
      if (focused && focused.disabled) fig.focus();
    }
  };
  if (!bar.children.length) return;
  // The controls go under the caption, so that the caption stays right under its
  // board; the style sheet reserved their room, so nothing below moves.
  let cap = fig.querySelector(':scope > figcaption');
  if (!cap) {
    cap = el('figcaption');
    fig.append(cap);
  }
  // A player's comments stay last, under the controls.
  const list = cap.querySelector(':scope > .gb-comments');
  if (list) list.before(bar, feedback, say);
  else cap.append(bar, feedback, say);
  fig.classList.add('gb-ready');
  if (!problem) {
    fig.tabIndex = 0;
    fig.addEventListener('keydown', e => {
      const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: total }[e.key];
      if (to == null || !total) return;
      e.preventDefault();
      go(to);
    });
    // The position search opens a figure at a move (themes/default/search.js).
    fig.addEventListener('gb-go', e => go(e.detail));
    // A horizontal swipe over the board steps back or forward.
    let x0 = null;
    fig.addEventListener('pointerdown', e => (x0 = e.clientX));
    fig.addEventListener('pointerup', e => {
      const dx = x0 == null ? 0 : e.clientX - x0;
      x0 = null;
      if (Math.abs(dx) > 40 && total) go(step + (dx < 0 ? 1 : -1));
    });
  }
  show();
};

// Inline diagrams open as a pop-over next to their link; Escape or a click elsewhere
// closes it and focus goes back to the link.
let open = null;
const close = () => {
  if (!open) return;
  const [box, link] = open;
  open = null;
  box.classList.remove('gb-pop');
  link.setAttribute('aria-expanded', 'false');
  link.focus();
};
const popOver = (link, box) => {
  close();
  if (!box.querySelector('.gb-close')) {
    const x = el('button', 'gb-btn gb-close', '×');
    x.type = 'button';
    x.setAttribute('aria-label', word('close'));
    x.title = word('close');
    x.addEventListener('click', close);
    box.prepend(x);
  }
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-label', link.textContent);
  box.tabIndex = -1;
  box.classList.add('gb-pop');
  const base = box.offsetParent ? box.offsetParent.getBoundingClientRect() : { left: 0, top: 0 };
  const at = link.getBoundingClientRect();
  const width = box.offsetWidth;
  const left = Math.max(8, Math.min(at.left, innerWidth - width - 8));
  box.style.left = left - base.left + 'px';
  box.style.top = at.bottom + 6 - base.top + 'px';
  link.setAttribute('aria-expanded', 'true');
  open = [box, link];
  box.focus();
};
doc.addEventListener('click', e => {
  const link = e.target.closest && e.target.closest('a.gb-dia-link');
  if (link) {
    const box = doc.getElementById(link.hash.slice(1));
    const shut = open && open[0] === box;
    // A diagram that already stands in the text (as in e-books) needs no pop-over:
    // the link just goes to it.
    if (box && (shut || getComputedStyle(box).display === 'none')) {
      e.preventDefault();
      if (shut) close();
      else popOver(link, box);
    }
  } else if (open && !open[0].contains(e.target)) {
    close();
  }
});
doc.addEventListener('keydown', e => {
  if (e.key === 'Escape' && open) close();
});
// Tabbing out of the pop-over closes it, leaving focus where the reader went.
doc.addEventListener('focusout', e => {
  if (open && open[0].contains(e.target) && e.relatedTarget && !open[0].contains(e.relatedTarget)) {
    const [box, link] = open;
    open = null;
    box.classList.remove('gb-pop');
    link.setAttribute('aria-expanded', 'false');
  }
});

// The chosen language is remembered; the root page of a site in several languages
// sends the reader on to it.
try {
  const lang = doc.body.dataset.gbLang;
  if (lang) localStorage.setItem('gb-lang', lang);
  const saved = localStorage.getItem('gb-lang');
  if ('gbRoot' in doc.body.dataset && saved) {
    const link = doc.querySelector(`a[data-lang="${saved}"]`);
    if (link) location.replace(link.href);
  }
} catch (e) {
  // No storage (private mode, file:// in some browsers): nothing to remember.
}

// Printing shows every problem's answers: their disclosures open for the print and
// close again after it.
let printOpened = [];
addEventListener('beforeprint', () => {
  printOpened = [...doc.querySelectorAll('details.gb-solution:not([open])')];
  printOpened.forEach(d => (d.open = true));
});
addEventListener('afterprint', () => printOpened.forEach(d => (d.open = false)));

doc.querySelectorAll('[data-gb]').forEach(setup);
})();
