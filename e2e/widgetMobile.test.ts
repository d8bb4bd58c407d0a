import type Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOME_SCREEN } from '../sdk/src/home/defaultHome';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { createTrainedBot, openDatabase, seedBotMessage, setMonthlyUsage, startHostSite, type HostSite, type Owner } from './widgetHost';

/**
 * The script-tag widget on a phone (390×844, touch, mobile viewport) over a long customer page
 * scrolled half-way: the launcher sits inside the screen; opened, the panel covers the screen,
 * its close button is finger-sized, the page behind does not scroll and comes back as it was;
 * every text field is 16 px or more (iOS would zoom into a smaller one); a shorter visual
 * viewport (the on-screen keyboard) keeps the composer in view.
 */

const WIDTH = 390;
const HEIGHT = 844;
const PAGE_SCROLL = 600;
/** Inline styles the host page had before the widget opened: they must come back unchanged. */
const HTML_STYLE = 'scroll-behavior: auto;';
const BODY_STYLE = 'margin: 0px; overflow-x: clip;';

describe('chat widget on a phone', () => {
  let server: RunningServer;
  let host: HostSite;
  let owner: Owner;
  let db: Database.Database;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    owner = await createTrainedBot(server.url, []);
    const home = { ...DEFAULT_HOME_SCREEN, settings: { ...DEFAULT_HOME_SCREEN.settings, enableSearch: true } };
    const saved = await owner.api.patch(`/api/chatbots/guid/${owner.guid}`, { data: { homeScreenConfig: home } });
    if (!saved.ok()) throw new Error(`save home: ${saved.status()} ${await saved.text()}`);
    db = openDatabase(server.dataDir);
    host = await startHostSite({
      '/shop.html': `<!doctype html><html lang="en" style="${HTML_STYLE}"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>Kettle shop</title></head>
        <body style="${BODY_STYLE}"><h1>Kettle shop</h1>
        ${Array.from({ length: 60 }, (_, i) => `<p style="height:80px">Kettle number ${i + 1}</p>`).join('')}
        <script src="${server.url}/embed.js"></script>
        <script>ChatWidget.init({ apiUrl: ${JSON.stringify(server.url)}, chatbotId: ${JSON.stringify(owner.guid)} });</script></body></html>`,
      // A strict site: no inline script or style of any kind, styles only from itself.
      '/strict.html': {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1"><title>Strict shop</title><link rel="stylesheet" href="/site.css"></head>
          <body><main><h1>Strict shop</h1>${'<p>A kettle</p>'.repeat(60)}</main>
          <script async src="${server.url}/embed.js" data-chatbot-id="${owner.guid}" data-api-url="${server.url}"></script></body></html>`,
        headers: { 'Content-Security-Policy': `default-src 'self'; script-src 'self' ${server.url}; style-src 'self'; connect-src ${server.url}; img-src 'self' ${server.url} data:` },
      },
      '/site.css': { body: 'body { margin: 0; } p { height: 80px; margin: 0; }', type: 'text/css' },
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    db?.close();
    await owner?.api.dispose();
    await host?.close();
    await server?.stop();
  });

  const launcher = () => page.locator('button.cw-launcher');
  const panel = () => page.getByRole('dialog');
  const composer = () => page.locator('.cw-composer textarea');

  /** Computed font sizes (px) of every text field in the widget's shadow root, by a short name. */
  async function textFieldSizes() {
    return page.evaluate(() => {
      const root = document.querySelector('chat-widget, [data-chat-widget]')!.shadowRoot!;
      return [...root.querySelectorAll<HTMLElement>('input, textarea, select')]
        .filter((el) => !['checkbox', 'radio'].includes((el as HTMLInputElement).type))
        .map((el) => [el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? el.tagName, parseFloat(getComputedStyle(el).fontSize)] as const);
    });
  }

  /** Inline and computed overflow of <html> and <body>, the inline style attributes, and the page's scroll. */
  function pageState() {
    return page.evaluate(() => ({
      htmlOverflow: getComputedStyle(document.documentElement).overflowY,
      bodyOverflow: getComputedStyle(document.body).overflowY,
      htmlStyle: document.documentElement.getAttribute('style'),
      bodyStyle: document.body.getAttribute('style'),
      scrollY: window.scrollY,
    }));
  }

  /** Tries to scroll the page every way a visitor (or a script) might, then reports `window.scrollY`. */
  async function tryToScroll() {
    // Over the header, which does not scroll itself: an unlocked page would.
    await page.mouse.move(WIDTH / 2, 20);
    await page.mouse.wheel(0, 700);
    const session = await context.newCDPSession(page);
    await session.send('Input.synthesizeScrollGesture', { x: WIDTH / 2, y: 20, yDistance: -500, gestureSourceType: 'touch' });
    await session.detach();
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(300);
    return page.evaluate(() => window.scrollY);
  }

  /** The element's box in layout-viewport coordinates and the visual viewport's, from inside the page. */
  function boxInVisualViewport(selector: string) {
    return page.evaluate((sel) => {
      const root = document.querySelector('chat-widget, [data-chat-widget]')!.shadowRoot!;
      const r = root.querySelector(sel)!.getBoundingClientRect();
      const vv = window.visualViewport!;
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, vvTop: vv.offsetTop, vvBottom: vv.offsetTop + vv.height, vvLeft: vv.offsetLeft, vvRight: vv.offsetLeft + vv.width };
    }, selector);
  }

  /** Inside the visual viewport: vertically always, sideways too unless the page is pinch-zoomed (the panel follows the layout width). */
  function expectInside(box: Awaited<ReturnType<typeof boxInVisualViewport>>, { sideways = true } = {}) {
    expect(box.top).toBeGreaterThanOrEqual(box.vvTop - 0.5);
    expect(box.bottom).toBeLessThanOrEqual(box.vvBottom + 0.5);
    if (!sideways) return;
    expect(box.left).toBeGreaterThanOrEqual(box.vvLeft - 0.5);
    expect(box.right).toBeLessThanOrEqual(box.vvRight + 0.5);
  }

  it('shows the launcher inside the screen, clear of its edges', async () => {
    await page.goto(`${host.url}/shop.html`);
    await page.evaluate((y) => window.scrollTo(0, y), PAGE_SCROLL);
    await expect.poll(() => launcher().boundingBox(), { timeout: 10_000 }).toEqual({ x: WIDTH - 20 - 60, y: HEIGHT - 20 - 60, width: 60, height: 60 });
    expect(await pageState()).toEqual({ htmlOverflow: 'visible', bodyOverflow: 'visible', htmlStyle: HTML_STYLE, bodyStyle: BODY_STYLE, scrollY: PAGE_SCROLL });
  });

  it('opens full screen with a finger-sized close button and locks the page behind it', async () => {
    await launcher().tap();
    await panel().waitFor();
    await page.getByRole('tab', { name: 'Home' }).waitFor();
    await expect
      .poll(() => panel().evaluate((el: HTMLElement) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }), { timeout: 10_000 })
      .toEqual([0, 0, WIDTH, HEIGHT]);
    // The launcher steps aside; the header's close button is the way out, at least 44×44 and on screen.
    await expect.poll(() => launcher().isVisible()).toBe(false);
    const close = (await page.getByRole('button', { name: 'Close chat' }).boundingBox())!;
    expect(close.width).toBeGreaterThanOrEqual(44);
    expect(close.height).toBeGreaterThanOrEqual(44);
    expect(close.x + close.width).toBeLessThanOrEqual(WIDTH);
    expect(close.y).toBeGreaterThanOrEqual(0);

    const locked = await pageState();
    expect(locked).toMatchObject({ htmlOverflow: 'hidden', bodyOverflow: 'hidden', scrollY: PAGE_SCROLL });
    expect(await tryToScroll()).toBe(PAGE_SCROLL);
    // The home's search box is a text field too (the composer, drawn with the Chat tab, is next).
    expect(await textFieldSizes()).toEqual([['Search topics', 16]]);
  });

  it('uses 16 px text fields in the composer, bot forms and the "Other" answer', async () => {
    await page.getByRole('tab', { name: /Chat/ }).tap();
    await composer().waitFor();
    const sessionId = (await page.evaluate(() => sessionStorage.getItem('global-chat-session-id')))!;
    expect(sessionId).toBeTruthy();
    seedBotMessage(db, sessionId, {
      content: 'Tell us about your order',
      messageType: 'form',
      metadata: {
        title: 'Order details',
        formFields: [
          { id: 'name', label: 'Your name', type: 'text', required: true },
          { id: 'notes', label: 'Notes', type: 'textarea' },
          { id: 'model', label: 'Model', type: 'select', options: ['Classic', 'Travel'] },
        ],
      },
    });
    seedBotMessage(db, sessionId, { content: 'Which kettle do you have?', messageType: 'menu', metadata: { options: [{ id: 'classic', text: 'Classic kettle' }, { id: 'q_other', text: 'Other' }] } });
    await page.reload();
    await launcher().tap();
    await page.getByRole('tab', { name: /Chat/ }).tap();
    await page.getByRole('form', { name: 'Order details' }).waitFor();
    await page.getByRole('group', { name: 'Choose an option' }).getByRole('button', { name: 'Other' }).tap();
    await page.getByLabel('Your answer').waitFor();
    const sizes = await textFieldSizes();
    expect(sizes.length).toBeGreaterThanOrEqual(5);
    for (const [name, size] of sizes) expect(size, name).toBeGreaterThanOrEqual(16);
    expect(await pageState()).toMatchObject({ htmlOverflow: 'hidden', bodyOverflow: 'hidden' });
  });

  it('keeps the composer inside the visual viewport when it shrinks (on-screen keyboard) or zooms', async () => {
    await composer().tap();
    expectInside(await boxInVisualViewport('.cw-composer'));
    // A shorter screen, as when the keyboard takes the bottom of it.
    await page.setViewportSize({ width: WIDTH, height: 480 });
    await expect.poll(() => page.evaluate(() => window.visualViewport!.height)).toBe(480);
    await expect.poll(() => panel().evaluate((el: HTMLElement) => el.getBoundingClientRect().height)).toBe(480);
    expectInside(await boxInVisualViewport('.cw-composer'));
    expectInside(await boxInVisualViewport('.cw-header'));

    // Pinch-zoomed: the visual viewport is smaller than the layout viewport (which stays 480 px
    // high), and the panel follows the visual one.
    const session = await context.newCDPSession(page);
    try {
      await session.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
      await expect.poll(() => page.evaluate(() => window.visualViewport!.height)).toBe(240);
      await expect.poll(() => panel().evaluate((el: HTMLElement) => el.getBoundingClientRect().height)).toBe(240);
      expectInside(await boxInVisualViewport('.cw-composer'), { sideways: false });
    } finally {
      await session.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
      await session.detach();
    }

    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await expect.poll(() => panel().evaluate((el: HTMLElement) => el.getBoundingClientRect().height)).toBe(HEIGHT);
    expectInside(await boxInVisualViewport('.cw-composer'));
  });

  it('closes from the header and gives the page its scroll and styles back', async () => {
    await page.getByRole('button', { name: 'Close chat' }).tap();
    await panel().waitFor({ state: 'detached' });
    await expect.poll(() => launcher().isVisible()).toBe(true);
    expect(await pageState()).toEqual({ htmlOverflow: 'visible', bodyOverflow: 'visible', htmlStyle: HTML_STYLE, bodyStyle: BODY_STYLE, scrollY: PAGE_SCROLL });
    const box = (await launcher().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
    // The page scrolls again.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(PAGE_SCROLL);
  });

  it('uses a 16 px limit contact form', async () => {
    setMonthlyUsage(db, owner.userId, 100);
    // A new tab: a new session, which the limit then makes read-only.
    page = await context.newPage();
    await page.goto(`${host.url}/shop.html`);
    await page.evaluate((y) => window.scrollTo(0, y), PAGE_SCROLL);
    await launcher().tap();
    await page.getByRole('tab', { name: /Chat/ }).tap();
    await composer().fill('Do you ship to Belgium?');
    await composer().press('Enter');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.waitFor();
    for (const label of ['Name', 'Email', 'Message']) await form.getByLabel(label).waitFor();
    const sizes = await textFieldSizes();
    expect(sizes.map(([name]) => name)).toEqual(expect.arrayContaining(['Name', 'Email', 'Message']));
    for (const [name, size] of sizes) expect(size, name).toBeGreaterThanOrEqual(16);
    expect(await pageState()).toMatchObject({ htmlOverflow: 'hidden', bodyOverflow: 'hidden', scrollY: PAGE_SCROLL });
    setMonthlyUsage(db, owner.userId, 0);
  });

  it('sizes the panel and locks the page under a strict style-src, with no violation', async () => {
    page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${host.url}/strict.html`);
    await page.evaluate((y) => window.scrollTo(0, y), PAGE_SCROLL);
    await launcher().tap();
    await page.getByRole('tab', { name: 'Home' }).waitFor();
    const sizing = () => panel().evaluate((el: HTMLElement) => [getComputedStyle(el).getPropertyValue('--cw-vv-height'), el.getBoundingClientRect().height]);
    await expect.poll(sizing, { timeout: 10_000 }).toEqual([`${HEIGHT}px`, HEIGHT]);
    expect(await pageState()).toEqual({ htmlOverflow: 'hidden', bodyOverflow: 'hidden', htmlStyle: 'overflow: hidden !important;', bodyStyle: 'overflow: hidden !important;', scrollY: PAGE_SCROLL });
    await page.setViewportSize({ width: WIDTH, height: 500 });
    await expect.poll(sizing).toEqual(['500px', 500]);
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await page.getByRole('button', { name: 'Close chat' }).tap();
    await panel().waitFor({ state: 'detached' });
    expect(await pageState()).toEqual({ htmlOverflow: 'visible', bodyOverflow: 'visible', htmlStyle: null, bodyStyle: null, scrollY: PAGE_SCROLL });
    expect(violations).toEqual([]);
  });

  it('embedded (the iframe page on a phone) locks nothing', async () => {
    const framePage = await context.newPage();
    await framePage.goto(`${server.url}/widget/${owner.userId}/${owner.guid}`);
    await framePage.getByRole('dialog').waitFor();
    await framePage.getByRole('tab', { name: 'Home' }).waitFor();
    expect(await framePage.evaluate(() => [document.documentElement.style.overflow, document.body.style.overflow])).toEqual(['', '']);
    expect(await framePage.evaluate(() => [getComputedStyle(document.documentElement).overflowY, getComputedStyle(document.body).overflowY])).not.toContain('hidden');
    await framePage.close();
  });
});
