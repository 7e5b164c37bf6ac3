// The position search's matcher (themes/default/search.js, run in node) against a brute-force
// reference written here from the rule alone, run by tests/it/search.rs:
//
//   node tests/browser/positions-reference.mjs SITE_DIR...
//
// For every language of every site and every pattern (the benchmark's four, and patterns cut
// from the sites' own positions so that each is found somewhere, its runs starting and
// ending), with and without colours swapped, the matcher must give exactly the reference's
// results: each run of positions of a figure that hold the pattern (figure, page, anchor,
// move and number where it starts), and the board drawn for it. The reference replays every
// figure from its start and moves and tests every symmetry at every place of every position.
// Prints one line per site and language; exits 1 when a result differs.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPositions } from './positions-index.mjs';

const sites = process.argv.slice(2);
if (!sites.length) {
  console.error('usage: node positions-reference.mjs SITE_DIR...');
  process.exit(2);
}
const js = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../themes/default/search.js'), 'utf8');
const body = js.slice(js.indexOf('// The variants of the pattern'), js.indexOf('// A small board'));
const matcher = new Function('Z', 'pattern', 'lang', `${body}; return { searchPositions, figureOf, positionAt };`);
const COLS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

// A figure of the index as the reference reads it: size, start board, and moves, each
// { colour, point (-1 for a pass or a move elsewhere), pass, captures }.
const parse = ([s, black, white, moves, first]) => {
  const pt = (t, k) => (t.charCodeAt(k + 1) - 97) * s + t.charCodeAt(k) - 97;
  const start = new Array(s * s).fill(0);
  for (let k = 0; k < black.length; k += 2) start[pt(black, k)] = 1;
  for (let k = 0; k < white.length; k += 2) start[pt(white, k)] = 2;
  const list = [];
  for (let k = 0; k < moves.length; k += 3) {
    if (moves[k] === 'x') {
      list[list.length - 1].captures.push(pt(moves, k + 1));
      continue;
    }
    const none = moves[k + 1] === '.' || moves[k + 1] === '-';
    list.push({ colour: moves[k] === 'B' ? 1 : 2, point: none ? -1 : pt(moves, k + 1), pass: moves[k + 1] === '.', captures: [] });
  }
  return { s, first, start, moves: list };
};

// Every position of a figure: the start, then after each move that changes the board, with
// the move (counted from 1, passes and moves elsewhere too) and its number (passes have none).
const positions = fig => {
  const board = fig.start.slice();
  const out = [{ m: 0, num: fig.first, board: board.slice() }];
  let num = fig.first - 1;
  fig.moves.forEach((mv, i) => {
    if (!mv.pass) num++;
    if (mv.point < 0) {
      if (mv.captures.length) throw new Error('a pass or a move elsewhere with captures');
      return;
    }
    board[mv.point] = mv.colour;
    for (const c of mv.captures) board[c] = 0;
    out.push({ m: i + 1, num, board: board.slice() });
  });
  return out;
};

// Whether `board` (size s) holds `pattern` (points of a Z board: index -> 0 empty, 1 black,
// 2 white) in some symmetry, colours swapped too if asked. A symmetry of the pattern on its
// own board keeps the edges it touches, and must touch the same edges where it stands.
const holds = (board, s, pattern, Z, swap) => {
  const pts = [...pattern].map(([k, v]) => [k % Z, Math.floor(k / Z), v]);
  for (const sw of swap ? [false, true] : [false]) {
    for (let t = 0; t < 8; t++) {
      const q = pts.map(([x, y, v]) => {
        if (t & 4) [x, y] = [y, x];
        if (t & 1) x = Z - 1 - x;
        if (t & 2) y = Z - 1 - y;
        return [x, y, sw && v ? 3 - v : v];
      });
      const x0 = Math.min(...q.map(p => p[0])), x1 = Math.max(...q.map(p => p[0]));
      const y0 = Math.min(...q.map(p => p[1])), y1 = Math.max(...q.map(p => p[1]));
      for (let ox = 0; ox + x1 - x0 < s; ox++) {
        for (let oy = 0; oy + y1 - y0 < s; oy++) {
          if ((x0 === 0 && ox !== 0) || (y0 === 0 && oy !== 0)) continue;
          if ((x1 === Z - 1 && ox + x1 - x0 !== s - 1) || (y1 === Z - 1 && oy + y1 - y0 !== s - 1)) continue;
          if (q.every(([x, y, v]) => board[(oy + y - y0) * s + ox + x - x0] === v)) return true;
        }
      }
    }
  }
  return false;
};

// The reference results: every run of positions holding the pattern, in the language's
// order of figures, with the board where it starts.
const reference = (index, lang, pattern, swap) => {
  const out = [];
  for (const [d, page, anchor] of index.l[lang].f) {
    const fig = parse(index.d[d]);
    let inRun = false;
    for (const p of positions(fig)) {
      const yes = holds(p.board, fig.s, pattern, index.z, swap);
      if (yes && !inRun) out.push({ d, page, anchor, from: [p.m, p.num], board: p.board });
      inRun = yes;
    }
  }
  return out;
};

// A seeded generator, so that a failure can be run again.
let seed = 20261126;
const rand = n => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 8) % n;

// Patterns cut from the index's own positions: a window of up to 4x4 points of the board
// (where the window is on the index's common size) after some move of some figure, keeping
// some of its points, at least one a stone.
const cut = (index, n) => {
  const figs = Object.values(index.d).map(parse).filter(f => f.s === index.z);
  const out = [];
  for (let tries = 0; figs.length && out.length < n && tries < 50 * n; tries++) {
    const fig = figs[rand(figs.length)], ps = positions(fig), p = ps[rand(ps.length)], Z = index.z;
    const w = 2 + rand(Math.min(3, Z - 1)), h = 2 + rand(Math.min(3, Z - 1));
    const x0 = rand(Z - w + 1), y0 = rand(Z - h + 1), pattern = new Map();
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (rand(3)) pattern.set(y * Z + x, p.board[y * Z + x]);
    if ([...pattern.values()].some(v => v)) out.push(pattern);
  }
  return out;
};

const benchmark = [
  [[1, 'Q16'], [2, 'R17']],
  [[1, 'Q16'], [2, 'R17'], [1, 'Q17'], [2, 'R16'], [0, 'S18'], [0, 'S17']],
  [[1, 'C3'], [1, 'D3'], [2, 'C4'], [2, 'D4'], [2, 'E3'], [0, 'C2'], [0, 'D2'], [0, 'B1']],
  [[1, 'Q16'], [1, 'P16'], [1, 'O15'], [2, 'R17'], [2, 'Q17'], [2, 'P17'], [2, 'R15'], [0, 'Q15'], [0, 'P15'], [0, 'R16'], [0, 'S16'], [0, 'O16']],
];
let failures = 0;
for (const site of sites) {
  const index = readPositions(site), Z = index.z;
  const named = benchmark
    .filter(stones => Z === 19)
    .map(stones => new Map(stones.map(([v, p]) => [(+p.slice(1) - 1) * Z + COLS.indexOf(p[0]), v])));
  const patterns = [...named, ...cut(index, 24)];
  for (const lang of Object.keys(index.l)) {
    let runs = 0, found = 0;
    for (const pattern of patterns) {
      for (const swap of [false, true]) {
        const m = matcher(Z, pattern, lang);
        const got = m.searchPositions(index, swap);
        const want = reference(index, lang, pattern, swap);
        const key = r => JSON.stringify([r.d, r.page, r.anchor, r.from]);
        const gotKeys = got.map(key), wantKeys = want.map(key);
        const boards = got.map(r => m.positionAt(m.figureOf(index, r.d), r.q).join(''));
        const same = gotKeys.join() === wantKeys.join() && boards.every((b, i) => b === want[i].board.join(''));
        runs++;
        found += want.length ? 1 : 0;
        if (!same) {
          failures++;
          const at = gotKeys.findIndex((k, i) => k !== wantKeys[i] || boards[i] !== want[i].board.join(''));
          console.log(`FAIL ${site} ${lang}: pattern ${JSON.stringify([...pattern])}${swap ? ', colours swapped' : ''}: ${got.length} results, the reference ${want.length}; first difference at ${at}: ${gotKeys[at]} against ${wantKeys[at]}`);
        }
      }
    }
    console.log(`ok   ${site} ${lang}: ${runs} searches, ${found} with results, equal to the reference`);
  }
}
process.exit(failures ? 1 : 0);
