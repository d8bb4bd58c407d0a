import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../api/src/features/chat/testing/fakeOpenAI';
import { widgetUserId } from '../dashboard/src/lib/embedSnippets';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * The owner tries their bot on its Test page: the chat is answered, does not count against
 * the monthly messages and shows as "Test" in history; a visitor's chat on the public widget
 * page then counts one.
 */
describe('the Test page in a real browser', () => {
  let fake: FakeOpenAI;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const guid = crypto.randomUUID();

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startServer({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${fake.url}/v1` });
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  const messagesUsed = async () =>
    ((await (await page.request.get('/api/subscription/current')).json()) as { messagesUsedThisMonth: number }).messagesUsedThisMonth;

  /** Asks `question` in the widget inside `target`'s `<chat-widget>` or page and waits for the answer. */
  async function chatIn(target: Page, question: string) {
    await target.getByRole('button', { name: /Start Free Chat/ }).click();
    const input = target.locator('.cw-composer textarea');
    await input.fill(question);
    await input.press('Enter');
    await target.locator('.cw-msg.is-user').filter({ hasText: question }).waitFor();
    await target.locator('.cw-msg.is-bot').filter({ hasText: 'Hello from the model.' }).waitFor();
    await target.locator('.cw-typing').waitFor({ state: 'detached' });
  }

  it('chats through the Test page widget without counting the messages', async () => {
    await signUpThroughApi(page, 'Tess');
    const created = await page.request.post('/api/chatbots', { data: { guid, name: 'Harbor Help' }, headers: { Origin: server.url } });
    expect(created.status()).toBe(201);

    await page.goto(`/chatbots/${guid}/test`);
    await page.getByRole('heading', { level: 1, name: 'Test Harbor Help' }).waitFor();
    await expect
      .poll(() => page.getByTestId('test-chat-note').textContent(), { timeout: 10_000 })
      .toBe('Test chats are not counted against your monthly messages and are labelled Test in history.');

    // The widget sits in the page's corner, inside the <chat-widget> element's shadow root.
    const launcher = page.locator('chat-widget').locator('button.cw-launcher');
    await launcher.waitFor();
    const opened = page.waitForRequest((r) => r.url().endsWith('/api/chat/session') && r.method() === 'POST');
    await launcher.click();
    const body = (await opened).postDataJSON() as { sessionId: string; chatbotConfigId: string; testToken?: string };
    expect(body.chatbotConfigId).toBe(guid);
    expect(body.testToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await chatIn(page, 'Is this just a test?');
    expect(fake.requests.at(-1)?.messages.at(-1)?.content).toContain('Is this just a test?');

    // The test chat has its own storage key: it never becomes this tab's visitor session.
    const stored = await page.evaluate((g) => [sessionStorage.getItem(`global-chat-session-id:test:${g}`), sessionStorage.getItem('global-chat-session-id')], guid);
    expect(stored).toEqual([body.sessionId, null]);
    expect(await messagesUsed()).toBe(0);
  });

  it('refuses the test token off Parley’s own pages, and opens a test chat from them', async () => {
    const issued = await page.request.post(`/api/chatbots/${guid}/test-token`, { headers: { Origin: server.url } });
    expect(issued.status()).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    const sessionsBefore = ((await (await page.request.get(`/api/chatbots/${guid}/sessions`)).json()) as { pagination: { totalCount: number } }).pagination.totalCount;

    const foreignId = `session_${Date.now()}_${crypto.randomUUID().replaceAll('-', '')}`;
    const foreign = await page.request.post('/api/chat/session', {
      data: { sessionId: foreignId, chatbotConfigId: guid, testToken: token },
      headers: { Origin: 'https://copycat.example.net' },
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toEqual({
      message: 'Test chats can only be started from the Test page of your Parley dashboard.',
      details: { reason: 'test_token_foreign_origin' },
    });
    // Nothing was opened: the id is unknown to the chat API.
    expect((await page.request.get(`/api/chat/${foreignId}/messages`)).status()).toBe(404);

    const ownId = `session_${Date.now()}_${crypto.randomUUID().replaceAll('-', '')}`;
    const own = await page.request.post('/api/chat/session', { data: { sessionId: ownId, chatbotConfigId: guid, testToken: token }, headers: { Origin: server.url } });
    expect(own.status()).toBe(201);
    expect(((await own.json()) as { sessionId: string }).sessionId).toBe(ownId);
    // An opened session without messages is not a conversation yet: history is unchanged.
    expect(((await (await page.request.get(`/api/chatbots/${guid}/sessions`)).json()) as { pagination: { totalCount: number } }).pagination.totalCount).toBe(sessionsBefore);
  });

  it('labels the test conversation "Test" in history', async () => {
    await page.goto(`/chatbots/${guid}/history`);
    await page.getByRole('heading', { level: 1, name: 'Chat History', exact: true }).waitFor();
    const card = page.getByTestId('session-card');
    await card.waitFor();
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => card.getByText('2 messages').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.getByText('Test', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await card.getByRole('button', { name: 'View' }).click();
    await page.getByRole('heading', { name: 'Conversation Details' }).waitFor();
    await expect.poll(() => page.getByText('Test', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  });

  it('counts a visitor’s chat on the public widget page, which history shows without the label', async () => {
    const user = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/widget/${widgetUserId(user.id)}/${guid}`);
    await chatIn(visitor, 'A real visitor question');
    await visitor.close();
    await expect.poll(messagesUsed, { timeout: 10_000 }).toBe(1);

    await page.goto(`/chatbots/${guid}/history`);
    const cards = page.getByTestId('session-card');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(2);
    // Newest first: the visitor's conversation, unlabelled, then the owner's test.
    await expect.poll(() => cards.evaluateAll((els) => els.map((e) => [...e.querySelectorAll('span')].some((s) => s.textContent === 'Test'))), { timeout: 10_000 }).toEqual([
      false,
      true,
    ]);
    await expect.poll(() => page.getByTestId('conversation-count').textContent(), { timeout: 10_000 }).toBe('2 conversations (Page 1 of 1)');
    expect(await (await page.request.get('/api/chat/conversations/count')).json()).toBe(2);
  });
});
