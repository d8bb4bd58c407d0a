/**
 * Launcher time: a customer page (its own origin) renders its content, marks it, then loads the
 * script tag (`/embed.js` from a real Parley server). We measure, in headless Chromium, the time
 * from the host content to the frame in which the launcher button is laid out inside the
 * widget's shadow root. "Host content" is its first contentful paint (`medianMs`, the budgeted
 * figure: the moment the visitor sees the page) and, stricter, a performance mark the page sets
 * right after its content (`medianFromMarkMs`, before that content is even painted). Each run
 * is a fresh browser context (cold cache), then a reload in the same context (warm cache).
 * Budget: within 40 ms. Also counts API requests made before the visitor opens the
 * widget (budget: none; the first pop-up bubble is due 2 s after load, so the window is 1.5 s).
 * Prints ONE JSON line. Run after `npm run build`: npx tsx bench/launcher.bench.ts
 */
import { launchBrowser, startServer } from '../e2e/harness';
import { createTrainedBot, startHostSite } from '../e2e/widgetHost';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BUDGET_MS = 40;
const QUIET_WINDOW_MS = 1500;

const server = await startServer();
const owner = await createTrainedBot(server.url, []);
const host = await startHostSite({ '/': hostPage(server.url, owner.guid) });
const browser = await launchBrowser();

const fromMark: number[] = [];
const fromFcp: number[] = [];
const warmFromMark: number[] = [];
let apiRequests = 0;
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('request', (r) => {
      if (r.url().startsWith(`${server.url}/api/`)) apiRequests++;
    });
    await page.goto(`${host.url}/`);
    const cold = await timings(page);
    fromMark.push(cold.launcher - cold.mark);
    fromFcp.push(cold.launcher - cold.fcp);
    if (i === 0) await page.waitForTimeout(QUIET_WINDOW_MS);
    await page.reload();
    const warm = await timings(page);
    warmFromMark.push(warm.launcher - warm.mark);
    await context.close();
  }
} finally {
  await browser.close();
  await host.close();
  await owner.api.dispose();
  await server.stop();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;
const medianMs = round(median(fromFcp));
console.log(
  JSON.stringify({
    bench: 'launcher',
    runs: RUNS,
    medianMs,
    medianFromMarkMs: round(median(fromMark)),
    warmMedianFromMarkMs: round(median(warmFromMark)),
    maxFromMarkMs: round(Math.max(...fromMark)),
    budgetMs: BUDGET_MS,
    withinBudget: medianMs <= BUDGET_MS,
    apiRequestsBeforeOpen: apiRequests,
  }),
);

async function timings(page: import('playwright-core').Page) {
  await page.waitForFunction(() => (window as unknown as { launcherAt?: number }).launcherAt !== undefined);
  return page.evaluate(() => {
    const mark = performance.getEntriesByName('host-content')[0]!.startTime;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? mark;
    return { mark, fcp, launcher: (window as unknown as { launcherAt: number }).launcherAt };
  });
}

/**
 * The host page: content, a mark, a frame watcher, then the script tag. The watcher records the
 * first animation frame in which the launcher has a size (it is then painted in that frame).
 */
function hostPage(apiUrl: string, guid: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<main><h1>Acme kettles</h1><p>Boil water in style. ${'Lorem ipsum dolor sit amet. '.repeat(40)}</p></main>
<script>
performance.mark('host-content');
(function watch() {
  const host = document.querySelector('[data-chat-widget]');
  const button = host && host.shadowRoot && host.shadowRoot.querySelector('.cw-launcher');
  if (button && button.getBoundingClientRect().width > 0) window.launcherAt = performance.now();
  else requestAnimationFrame(watch);
})();
</script>
<script src="${apiUrl}/embed.js" data-chatbot-id="${guid}"></script>
</body></html>`;
}
