// The position search's matcher (themes/default/search.js) run in node over a site's
// position index, timed in CPU time, which a loaded machine does not inflate:
//
//   node tests/browser/positions-cpu.mjs SITE_DIR [LANG]
//
// The matcher's source is taken from search.js itself, between its markers.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPositions } from './positions-index.mjs';

const [site, lang = 'en'] = process.argv.slice(2);
const js = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../themes/default/search.js'), 'utf8');
const body = js.slice(js.indexOf('// The variants of the pattern'), js.indexOf('// A small board'));
const index = readPositions(site);
const COLS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const make = new Function('Z', 'pattern', 'lang', `${body}; return searchPositions;`);
const patterns = {
  '2 stones (B Q16, W R17)': [[1, 'Q16'], [2, 'R17']],
  '4 stones, 2 empty (3-3 invasion)': [[1, 'Q16'], [2, 'R17'], [1, 'Q17'], [2, 'R16'], [0, 'S18'], [0, 'S17']],
  '8 points at the edge': [[1, 'C3'], [1, 'D3'], [2, 'C4'], [2, 'D4'], [2, 'E3'], [0, 'C2'], [0, 'D2'], [0, 'B1']],
  '12 points': [[1, 'Q16'], [1, 'P16'], [1, 'O15'], [2, 'R17'], [2, 'Q17'], [2, 'P17'], [2, 'R15'], [0, 'Q15'], [0, 'P15'], [0, 'R16'], [0, 'S16'], [0, 'O16']],
};
const Z = index.z;
for (const [name, stones] of Object.entries(patterns)) {
  const pattern = new Map(stones.map(([v, p]) => [(+p.slice(1) - 1) * Z + COLS.indexOf(p[0]), v]));
  const search = make(Z, pattern, lang);
  for (const swap of [false, true]) {
    // Warm-up runs, so that the times are of compiled code.
    for (let k = 0; k < 3; k++) search(index, swap);
    const ts = [];
    let n = 0;
    for (let k = 0; k < 7; k++) {
      const t0 = process.cpuUsage();
      n = search(index, swap).length;
      const t = process.cpuUsage(t0);
      ts.push((t.user + t.system) / 1000);
    }
    ts.sort((a, b) => a - b);
    console.log(`${name}${swap ? ', colours swapped too' : ''}: median ${ts[3].toFixed(1)} ms CPU (${n} results)`);
  }
}
