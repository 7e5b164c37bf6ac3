// A site's position index read in node as one whole value: the first part
// (search-positions.js) and, for a large book, the parts it lists (gobook-search/positions-K.js,
// crates/gobook-site/src/search/positions.rs) joined as the format says: their diagrams together, each language's
// figures one part after the other. Written apart from the browser's own joining
// (themes/default/search.js), so that the tests that read the whole check that too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const readPositions = site => {
  globalThis.self = {};
  const run = file => new Function(readFileSync(join(site, file), 'utf8'))();
  run('search-positions.js');
  const index = self.gbSearch.positions;
  const rest = index.s || [];
  for (let k = 1; k <= rest.length; k++) {
    run(`gobook-search/positions-${k}.js`);
    const part = self.gbSearch[`positions-${k}`];
    if (!(String(rest[k - 1]) in part.d)) throw new Error(`part ${k} does not begin with diagram ${rest[k - 1]}`);
    Object.assign(index.d, part.d);
    for (const [lang, l] of Object.entries(part.l)) index.l[lang].f.push(...l.f);
  }
  delete index.s;
  return index;
};
