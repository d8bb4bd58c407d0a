import type Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, startServer, type RunningServer } from './harness';
import { boxOf, createTrainedBot, HOSTILE_CSS, hostBody, openDatabase, seedBotMessage, setMonthlyUsage, startHostSite, type HostSite, type Owner } from './widgetHost';
import { ACME_KNOWLEDGE } from '../api/test/fixtures/acmeKnowledge';

/**
 * The visitor's browser journey: the script-tag widget (`/embed.js`) and the `<chat-widget>`
 * element on a customer site served from another origin with hostile global CSS. The visitor
 * opens the widget with the keyboard, chats with a bot trained through the API and sees the
 * grounded answer with its source, answers a menu, a rating and a form, then runs into the
 * monthly message limit and sends the contact form. axe-core checks every state.
 */

const KNOWLEDGE = ACME_KNOWLEDGE.filter((k) => ['Refund policy', 'Shipping', 'Warranty'].includes(k.title));

const PRIMARY = '#0f766e';
const PRIMARY_RGB = 'rgb(15, 118, 110)';

describe('visitor chat widget on a foreign site', () => {
  let server: RunningServer;
  let host: HostSite;
  let owner: Owner;
  let db: Database.Database;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every request the host page made to the Parley API, in order. */
  const apiCalls: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    owner = await createTrainedBot(server.url, KNOWLEDGE, { initialMessages: ['Hi there! Questions about your kettle?', 'We answer in seconds.'] });
    db = openDatabase(server.dataDir);
    host = await startHostSite({
      '/script.html': page_(
        'Script tag',
        `<script src="${server.url}/embed.js"></script>
         <script>window.widget = ChatWidget.init({ apiUrl: ${JSON.stringify(server.url)}, chatbotId: ${JSON.stringify(owner.guid)}, position: 'bottom-left', primaryColor: '${PRIMARY}' });</script>`,
      ),
      '/plain.html': page_('No widget', ''),
      '/element.html': page_(
        'Custom element',
        `<chat-widget api-url="${server.url}" chatbot-id="${owner.guid}" primary-color="#7c3aed"></chat-widget>
         <script type="module" src="${server.url}/widget-assets/element.js"></script>
         <script>window.events = []; for (const n of ['widget-open', 'widget-close', 'widget-message']) document.addEventListener(n, (e) => window.events.push(n));</script>`,
      ),
      '/iframe.html': page_(
        'Iframe',
        `<iframe title="Chat" src="${server.url}/widget/${owner.userId}/${owner.guid}" style="width:400px;height:600px" class="host-visible"></iframe>
         <script>window.closeRequests = []; addEventListener('message', (e) => window.closeRequests.push(e.data));</script>`,
        // The frame is its own document; the host's CSS only moves the frame around.
        '',
      ),
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await newTab();
  });

  /** A fresh tab (fresh session storage), its API requests recorded in `apiCalls`. */
  async function newTab() {
    const tab = await context.newPage();
    tab.on('request', (r) => {
      if (r.url().startsWith(`${server.url}/api/`)) apiCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    return tab;
  }

  afterAll(async () => {
    await browser?.close();
    db?.close();
    await owner?.api.dispose();
    await host?.close();
    await server?.stop();
  });

  function page_(title: string, widget: string, css = HOSTILE_CSS) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
      <style>${css}</style></head><body>${hostBody(title)}${widget}</body></html>`;
  }

  const launcher = () => page.locator('button.cw-launcher');
  const panel = () => page.getByRole('dialog');
  const input = () => page.locator('.cw-composer textarea');

  async function ask(text: string) {
    await input().fill(text);
    await input().press('Enter');
  }

  async function shadowStyle(selector: string, ...props: string[]) {
    return page.evaluate(
      ([sel, names]) => {
        const root = document.querySelector('[data-chat-widget], chat-widget')!.shadowRoot!;
        const el = root.querySelector(sel as string)!;
        const style = getComputedStyle(el);
        return Object.fromEntries((names as string[]).map((n) => [n, style.getPropertyValue(n)]));
      },
      [selector, props] as const,
    );
  }

  async function hostStyles(p: Page) {
    return p.evaluate(() =>
      ['#host-text', '#host-launcher-lookalike', '#host-bubble-lookalike', 'main', 'body'].map((sel) => {
        const s = getComputedStyle(document.querySelector(sel)!);
        return [sel, s.display, s.position, s.width, s.color, s.backgroundColor, s.fontSize, s.borderRadius, s.outlineStyle].join('|');
      }),
    );
  }

  it('shows only the launcher, bottom-left, without calling the API until a pop-up is due', async () => {
    const plain = await context.newPage();
    await plain.goto(`${host.url}/plain.html`);
    const before = await hostStyles(plain);
    await plain.close();

    await page.goto(`${host.url}/script.html`);
    await launcher().waitFor();
    const box = await boxOf(launcher());
    expect(box.width).toBe(60);
    expect(box.height).toBe(60);
    expect(box.x).toBe(20);
    expect(box.y + box.height).toBe(900 - 20);
    expect(apiCalls).toEqual([]);
    // Nothing the widget ships reaches the host page: same computed styles as without it, no
    // stylesheet added to the document.
    await expect.poll(() => hostStyles(page), { timeout: 10_000 }).toEqual(before);
    await expect.poll(() => page.evaluate(() => document.styleSheets.length), { timeout: 10_000 }).toBe(1);
  });

  it('keeps host CSS out: the launcher has its own size, shape, colour and font', async () => {
    expect(await shadowStyle('.cw-launcher', 'display', 'position', 'border-radius', 'background-color', 'color', 'outline-style', 'text-transform')).toEqual({
      display: 'flex',
      position: 'fixed',
      'border-radius': '50%',
      'background-color': PRIMARY_RGB,
      color: 'rgb(255, 255, 255)',
      'outline-style': 'none',
      'text-transform': 'none',
    });
    // The text styles are the full widget's (the loader draws only the button): wait for it.
    await page.waitForFunction(() => (document.querySelector('chat-widget') as (Element & { isReady?: boolean }) | null)?.isReady === true);
    expect(await shadowStyle('.cw-root', 'font-size', 'color', 'letter-spacing', 'line-height')).toEqual({
      'font-size': '14px',
      color: 'rgb(31, 41, 55)',
      'letter-spacing': 'normal',
      'line-height': '21px',
    });
  });

  it('shows the initial messages one at a time as pop-up bubbles, and hides them all', async () => {
    const first = page.getByRole('button', { name: 'Hi there! Questions about your kettle?' });
    await first.waitFor();
    expect(apiCalls).toEqual([`GET /api/public/chatbots/${owner.guid}`]);
    await page.getByRole('button', { name: 'We answer in seconds.' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Hide messages' }).click();
    await expect.poll(() => page.locator('.cw-popup').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.evaluate((guid) => localStorage.getItem(`chat-bubbles-dismissed:${guid}`), owner.guid), { timeout: 10_000 }).toMatch(/^2:/);
  });

  it('opens from the keyboard, moves focus into the panel and shows the default home', async () => {
    await launcher().focus();
    await page.keyboard.press('Enter');
    await panel().waitFor();
    // Focus moves in once the panel has rendered (an effect after mount), so wait for it.
    await expect.poll(() => panel().evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    await expect.poll(() => launcher().getAttribute('aria-expanded')).toBe('true');
    // Layout size (the opening animation scales the box for a moment): 550 px wide, 85vh of
    // 900 px high, inside the 700-900 px clamp.
    await expect.poll(() => panel().evaluate((el: HTMLElement) => [el.offsetWidth, el.offsetHeight]), { timeout: 10_000 }).toEqual([550, 765]);
    for (const name of [/Start Free Chat/, /Request Live Agent/]) await page.getByRole('button', { name }).waitFor();
    await page.getByRole('heading', { name: 'Popular Topics' }).waitFor();
    await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true');
    await expectNoAxeViolations(page);
  });

  it('closes with Escape and gives focus back to the launcher, then reopens', async () => {
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
    await expect.poll(() => launcher().evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    await expect.poll(() => launcher().getAttribute('aria-label')).toBe('Open chat');
    await page.keyboard.press('Enter');
    await panel().waitFor();
  });

  it('answers from the trained content with its source, streamed into the chat tab', async () => {
    await page.getByRole('button', { name: /Start Free Chat/ }).click();
    await expect.poll(() => page.getByRole('tab', { name: /Chat/ }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => input().evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    await ask('How many days do I have to ask for a refund?');
    const answer = page.locator('.cw-msg.is-bot').filter({ hasText: '30 days' });
    await answer.waitFor();
    await expect.poll(() => answer.locator('.cw-sources').innerText(), { timeout: 10_000 }).toContain('Refund policy');
    await expect.poll(() => page.locator('.cw-msg.is-user').last().innerText(), { timeout: 10_000 }).toContain('How many days do I have to ask for a refund?');
    await page.locator('.cw-typing').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.cw-badge').innerText()).toBe('2');
    expect(await shadowStyle('.cw-msg.is-user .cw-bubble', 'background-color')).toEqual({ 'background-color': PRIMARY_RGB });
    await expectNoAxeViolations(page);
  });

  it('answers a hand-off request with a form and submits it', async () => {
    await ask('I want to talk to a human please');
    const form = page.getByRole('form', { name: 'Contact our team' });
    await form.waitFor();
    const submit = form.getByRole('button', { name: /Send/ });
    await expect.poll(() => submit.isDisabled(), { timeout: 10_000 }).toBe(true);
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Email').fill('vera@example.com');
    await expect.poll(() => submit.isDisabled(), { timeout: 10_000 }).toBe(true);
    await form.getByLabel('Message').fill('Please call me about my broken kettle.');
    await expectNoAxeViolations(page);
    await submit.click();
    await page.getByText('Thank you! Your message has been sent successfully. We will contact you soon.').waitFor();
    const row = db.prepare(`select form_title as title, form_data as data from form_submissions where chatbot_id = ? order by id desc`).get(owner.botId) as { title: string; data: string };
    expect(row.title).toBe('Contact our team');
    expect(JSON.parse(row.data)).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'email', value: 'vera@example.com' })]));
  });

  it('keeps the conversation across a reload and answers a menu and a rating from it', async () => {
    const sessionId = (await page.evaluate(() => sessionStorage.getItem('global-chat-session-id')))!;
    expect(sessionId).toMatch(/^session_\d+_[A-Za-z0-9_-]{22,}$/);
    const menuId = seedBotMessage(db, sessionId, {
      content: 'Which kettle do you have?',
      messageType: 'menu',
      metadata: { options: [{ id: 'classic', text: 'Classic kettle', payload: 'classic' }, { id: 'travel', text: 'Travel kettle' }, { id: 'q_other', text: 'Other' }] },
    });
    const ratingId = seedBotMessage(db, sessionId, { content: 'How would you rate our help so far?', messageType: 'rating', metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } });
    await page.reload();
    await launcher().click();
    await page.getByRole('tab', { name: /Chat/ }).click();
    await page.getByText('How many days do I have to ask for a refund?').waitFor();

    const menu = page.getByRole('group', { name: 'Choose an option' });
    await menu.getByRole('button', { name: 'Classic kettle' }).click();
    await page.locator('.cw-msg.is-user').filter({ hasText: 'Classic kettle' }).waitFor();
    await page.locator('.cw-typing').waitFor({ state: 'detached' });
    await expect.poll(() => menu.getByRole('button', { name: 'Classic kettle' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => menu.getByRole('button', { name: 'Travel kettle' }).isDisabled()).toBe(true);
    const selectionOf = (id: number) => JSON.parse((db.prepare('select metadata from chat_messages where id = ?').get(id) as { metadata: string }).metadata).selection;
    await expect.poll(() => selectionOf(menuId)).toMatchObject({ optionId: 'classic', optionText: 'Classic kettle' });

    const rating = page.getByRole('group', { name: 'Rating' });
    await rating.getByRole('button', { name: 'Rate 4 out of 5' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.cw-msg.is-user').filter({ hasText: /^\s*(You said:)?\s*4\s*$/ }).waitFor();
    await expect.poll(() => rating.getByRole('button', { name: 'Rate 4 out of 5' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => rating.getByRole('button', { name: 'Rate 5 out of 5' }).isDisabled()).toBe(true);
    await page.locator('.cw-typing').waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);
    await expect.poll(() => selectionOf(ratingId)).toMatchObject({ optionId: '4', payload: 4 });

    // Answers live on the server: after another reload the menu and rating stay answered.
    await page.reload();
    await launcher().click();
    await page.getByRole('tab', { name: /Chat/ }).click();
    await expect.poll(() => menu.getByRole('button', { name: 'Classic kettle' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => menu.getByRole('button', { name: 'Travel kettle' }).isDisabled()).toBe(true);
    await expect.poll(() => rating.getByRole('button', { name: 'Rate 4 out of 5' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('turns read-only at the message limit and sends the contact form', async () => {
    setMonthlyUsage(db, owner.userId, 100);
    await ask('Do you ship to Belgium?');
    await page.getByText('This chatbot has reached its message limit').waitFor();
    await expect.poll(() => input().getAttribute('placeholder')).toBe('Chat temporarily unavailable');
    await expect.poll(() => input().isDisabled()).toBe(true);
    const sessionId = (await page.evaluate(() => sessionStorage.getItem('global-chat-session-id')))!;
    await expect.poll(async () => JSON.parse((await page.evaluate((id) => sessionStorage.getItem(`chat-read-only:${id}`), sessionId)) ?? 'null')).toMatchObject({ showContactForm: true });

    const form = page.getByRole('form', { name: 'Contact us' });
    const submit = form.getByRole('button', { name: 'Send Message' });
    await form.getByLabel('Name').fill('V');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Message').fill('Too short');
    for (const text of ['Name must be at least 2 characters', 'Please enter a valid email address', 'Message must be at least 10 characters']) await form.getByText(text).waitFor();
    await expect.poll(() => submit.isDisabled(), { timeout: 10_000 }).toBe(true);
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Email').fill('vera@example.com');
    await form.getByLabel('Message').fill('I would like to upgrade so my customers can chat again.');
    await expectNoAxeViolations(page);
    await submit.click();
    await page.getByText("Thank you! Your message has been sent successfully. We'll get back to you soon.").waitFor();
    const row = db.prepare(`select form_data as data from form_submissions where form_title = 'Contact Request - Message Limit Exceeded' and session_id = ?`).get(sessionId) as { data: string };
    expect(JSON.parse(row.data).map((f: { id: string; value: string }) => [f.id, f.value])).toEqual([
      ['name', 'Vera Visitor'],
      ['email', 'vera@example.com'],
      ['message', 'I would like to upgrade so my customers can chat again.'],
    ]);
    setMonthlyUsage(db, owner.userId, 0);
  });

  it('works as a <chat-widget> element: attributes, events, chat and keyboard', async () => {
    // A new tab: the first one's session is read-only for 30 minutes after hitting the limit.
    page = await newTab();
    await page.goto(`${host.url}/element.html`);
    const el = page.locator('chat-widget');
    await el.locator('button.cw-launcher').waitFor();
    expect(await shadowStyle('.cw-launcher', 'background-color')).toEqual({ 'background-color': 'rgb(124, 58, 237)' });
    const box = await boxOf(el.locator('button.cw-launcher'));
    expect(box.x + box.width).toBe(1280 - 20);
    await el.locator('button.cw-launcher').focus();
    await page.keyboard.press('Enter');
    await panel().waitFor();
    await page.getByRole('tab', { name: /Chat/ }).click();
    await ask('How long is the warranty?');
    await page.locator('.cw-msg.is-bot').filter({ hasText: 'two-year warranty' }).locator('.cw-sources').getByText('Warranty').waitFor();
    await page.locator('.cw-typing').waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
    const events = await page.evaluate(() => (window as unknown as { events: string[] }).events);
    expect(events[0]).toBe('widget-open');
    expect(events.at(-1)).toBe('widget-close');
    expect(events.slice(1, -1).length).toBeGreaterThan(0);
    expect(new Set(events.slice(1, -1))).toEqual(new Set(['widget-message']));
  });

  it('is a full-screen overlay on a phone-sized screen', async () => {
    page = await newTab();
    await page.setViewportSize({ width: 390, height: 740 });
    await page.goto(`${host.url}/script.html`);
    await launcher().click();
    await panel().waitFor();
    await expect.poll(() => panel().evaluate((el: HTMLElement) => [el.offsetWidth, el.offsetHeight, el.getBoundingClientRect().left]), { timeout: 10_000 }).toEqual([390, 740, 0]);
    // The floating launcher steps aside so it cannot cover the composer; the header closes the panel.
    await expect.poll(() => launcher().isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Close chat' }).click();
    await panel().waitFor({ state: 'detached' });
    await expect.poll(() => launcher().isVisible()).toBe(true);
  });

  it('runs embedded in an iframe and asks the parent to close it', async () => {
    await page.goto(`${host.url}/iframe.html`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('button', { name: /Start Free Chat/ }).waitFor();
    await expect.poll(() => frame.locator('button.cw-launcher').count(), { timeout: 10_000 }).toBe(0);
    await frame.getByRole('button', { name: 'Minimise chat' }).click();
    await page.waitForFunction(() => (window as unknown as { closeRequests: unknown[] }).closeRequests.length > 0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { closeRequests: unknown[] }).closeRequests), { timeout: 10_000 }).toEqual([{ type: 'chat-widget:close', chatbotId: owner.guid }]);
  });
});

