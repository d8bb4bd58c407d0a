import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_HOME } from '../stories/home/homeFixtures';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { createTrainedBot, startHostSite, type HostSite, type Owner } from './widgetHost';

/**
 * A saved home screen far taller than the widget panel (seven categories, fourteen topics,
 * quick actions, a footer) on a customer site: the footer stays in view at the bottom of the
 * home tab while the topics scroll above it, in the real widget bundle.
 */
describe('home screen footer in the widget', () => {
  let server: RunningServer;
  let host: HostSite;
  let owner: Owner;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    owner = await createTrainedBot(server.url, []);
    const saved = await owner.api.patch(`/api/chatbots/guid/${owner.guid}`, { data: { homeScreenConfig: LONG_HOME } });
    if (!saved.ok()) throw new Error(`save home: ${saved.status()} ${await saved.text()}`);
    host = await startHostSite({
      '/': `<!doctype html><html><head><title>Shop</title></head><body><h1>Shop</h1>
        <script src="${server.url}/embed.js"></script>
        <script>ChatWidget.init({ apiUrl: ${JSON.stringify(server.url)}, chatbotId: ${JSON.stringify(owner.guid)} });</script></body></html>`,
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await owner?.api.dispose();
    await server?.stop();
  });

  /** The element's box and whether it lies wholly inside `outer`'s box (1 px of rounding allowed). */
  async function inside(inner: Locator, outer: Locator) {
    const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
    if (!a || !b) return false;
    return a.height > 0 && a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1;
  }

  it('keeps the footer inside the visible panel while the topics scroll above it', async () => {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = page.getByRole('dialog');
    const footer = panel.locator('.cw-home-footer');
    await expect.poll(() => footer.textContent(), { timeout: 15_000 }).toContain('Acme Inc.');
    await expect.poll(() => panel.getByRole('button', { name: 'Warranty', exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    // The panel's opening animation scales it for a moment: poll until the boxes settle.
    await expect.poll(() => inside(footer, panel), { timeout: 10_000 }).toBe(true);

    // The home really is longer than the panel, and its body (not the whole home) scrolls.
    const body = panel.locator('.cw-home-body');
    const sizes = await body.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, home: el.parentElement!.scrollHeight - el.parentElement!.clientHeight }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client + 200);
    expect(sizes.home).toBe(0);
    const lastAction = panel.getByRole('button', { name: /Two-minute survey/ });
    expect(await inside(lastAction, body)).toBe(false);

    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => inside(lastAction, body), { timeout: 10_000 }).toBe(true);
    expect(await inside(footer, panel)).toBe(true);
    expect(await footer.getByRole('link', { name: 'Privacy' }).isVisible()).toBe(true);
  });

  it('on a phone lays the topics out in one column and keeps every title inside its card', async () => {
    const phone = await browser.newPage({ viewport: { width: 320, height: 640 } });
    try {
      await phone.goto(host.url);
      await phone.getByRole('button', { name: 'Open chat' }).click();
      const panel = phone.getByRole('dialog');
      const grid = panel.locator('ul.cw-items.is-grid');
      await expect.poll(() => grid.locator('.cw-item-title').count(), { timeout: 15_000 }).toBeGreaterThan(4);
      // Wait out the opening animation: the grid's width settles at the panel's final size.
      await expect.poll(() => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length), { timeout: 10_000 }).toBe(1);
      const spills = await grid.evaluate((el) =>
        [...el.querySelectorAll('.cw-item')].flatMap((item) => {
          const card = item.getBoundingClientRect();
          return [...item.querySelectorAll<HTMLElement>('.cw-item-title, .cw-item-desc')]
            .filter((text) => {
              const box = text.getBoundingClientRect();
              return box.width === 0 || box.left < card.left - 1 || box.right > card.right + 1 || text.scrollWidth > text.clientWidth + 1;
            })
            .map((text) => text.textContent);
        }),
      );
      expect(spills).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
