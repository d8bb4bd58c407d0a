import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@parley/contracts';
import { ACME_KNOWLEDGE } from '../api/test/fixtures/acmeKnowledge';
import { expectNoAxeViolations, launchBrowser, startServer, type RunningServer } from './harness';
import { createTrainedBot, HOSTILE_CSS, hostBody, startHostSite, type HostSite, type Owner } from './widgetHost';

/**
 * A visitor on a customer site rates the offline bot's answer with the keyboard: the vote is
 * pressed at once, announced, stored on the server's message, still pressed after a reload, and
 * a change of mind replaces it on the server.
 */

const KNOWLEDGE = ACME_KNOWLEDGE.filter((k) => k.title === 'Refund policy');
const QUESTION = 'How many days do I have to ask for a refund?';

describe('answer feedback in the visitor widget', () => {
  let server: RunningServer;
  let host: HostSite;
  let owner: Owner;
  let browser: Browser;
  let page: Page;
  let sessionId = '';

  beforeAll(async () => {
    server = await startServer();
    owner = await createTrainedBot(server.url, KNOWLEDGE);
    host = await startHostSite({
      '/shop.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><style>${HOSTILE_CSS}</style></head>
        <body>${hostBody('Shop')}<script src="${server.url}/embed.js"></script>
        <script>ChatWidget.init({ apiUrl: ${JSON.stringify(server.url)}, chatbotId: ${JSON.stringify(owner.guid)} });</script></body></html>`,
    });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await owner?.api.dispose();
    await host?.close();
    await server?.stop();
  });

  const answer = () => page.locator('.cw-msg.is-bot').filter({ hasText: '30 days' });
  const thumbs = () => answer().getByRole('group', { name: 'Was this answer helpful?' });
  const thumb = (name: 'Helpful' | 'Not helpful') => thumbs().getByRole('button', { name, exact: true });

  async function openChat() {
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.getByRole('tab', { name: /Chat/ }).click();
  }

  /** The bot answer as the server keeps it (the public messages call the widget reads too). */
  async function storedAnswer(): Promise<ChatMessage | undefined> {
    const res = await fetch(`${server.url}/api/chat/${encodeURIComponent(sessionId)}/messages`);
    expect(res.status).toBe(200);
    const messages = (await res.json()) as ChatMessage[];
    return messages.find((m) => m.sender === 'bot' && m.content.includes('30 days'));
  }

  /** The element focused inside the widget's shadow root, described for assertions. */
  function focused() {
    return page.evaluate(() => {
      const el = document.querySelector('chat-widget')!.shadowRoot!.activeElement as HTMLElement | null;
      if (!el) return null;
      const box = el.getBoundingClientRect();
      return { name: el.getAttribute('aria-label'), outline: getComputedStyle(el).outlineStyle, width: box.width, height: box.height };
    });
  }

  it('offers the thumbs under the grounded answer, not under the visitor question', async () => {
    await page.goto(`${host.url}/shop.html`);
    await openChat();
    await page.locator('.cw-composer textarea').fill(QUESTION);
    await page.locator('.cw-composer textarea').press('Enter');
    await answer().waitFor();
    await page.locator('.cw-typing').waitFor({ state: 'detached' });
    await expect.poll(() => thumbs().count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('group', { name: 'Was this answer helpful?' }).count()).toBe(1);
    for (const name of ['Helpful', 'Not helpful'] as const) expect(await thumb(name).getAttribute('aria-pressed')).toBe('false');
    sessionId = (await page.evaluate(() => sessionStorage.getItem('global-chat-session-id')))!;
    expect((await storedAnswer())?.feedback ?? null).toBeNull();
  });

  it('votes "Not helpful" with the keyboard: pressed, announced, stored on the server', async () => {
    await thumb('Helpful').focus();
    await page.keyboard.press('Tab');
    // A visible focus ring on a target of at least 24 × 24 px.
    const target = await focused();
    expect(target).toMatchObject({ name: 'Not helpful', outline: 'solid' });
    expect(target!.width).toBeGreaterThanOrEqual(24);
    expect(target!.height).toBeGreaterThanOrEqual(24);
    await page.keyboard.press('Enter');
    await expect.poll(() => thumb('Not helpful').getAttribute('aria-pressed')).toBe('true');
    expect(await thumb('Helpful').getAttribute('aria-pressed')).toBe('false');
    const status = answer().getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Thanks for your feedback.');
    expect(await status.isVisible()).toBe(true);
    await expect.poll(async () => (await storedAnswer())?.feedback, { timeout: 10_000 }).toBe('down');
    await expectNoAxeViolations(page);
  });

  it('keeps the vote across a reload, and a change to "Helpful" replaces it on the server', async () => {
    await page.reload();
    await openChat();
    await answer().waitFor();
    await expect.poll(() => thumb('Not helpful').getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    // Nothing new to announce for a vote given earlier.
    expect(await answer().getByRole('status').textContent()).toBe('');

    await thumb('Helpful').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => thumb('Helpful').getAttribute('aria-pressed')).toBe('true');
    expect(await thumb('Not helpful').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await storedAnswer())?.feedback, { timeout: 10_000 }).toBe('up');
    await expect.poll(() => answer().getByRole('status').textContent(), { timeout: 10_000 }).toBe('Thanks for your feedback.');
    expect(await answer().getByRole('alert').count()).toBe(0);
  });
});
