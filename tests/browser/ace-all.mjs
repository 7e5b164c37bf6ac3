// Ace by DAISY over several EPUBs in one browser: `node ace-all.mjs OUT EPUB...` writes
// OUT/0/report.json for the first EPUB, OUT/1/report.json for the second, and so on.
// Ace's own command starts a node and a Chromium for each EPUB, which cost more than the
// checks; here Ace's checker (@daisy/ace-core, the library `ace` calls) runs each EPUB in
// turn with the same axe runner, whose browser is started once and closed at the end.
// Chromium is the one of PUPPETEER_EXECUTABLE_PATH, as for Ace's command.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ace = require('@daisy/ace-core');
const runner = require('@daisy/ace-axe-runner-puppeteer');
const logger = require('@daisy/ace-logger');

const [out, ...epubs] = process.argv.slice(2);
if (!out || epubs.length === 0) {
  console.error('usage: node ace-all.mjs OUT EPUB...');
  process.exit(2);
}
logger.initLogger({ verbose: false, silent: true, fileName: 'ace-all.log' });

let launched = false;
// The runner as Ace's checker sees it: `launch` and `close` bracket each EPUB's check,
// so they only start the browser the first time and leave it open.
const shared = {
  ...runner,
  launch: async () => {
    if (!launched) {
      await runner.launch();
      launched = true;
    }
  },
  close: async () => {},
};

let failed = 0;
for (const [i, epub] of epubs.entries()) {
  const outdir = path.join(out, String(i));
  try {
    await ace(epub, { cwd: process.cwd(), outdir, silent: true, jobId: String(i) }, shared);
  } catch (e) {
    failed += 1;
    console.error(`ace failed on ${epub}: ${e && e.message ? e.message : e}`);
  }
}
if (launched) {
  await runner.close();
}
process.exit(failed === 0 ? 0 : 1);
