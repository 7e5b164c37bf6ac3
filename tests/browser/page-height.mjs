// Measures pages for docs/import.md (scripts/import-measure.py): node tests/browser/page-height.mjs A.html,B.html [SHOT.png]
// prints the summed document height at 1280 px; with SHOT, the top 1280x1600 of the first page (Y=offset to scroll).
// node height.mjs FILE.html [SHOT.png]: document height at 1280 px, optional top screenshot.
import { chromium } from 'playwright-core';
const [file, shot] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1280, height: 1600 } });
let total = 0;
for (const f of file.split(',')) {
  await p.goto('file://' + f);
  total += await p.evaluate(() => document.documentElement.scrollHeight);
}
if (shot) await p.goto('file://' + file.split(',')[0]), await p.screenshot({ path: shot, clip: { x: 0, y: Number(process.env.Y || 0), width: 1280, height: 1600 }, fullPage: true });
console.log(total);
await b.close();
