import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_KNOWLEDGE } from '../api/test/fixtures/acmeKnowledge';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { createTrainedBot, startHostSite, type HostSite, type Owner } from './widgetHost';

/**
 * Security checks in a real browser (see docs/security.md). Session fixation: an attacker opens a session, then sends a visitor
 * a link (or builds a page) that hands the widget that session id. Whatever the entry point
 * (the iframe page's URL, the script tag's init options, the element's attribute), the visitor
 * must get a fresh session of their own, and the attacker's id must read nothing of theirs.
 * Also: the dashboard runs under its Content-Security-Policy without violations.
 */

const KNOWLEDGE = ACME_KNOWLEDGE.filter((k) => k.title === 'Refund policy');
const SECRET = 'My email is vera.visitor@example.com, how many days do I have for a refund?';

describe('security in the browser', () => {
  let server: RunningServer;
  let host: HostSite;
  let owner: Owner;
  let browser: Browser;
  let attackerId: string;

  beforeAll(async () => {
    server = await startServer();
    owner = await createTrainedBot(server.url, KNOWLEDGE);
    // The attacker's own, valid session with the bot: the id they will try to plant.
    attackerId = `session_${Date.now()}_${'0123456789abcdef'.split('').reverse().join('')}fedcba9876543210`;
    const opened = await fetch(`${server.url}/api/chat/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: attackerId, chatbotConfigId: owner.guid }),
    });
    expect(opened.status).toBe(201);
    host = await startHostSite({
      '/script.html': `<!doctype html><html><body><h1>Shop</h1><script src="${server.url}/embed.js"></script>
        <script>ChatWidget.init({ apiUrl: ${JSON.stringify(server.url)}, chatbotId: ${JSON.stringify(owner.guid)}, defaultOpen: true, sessionId: new URLSearchParams(location.search).get('sid') });</script></body></html>`,
      '/element.html': `<!doctype html><html><body><h1>Shop</h1>
        <chat-widget api-url="${server.url}" chatbot-id="${owner.guid}" default-open="true" session-id="${attackerId}"></chat-widget>
        <script type="module" src="${server.url}/widget-assets/element.js"></script></body></html>`,
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await server?.stop();
  });

  /** What the attacker can read with their planted id. */
  const attackerReads = async () => (await (await fetch(`${server.url}/api/chat/${attackerId}/messages`)).json()) as { content: string }[];

  /** The visitor asks their question in the widget shown in `target` and waits for the answer. */
  async function chat(target: Page | Frame) {
    await target.getByRole('button', { name: /Start Free Chat/ }).click();
    const input = target.locator('.cw-composer textarea');
    await input.fill(SECRET);
    await input.press('Enter');
    await target.locator('.cw-msg.is-user').filter({ hasText: 'vera.visitor@example.com' }).waitFor({ timeout: 30_000 });
    await target.locator('.cw-typing').waitFor({ state: 'detached', timeout: 30_000 });
  }

  async function visitorSessionOf(target: Page | Frame, key: string) {
    const id = await target.evaluate((k) => sessionStorage.getItem(k), key);
    expect(id).toMatch(/^session_\d+_[0-9a-f]{32}$/);
    expect(id).not.toBe(attackerId);
    const theirs = (await (await fetch(`${server.url}/api/chat/${id}/messages`)).json()) as { content: string; sender: string }[];
    expect(theirs.map((m) => m.content)).toContain(SECRET);
    expect(theirs.some((m) => m.sender === 'bot')).toBe(true);
    return id;
  }

  it('gives a visitor following a link with a foreign session id a fresh session (iframe page)', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/widget/${owner.userId}/${owner.guid}?sessionId=${attackerId}`);
    await chat(page);
    await visitorSessionOf(page, `embed-chat-session-id:${owner.guid}`);
    expect(await attackerReads()).toEqual([]);
    await page.close();
  });

  it('ignores a session id handed to the script tag or the custom element', async () => {
    const script = await browser.newPage();
    await script.goto(`${host.url}/script.html?sid=${attackerId}`);
    await chat(script);
    await visitorSessionOf(script, 'global-chat-session-id');
    await script.close();

    const element = await browser.newPage();
    await element.goto(`${host.url}/element.html`);
    await chat(element);
    await visitorSessionOf(element, 'global-chat-session-id');
    await element.close();
    expect(await attackerReads()).toEqual([]);
  });

  it('serves the dashboard under a CSP it does not violate, and refuses to be framed', async () => {
    const res = await fetch(`${server.url}/login`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: /sign in|log in/i }).first().waitFor();
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: /Get Started Free/i }).first().waitFor();
    // The theme script (inline, allowed by its hash) ran before React.
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toMatch(/^(light|dark)$/);
    expect(violations).toEqual([]);

    const framer = await startHostSite({ '/frame.html': `<!doctype html><iframe src="${server.url}/login"></iframe>` });
    await page.goto(`${framer.url}/frame.html`);
    const frame = page.frames().find((f) => f.url().includes('/login'));
    // Chromium blocks the frame: it never gets the dashboard's document.
    await expect.poll(async () => (frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '')).not.toMatch(/sign in|log in/i);
    await framer.close();
    await page.close();
  });
});
