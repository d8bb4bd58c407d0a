/**
 * Script-tag weight: gzip bytes of every file the script tag makes the browser load to show the
 * launcher and chat. A customer page loads `/embed.js` from a real Parley server in headless
 * Chromium; the visitor opens the widget and sends a message; every response from the server
 * that is not an API call (scripts, styles, fonts, chunks) is counted, each gzipped from the
 * server's answer at gzip's default level 6 (`bytes`, what `gzip` and most servers produce)
 * and at level 9 (`bytesBest`, what the server sends: the build precompresses at level 9).
 * The same page without the snippet, in the same run, loads nothing from Parley.
 * Budgets: the loader (`/embed.js`, all that loads before the page is idle) ≤ 6 KB = 6144 bytes;
 * everything the script tag loads ≤ 30 KB = 30720 bytes. Prints ONE JSON line.
 * Run after `npm run build`: npx tsx bench/bundleSize.bench.ts
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, startServer } from '../e2e/harness';
import { createTrainedBot, startHostSite } from '../e2e/widgetHost';

const BUDGET = 30_720;
const LOADER_BUDGET = 6_144;

const server = await startServer();
const owner = await createTrainedBot(server.url, [{ title: 'Kettles', textContent: 'Acme kettles boil a litre of water in ninety seconds.' }]);
const page_ = (snippet: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Shop</h1>${snippet}</body></html>`;
const host = await startHostSite({
  '/': page_(`<script async src="${server.url}/embed.js" data-chatbot-id="${owner.guid}"></script>`),
  '/plain': page_(''),
});
const browser = await launchBrowser();
const files = new Map<string, Promise<Buffer>>();
let plainFiles = 0;
try {
  const plain = await browser.newPage();
  plain.on('response', (res) => {
    if (res.url().startsWith(server.url)) plainFiles++;
  });
  await plain.goto(`${host.url}/plain`, { waitUntil: 'load' });
  await plain.waitForTimeout(500);
  await plain.close();
  const page = await browser.newPage();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin === server.url && !url.pathname.startsWith('/api/')) files.set(url.pathname, res.body());
  });
  await page.goto(`${host.url}/`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.getByRole('tab', { name: /Chat/ }).click();
  await page.locator('.cw-composer textarea').fill('How fast do kettles boil?');
  await page.keyboard.press('Enter');
  await page.locator('.cw-msg.is-bot').filter({ hasText: 'ninety seconds' }).waitFor();
} finally {
  await browser.close();
  await host.close();
  await owner.api.dispose();
  await server.stop();
}

const loaded = await Promise.all([...files].map(async ([path, body]) => ({ path, body: await body })));
const perFile = Object.fromEntries(loaded.map((f) => [f.path, gzipSync(f.body).length]));
const bytes = Object.values(perFile).reduce((a, b) => a + b, 0);
const bytesBest = loaded.reduce((a, f) => a + gzipSync(f.body, { level: 9 }).length, 0);
const rawBytes = loaded.reduce((a, f) => a + f.body.length, 0);
const loaderBytes = perFile['/embed.js'] ?? 0;
console.log(
  JSON.stringify({
    bench: 'bundle-size',
    withoutWidget: { files: plainFiles, bytes: 0 },
    loaderBytes,
    loaderBudget: LOADER_BUDGET,
    bytes,
    bytesBest,
    rawBytes,
    budget: BUDGET,
    withinBudget: bytes <= BUDGET && loaderBytes <= LOADER_BUDGET,
    files: perFile,
  }),
);
