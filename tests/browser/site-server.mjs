// What the browser scripts share: a built site served over HTTP on a free local port
// (localStorage and fetch behave as on a real site), and Debian's chromium started the
// way this machine allows (no background networking, no sandbox as root).
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, extname, normalize } from 'node:path';

const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg' };

// Serves the folder `site`; resolves to { base, close } once it listens.
export const serveSite = async site => {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(site, path.endsWith('/') ? path + 'index.html' : path));
      res.writeHead(200, { 'content-type': types[extname(path)] || 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise(r => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
};

// Starts chromium ($CHROMIUM, else Debian's).
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

// Clicks the centre of point `name` (e.g. "B1") of the live board of figure `fig`, from the
// geometry the page embeds in `data-gb`.
export const clickPoint = async (page, fig, name) => {
  await page.locator(`${fig} .gb-board`).scrollIntoViewIfNeeded();
  const box = await page.$eval(`${fig} .gb-board svg`, (s, name) => {
    const f = s.closest('[data-gb]');
    const D = JSON.parse(f.dataset.gb);
    const col = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.indexOf(name[0]);
    const row = +name.slice(1) - 1;
    const vb = s.viewBox.baseVal, r = s.getBoundingClientRect();
    const x = ((col - D.v[0]) * D.g[0] - vb.x) * (r.width / vb.width) + r.left;
    const y = ((D.v[3] - row) * D.g[0] - vb.y) * (r.height / vb.height) + r.top;
    return { x, y };
  }, name);
  await page.mouse.click(box.x, box.y);
};
