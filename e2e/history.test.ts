import { request, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../api/src/features/chat/testing/fakeOpenAI';
import { createSessionId } from '@parley/contracts';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * The owner's chat history in a real browser: a visitor chats through the public API (the
 * model is the local fake OpenAI server), the owner sees the conversation with its statistics,
 * reads it in Conversation Details and deletes it.
 */
describe('chat history in a real browser', () => {
  let fake: FakeOpenAI;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const guid = crypto.randomUUID();
  const sessionId = createSessionId();
  const question = 'When does the harbour office open?';

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

  it('a visitor conversation shows up as a session card with statistics', async () => {
    const api = page.request;
    const origin = { Origin: server.url };
    await signUpThroughApi(page, 'Hana');
    expect((await api.post('/api/chatbots', { data: { guid, name: 'Harbor Help', description: 'Moorings' }, headers: origin })).status()).toBe(201);
    const source = await api.post(`/api/chatbots/${guid}/website-sources`, {
      data: { sourceType: 'text', title: 'Office hours', textContent: 'The harbour office opens at 8 am and closes at 6 pm every day.' },
      headers: origin,
    });
    expect(source.status()).toBe(201);

    // The visitor side: no cookie, just the session id (a fresh request context).
    const visitor = await request.newContext({ baseURL: server.url });
    expect((await visitor.post('/api/chat/session', { data: { sessionId, chatbotConfigId: guid } })).status()).toBe(201);
    const sent = await visitor.post(`/api/chat/${sessionId}/messages`, { data: { content: question, messageType: 'text' } });
    expect(sent.status()).toBe(200);
    expect(fake.requests.at(-1)?.messages.at(-1)?.content).toContain(question);
    await visitor.dispose();

    await page.goto(`/chatbots/${guid}/history`);
    await page.getByRole('heading', { level: 1, name: 'Chat History', exact: true }).waitFor();
    const card = page.getByTestId('session-card');
    await card.waitFor();
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => card.getByText(sessionId.slice(-8)).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.getByText('2 messages').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('conversation-count').textContent(), { timeout: 10_000 }).toBe('1 conversation (Page 1 of 1)');
    await expect.poll(() => page.getByTestId('stat-Total Messages').locator('p').textContent(), { timeout: 10_000 }).toBe('2');
    await expect.poll(() => page.getByTestId('stat-Longest Chat').locator('p').textContent(), { timeout: 10_000 }).toBe('2 messages');
    await expect.poll(() => page.getByRole('navigation', { name: 'Pagination' }).count(), { timeout: 10_000 }).toBe(0);
  });

  it('View shows the question on the right and the answer on the left; Back returns to the list', async () => {
    await page.getByTestId('session-card').getByRole('button', { name: 'View' }).click();
    await page.getByRole('heading', { name: 'Conversation Details' }).waitFor();
    const messages = page.getByTestId('history-message');
    await messages.nth(1).waitFor();
    expect(await messages.evaluateAll((els) => els.map((e) => [e.getAttribute('data-sender'), getComputedStyle(e).justifyContent]))).toEqual([
      ['user', 'flex-end'],
      ['bot', 'flex-start'],
    ]);
    await expect.poll(() => messages.nth(0).textContent(), { timeout: 10_000 }).toContain(question);
    await expect.poll(() => messages.nth(1).textContent(), { timeout: 10_000 }).toContain('Hello from the model.');
    await expect.poll(() => page.getByRole('button', { name: 'Export' }).isDisabled(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Back to Sessions' }).click();
    await page.getByTestId('session-card').waitFor();
  });

  it('deletes the conversation after confirmation and shows the empty state', async () => {
    await page.getByRole('button', { name: `Delete session ${sessionId.slice(-8)}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete Conversation').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Chat session deleted successfully', { exact: true }).waitFor();
    await page.getByText('No conversations yet').waitFor();
    await expect.poll(() => page.getByText('When users start chatting with your bot, their conversations will appear here.').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('conversation-count').textContent(), { timeout: 10_000 }).toBe('0 conversations (Page 1 of 1)');
    const after = (await (await page.request.get(`/api/chatbots/${guid}/sessions`)).json()) as { pagination: { totalCount: number } };
    expect(after.pagination.totalCount).toBe(0);
  });
});
