import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { boxOf, createTrainedBot, startHostSite, type HostSite, type Owner } from './widgetHost';

/**
 * The launcher-first loader in Chromium, on a customer site of its own origin: the queue stub
 * of an `async` snippet keeps early calls, every command and event of `window.ChatWidget` and of
 * the `<chat-widget>` element, a page with a strict Content-Security-Policy, and how the files
 * are cached and compressed.
 */

/** The queue stub of docs/widget.md, verbatim. */
const STUB = `window.ChatWidget=window.ChatWidget||(function(q){var s={q:q};'init open close toggle sendMessage reset update destroy identify on off'.split(' ').forEach(function(m){s[m]=function(){q.push([m,arguments])}});return s})([]);`;

let server: RunningServer;
let owner: Owner;
let host: HostSite;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  owner = await createTrainedBot(server.url, [{ title: 'Kettles', textContent: 'Acme kettles boil a litre of water in ninety seconds.' }]);
  const api = JSON.stringify(server.url);
  const guid = JSON.stringify(owner.guid);
  host = await startHostSite({
    // Early calls on the stub, made before the async loader has even been requested.
    '/early': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script>${STUB}
window.events = [];
['ready', 'open', 'close', 'message', 'error'].forEach(function (e) {
  ChatWidget.on(e, function (d) { events.push(e + (d && d.sender ? ':' + d.sender : '')); });
});
ChatWidget.init({ apiUrl: ${api}, chatbotId: ${guid} });
ChatWidget.sendMessage('How fast do kettles boil?');
</script>
<script async src="${server.url}/embed.js"></script></head><body><main><h1>Shop</h1></main></body></html>`,
    '/commands': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main><h1>Shop</h1></main>
<script src="${server.url}/embed.js" data-chatbot-id=${guid}></script>
<script>window.events = []; ['ready', 'open', 'close', 'message', 'error'].forEach(function (e) {
  document.addEventListener('widget-' + e, function (ev) { events.push('dom:' + e + (ev.detail && ev.detail.sender ? ':' + ev.detail.sender : '')); });
});</script></body></html>`,
    '/unknown-bot': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<script src="${server.url}/embed.js"></script>
<script>window.errors = []; ChatWidget.on('error', function (e) { errors.push(e.message); }); ChatWidget.init({ chatbotId: 'no-such-bot' }); ChatWidget.open();</script></body></html>`,
    // A strict site: scripts only from itself and Parley, styles only from itself, no inline anything.
    '/strict': {
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict shop</title><link rel="stylesheet" href="/site.css"></head>
<body><main><h1>Strict shop</h1></main><script async src="${server.url}/embed.js" data-chatbot-id=${guid} data-position="bottom-left"></script></body></html>`,
      headers: { 'Content-Security-Policy': `default-src 'self'; script-src 'self' ${server.url}; style-src 'self'; connect-src ${server.url}; img-src 'self' ${server.url} data:` },
    },
    '/site.css': { body: 'body { font-family: serif; }', type: 'text/css' },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await owner?.api.dispose();
  await server?.stop();
});

const inShadow = (page: Page) => page.locator('chat-widget');
const events = (page: Page) => page.evaluate(() => (window as unknown as { events: string[] }).events);

describe('the async snippet', () => {
  it('keeps init, handlers and a message sent before the loader arrived, in one <chat-widget>', async () => {
    const page = await browser.newPage();
    await page.goto(`${host.url}/early`);
    const widget = inShadow(page);
    await widget.locator('.cw-msg.is-bot').filter({ hasText: 'ninety seconds' }).waitFor();
    await expect(widget.locator('.cw-msg.is-user').last().textContent()).resolves.toContain('How fast do kettles boil?');
    expect(await page.locator('chat-widget').count()).toBe(1);
    expect(await page.locator('[data-chat-widget]').count()).toBe(0);
    await expect.poll(() => events(page)).toEqual(expect.arrayContaining(['ready', 'open', 'message:user', 'message:bot']));
    const order = await events(page);
    expect(order.indexOf('ready')).toBeLessThan(order.indexOf('open'));
    expect(order.indexOf('message:user')).toBeLessThan(order.indexOf('message:bot'));
    await page.close();
  });
});

describe('commands and events', () => {
  it('open, close, toggle, sendMessage, reset, update, on/off and destroy on window.ChatWidget, events on the element', async () => {
    const page = await browser.newPage();
    await page.goto(`${host.url}/commands`);
    const widget = inShadow(page);
    const panel = widget.locator('.cw-panel');
    await widget.locator('.cw-launcher').waitFor();

    await page.evaluate(() => window.ChatWidget.open());
    await panel.waitFor();
    await page.evaluate(() => window.ChatWidget.close());
    await panel.waitFor({ state: 'detached' });
    await page.evaluate(() => window.ChatWidget.toggle());
    await panel.waitFor();
    await page.evaluate(() => window.ChatWidget.toggle());
    await panel.waitFor({ state: 'detached' });

    await page.evaluate(() => window.ChatWidget.sendMessage('How fast do kettles boil?'));
    await widget.locator('.cw-msg.is-bot').filter({ hasText: 'ninety seconds' }).waitFor();
    const before = await page.evaluate(() => sessionStorage.getItem('global-chat-session-id'));
    await page.evaluate(() => window.ChatWidget.reset());
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('global-chat-session-id'))).not.toBe(before);
    await widget.locator('[role="tab"][aria-selected="true"]').filter({ hasText: 'Home' }).waitFor();
    expect(await widget.locator('.cw-msg.is-user').count()).toBe(0);

    // on/off: a handler hears opens until it is removed.
    const heard = await page.evaluate(async () => {
      const seen: string[] = [];
      const handler = () => seen.push('open');
      window.ChatWidget.close();
      await new Promise((r) => setTimeout(r, 500));
      window.ChatWidget.on('open', handler);
      window.ChatWidget.open();
      window.ChatWidget.off('open', handler);
      window.ChatWidget.close();
      await new Promise((r) => setTimeout(r, 500));
      window.ChatWidget.open();
      return seen;
    });
    expect(heard).toEqual(['open']);

    // update: options change in place.
    await page.evaluate(() => window.ChatWidget.update({ position: 'bottom-left', primaryColor: '#7c3aed' }));
    await expect.poll(() => widget.locator('.cw-root').first().getAttribute('class')).toContain('is-left');
    expect(await widget.locator('.cw-launcher').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(124, 58, 237)');

    // The same commands as the element's own methods, and the DOM events.
    await page.evaluate(() => document.querySelector('chat-widget')!.close());
    await panel.waitFor({ state: 'detached' });
    await page.evaluate(() => document.querySelector('chat-widget')!.open());
    await panel.waitFor();
    expect(await events(page)).toEqual(
      expect.arrayContaining(['dom:ready', 'dom:open', 'dom:close', 'dom:message:user', 'dom:message:bot']),
    );

    await page.evaluate(() => window.ChatWidget.destroy());
    expect(await page.locator('chat-widget').count()).toBe(0);
    await page.close();
  });

  it('reports a failure as an error event, and the page goes on', async () => {
    const page = await browser.newPage();
    await page.goto(`${host.url}/unknown-bot`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { errors: string[] }).errors.length)).toBeGreaterThan(0);
    expect((await page.evaluate(() => (window as unknown as { errors: string[] }).errors))[0]).toMatch(/^404: /);
    await page.close();
  });
});

describe('verified identity', () => {
  /** A page of the site whose server signed `userId` with `secret`, as docs/widget.md shows. */
  async function identifiedPage(userId: string, secret: string) {
    const userHash = createHmac('sha256', secret).update(userId).digest('hex');
    const path = `/identify-${userId}`;
    host.pages.set(
      path,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<script src="${server.url}/embed.js" data-chatbot-id="${owner.guid}"></script>
<script>window.errors = []; ChatWidget.on('error', function (e) { errors.push(e.message); });
ChatWidget.identify(${JSON.stringify({ userId, name: 'Ada Lovelace', email: 'ada@example.com', userHash })});</script></body></html>`,
    );
    const page = await browser.newPage();
    await page.goto(`${host.url}${path}`);
    await page.evaluate(() => window.ChatWidget.sendMessage('How fast do kettles boil?'));
    await inShadow(page).locator('.cw-msg.is-bot').filter({ hasText: 'ninety seconds' }).waitFor();
    return page;
  }

  const sessions = async () => {
    const res = await owner.api.get(`/api/chatbots/${owner.guid}/sessions`);
    const body = (await res.json()) as { sessions: { sessionId: string; identity: { userId: string; name: string | null; email: string | null } | null }[] };
    return body.sessions;
  };

  it('tags the conversation with the signed-in user when the hash is right, and refuses a wrong one without breaking the chat', async () => {
    const secret = ((await (await owner.api.get(`/api/chatbots/${owner.guid}/identity-secret`)).json()) as { secret: string }).secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    const good = await identifiedPage('user-42', secret);
    const goodSession = await good.evaluate(() => sessionStorage.getItem('global-chat-session-id'));
    await expect.poll(async () => (await sessions()).find((s) => s.sessionId === goodSession)?.identity).toMatchObject({
      userId: 'user-42',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(await good.evaluate(() => (window as unknown as { errors: string[] }).errors)).toEqual([]);
    await good.close();

    // Signed with another secret: refused, reported, and the visitor still got an answer above.
    const bad = await identifiedPage('user-43', 'f'.repeat(64));
    const badSession = await bad.evaluate(() => sessionStorage.getItem('global-chat-session-id'));
    await expect.poll(() => bad.evaluate(() => (window as unknown as { errors: string[] }).errors)).toEqual([
      expect.stringMatching(/^401: .*Identity verification failed/),
    ]);
    const stored = (await sessions()).find((s) => s.sessionId === badSession);
    expect(stored).toBeTruthy();
    expect(stored!.identity).toBeNull();
    await bad.close();
  });
});

describe('a site with a strict Content-Security-Policy', () => {
  it('shows, styles and runs the widget with no violation', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${host.url}/strict`);
    const widget = inShadow(page);
    const launcher = widget.locator('.cw-launcher');
    await launcher.waitFor();
    // Styled: a 60 px round button in the left corner, not an unstyled inline button.
    const box = await boxOf(launcher);
    expect(box.width).toBe(60);
    expect(box.x).toBeLessThan(40);
    await launcher.click();
    await widget.locator('[role="tab"]').filter({ hasText: 'Chat' }).click();
    await widget.locator('.cw-composer textarea').fill('How fast do kettles boil?');
    await page.keyboard.press('Enter');
    await widget.locator('.cw-msg.is-bot').filter({ hasText: 'ninety seconds' }).waitFor();
    // The panel is laid out by the widget's stylesheet (fixed, 550 px wide on desktop).
    expect(await widget.locator('.cw-panel').evaluate((p) => [getComputedStyle(p).position, getComputedStyle(p).width])).toEqual(['fixed', '550px']);
    expect(violations).toEqual([]);
    await page.close();
  });
});

describe('how the widget files are served', () => {
  it('compressed, the loader revalidated, the hashed widget cached for a year', async () => {
    const loader = await fetch(`${server.url}/embed.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(loader.headers.get('content-encoding')).toBe('br');
    expect(loader.headers.get('cache-control')).toBe('public, max-age=300');
    const tag = loader.headers.get('etag');
    expect(tag).toBeTruthy();
    const code = await loader.text();
    const chunk = /widget-assets\/(chunks\/widget-[\w-]+\.js)/.exec(code)?.[1];
    expect(chunk).toBeTruthy();
    const again = await fetch(`${server.url}/embed.js`, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': tag! } });
    expect(again.status).toBe(304);

    const full = await fetch(`${server.url}/widget-assets/${chunk}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-encoding')).toBe('gzip');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(full.headers.get('access-control-allow-origin')).toBe('*');
    expect(await full.text()).toContain('mountWidget');
  });
});

declare global {
  interface Window {
    ChatWidget: import('../sdk/src/embed').ChatWidgetGlobal;
  }
}
