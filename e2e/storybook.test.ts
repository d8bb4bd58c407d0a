import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, ROOT } from './harness';

/** Stories the widget's documentation promises (README, Storybook): every message type, home component and widget state. */
const EXPECTED_STORIES = [
  // message types and their variants
  'messages-text--plain',
  'messages-text--markdown',
  'messages-text--links-and-sources',
  'messages-text--unsafe-content-escaped',
  'messages-text--system-message-hidden',
  'messages-card--with-image-and-buttons',
  'messages-card--button-chosen',
  'messages-menu--options',
  'messages-menu--with-other-option',
  'messages-menu--answered',
  'messages-multiselect-menu--min-and-max',
  'messages-multiselect-menu--submitted',
  'messages-rating--stars',
  'messages-rating--numeric',
  'messages-rating--rated',
  'messages-image--with-title',
  'messages-quick-replies--strings',
  'messages-quick-replies--with-actions',
  'messages-form--required-fields',
  'messages-form--submitted',
  'messages-table--from-metadata',
  'messages-table--markdown-table',
  'messages-streaming--delta',
  'messages-streaming--live-delta',
  'messages-chunked-bubbles--revealed-in-sequence',
  'messages-chunked-bubbles--streaming-complete',
  'messages-typing-indicator--typing',
  'messages-feedback--unrated',
  'messages-feedback--voted',
  'messages-feedback--not-saved',
  'messages-feedback--recorded-in-transcript',
  // home screen
  'home-components--header',
  'home-components--category-tabs',
  'home-components--topic-grid-filled',
  'home-components--quick-actions',
  'home-components--footer-pinned',
  'home-components--footer-pinned-long-home',
  'home-components--hidden-and-unknown-skipped',
  'home-components--background-image',
  'home-components--background-image-transparency-75',
  'home-components--no-configuration-notice',
  'home-default-home--default-home',
  'home-designer-preview--default',
  'home-designer-preview--starter',
  'home-designer-preview--support-center',
  'home-designer-preview--outlined-large-fonts',
  'home-designer-preview--background-image-transparent-header',
  'home-designer-preview--search-and-derived-categories',
  'home-designer-preview--hidden-and-unknown-skipped',
  // whole widget
  'widget-states--closed-with-popup-bubbles',
  'widget-states--open',
  'widget-states--conversation',
  'widget-states--typing',
  'widget-states--streaming-answer',
  'widget-states--read-only-with-contact-form',
  'widget-states--limit-reached-while-chatting',
  'widget-states--mobile',
  'widget-states--embedded',
];

const BUILD_TIMEOUT_MS = 300_000;
// Stories render in a cold browser on a busy CI machine: a second is not always enough.
const POLL = { timeout: 10_000 };

/**
 * Builds the static Storybook exactly as `npm run build-storybook` does, checks its story index,
 * then serves it from a tiny local server and opens stories in Chromium: the widget parts must
 * render inside their shadow root, styled, interactive, and without a request leaving 127.0.0.1.
 */
describe('Storybook', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'parley-storybook-'));
  let build: { code: number | null; output: string };
  let server: Server;
  let baseUrl = '';
  let browser: Browser;
  const pages: Page[] = [];
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    build = await run('npx', ['storybook', 'build', '-c', 'stories/.storybook', '-o', outDir, '--quiet'], BUILD_TIMEOUT_MS);
    server = await serveStatic(outDir);
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, BUILD_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    rmSync(outDir, { recursive: true, force: true });
  });

  async function openStory(id: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    pages.push(page);
    page.on('request', (request) => {
      if (!request.url().startsWith(baseUrl) && !request.url().startsWith('data:')) foreignRequests.push(request.url());
    });
    page.on('pageerror', (error) => pageErrors.push(`${id}: ${error.message}`));
    await page.goto(`${baseUrl}/iframe.html?id=${id}&viewMode=story`);
    return page;
  }

  it('builds the static Storybook and lists a story for every message type, home component and widget state', () => {
    expect(build.code, build.output).toBe(0);
    const index = JSON.parse(readFileSync(path.join(outDir, 'index.json'), 'utf8')) as { entries: Record<string, { type: string; title: string }> };
    const stories = Object.entries(index.entries)
      .filter(([, entry]) => entry.type === 'story')
      .map(([id]) => id);
    expect(stories).toEqual(expect.arrayContaining(EXPECTED_STORIES));
    // The pictures the stories show are served by Storybook itself, not fetched from the internet.
    expect(statSync(path.join(outDir, 'story-assets', 'sneaker.svg')).isFile()).toBe(true);
  });

  it('renders a menu inside a shadow root with the widget stylesheet, and its Other option needs text', async () => {
    const page = await openStory('messages-menu--with-other-option');
    for (const text of ['Search engine', 'A friend', 'Other']) await expect.poll(() => page.getByRole('button', { name: text }).isVisible(), POLL).toBe(true);
    await expect.poll(() => page.getByText('How did you hear about us?').isVisible(), { timeout: 10_000 }).toBe(true);

    // The widget CSS lives in the story's shadow root, not in the page.
    const css = await page.evaluate(() => {
      const root = document.querySelector('[data-story-shadow]')?.shadowRoot;
      const inside = [...(root?.querySelectorAll('style') ?? [])].map((s) => s.textContent ?? '').join('');
      const outside = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('');
      const option = root?.querySelector('.cw-option');
      return { inside: inside.includes('.cw-launcher'), outside: outside.includes('.cw-launcher'), optionRadius: option ? getComputedStyle(option).borderRadius : '' };
    });
    expect(css).toMatchObject({ inside: true, outside: false });
    expect(css.optionRadius).not.toBe('0px');

    await page.getByRole('button', { name: 'Other' }).click();
    const answer = page.getByRole('textbox', { name: 'Your answer' });
    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await answer.fill('A podcast');
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    // The story's chat actions record the choice as the real chat does: the menu locks.
    await expect.poll(() => page.getByRole('button', { name: 'Search engine' }).isDisabled(), POLL).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Other' }).getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
  });

  it('renders star and numeric ratings; a click submits once', async () => {
    const stars = await openStory('messages-rating--stars');
    await expect.poll(() => stars.getByRole('button', { name: /^Rate \d out of 5$/ }).count(), POLL).toBe(5);
    await stars.getByRole('button', { name: 'Rate 4 out of 5' }).click();
    await expect.poll(() => stars.getByRole('button', { name: 'Rate 4 out of 5' }).getAttribute('aria-pressed'), POLL).toBe('true');
    await expect.poll(() => stars.getByRole('button', { name: 'Rate 1 out of 5' }).isDisabled(), { timeout: 10_000 }).toBe(true);

    const numeric = await openStory('messages-rating--numeric');
    await expect.poll(() => numeric.getByRole('button', { name: /^Rate \d+ out of 10$/ }).count(), POLL).toBe(11);
    await expect.poll(() => numeric.getByRole('button', { name: 'Rate 0 out of 10' }).textContent(), { timeout: 10_000 }).toBe('0');
  });

  it('shows the default home with its actions, topics and categories', async () => {
    const page = await openStory('home-default-home--default-home');
    for (const text of ['Start Free Chat', 'Request Live Agent', 'Popular Topics', 'Browse by Category']) {
      await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), POLL).toBe(true);
    }
    for (const category of ['All', 'Support', 'Sales', 'Billing']) await expect.poll(() => page.getByRole('button', { name: category, exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Billing', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Promotions' }).count(), POLL).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: /Billing Help/ }).count(), { timeout: 10_000 }).toBe(2);
  });

  it('shows the read-only widget with the limit contact form, which sends through the fake API', async () => {
    const page = await openStory('widget-states--read-only-with-contact-form');
    const input = page.locator('form.cw-composer').getByRole('textbox');
    await expect.poll(() => input.getAttribute('placeholder'), { timeout: 15_000 }).toBe('Chat temporarily unavailable');
    expect(await input.isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('This chatbot has reached its message limit for this month.', { exact: false }).isVisible(), { timeout: 10_000 }).toBe(true);
    // history of the resumed session
    await expect.poll(() => page.getByText('Where is my order #1042?').isVisible(), { timeout: 10_000 }).toBe(true);

    const form = page.getByRole('form', { name: 'Contact us' });
    const submit = form.getByRole('button', { name: 'Send Message' });
    await expect.poll(() => submit.isDisabled(), { timeout: 10_000 }).toBe(true);
    await form.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await form.getByRole('textbox', { name: 'Message' }).fill('Please call me back about my order.');
    await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
    await submit.click();
    await expect.poll(() => page.getByText("Thank you! Your message has been sent successfully. We'll get back to you soon.").isVisible(), POLL).toBe(true);
  });

  it('shows the open widget full-screen on a phone and the pop-up bubbles while closed', async () => {
    const mobile = await openStory('widget-states--mobile', { width: 375, height: 667 });
    const dialog = mobile.getByRole('dialog', { name: 'Acme Support' });
    // polled: the opening animation scales the panel for a moment
    await expect.poll(() => dialog.boundingBox(), { timeout: 15_000 }).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    await expect.poll(() => mobile.getByText('Start Free Chat').isVisible(), { timeout: 10_000 }).toBe(true);

    const closed = await openStory('widget-states--closed-with-popup-bubbles');
    // Bubbles come one every 2 s; wait for all three rather than timing them.
    await expect.poll(() => closed.locator('.cw-popup').allTextContents(), { timeout: 20_000 }).toEqual([
      'Hi there 👋',
      'Questions about your order? Ask me!',
      'Free returns within 30 days.',
    ]);
    await expect.poll(() => closed.getByRole('button', { name: 'Open chat' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await closed.getByRole('button', { name: 'Hide messages' }).click();
    await expect.poll(() => closed.locator('.cw-popup').count(), POLL).toBe(0);
  });

  it('drives the widget through its play functions: typing, a streamed answer, and the embedded frame', async () => {
    const typing = await openStory('widget-states--typing');
    await expect.poll(() => typing.getByRole('status', { name: 'Assistant is typing' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => typing.locator('.cw-msg.is-user').allTextContents(), { timeout: 10_000 }).toEqual(['You said:Do you ship to Canada?']);

    const streamed = await openStory('widget-states--streaming-answer');
    // The fake API streams `delta` tokens, then the bubble with its sources and quick replies.
    await expect.poll(() => streamed.getByRole('link', { name: 'Shipping & delivery' }).count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => streamed.locator('.cw-msg.is-bot .cw-bubble').last().textContent(), { timeout: 10_000 }).toContain('Yes, we ship to Canada, the US and most of Europe.');
    await expect.poll(() => streamed.getByRole('button', { name: 'Track my order' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => streamed.getByRole('tab', { name: /Chat/ }).textContent(), { timeout: 15_000 }).toContain('2');

    const embedded = await openStory('widget-states--embedded');
    await expect.poll(() => embedded.getByRole('button', { name: 'Minimise chat' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => embedded.getByRole('button', { name: 'Open chat' }).count(), { timeout: 10_000 }).toBe(0);
    // The badge counts the stored conversation, which loads after the panel shows.
    await expect.poll(() => embedded.getByRole('tab', { name: /Chat/ }).textContent(), { timeout: 15_000 }).toContain('4');
  });

  it('sent no request beyond the local Storybook server and threw no page errors', () => {
    expect(pages.length).toBeGreaterThan(0);
    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

/** Runs a command in the repository, collecting its output; answers its exit code. */
function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: 'true', STORYBOOK_DISABLE_TELEMETRY: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n[timed out after ${timeoutMs} ms]`;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.slice(-8000) });
    });
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** A minimal static file server for the built Storybook, on a free port of 127.0.0.1. */
function serveStatic(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(dir + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
