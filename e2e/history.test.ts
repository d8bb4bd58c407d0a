import { readFileSync } from 'node:fs';
import { request, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../api/src/features/chat/testing/fakeOpenAI';
import { createSessionId, type HistoryExport } from '@parley/contracts';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * The owner's chat history in a real browser: visitors chat through the public API (the model
 * is the local fake OpenAI server), one asks a question, another asks for a person and sends the
 * hand-off form. The owner sees both with their first questions and flags, filters and searches
 * them, reads each drawn by the widget's own components, downloads them as CSV and JSON, and
 * deletes one.
 */
describe('chat history in a real browser', () => {
  let fake: FakeOpenAI;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const guid = crypto.randomUUID();
  const asker = createSessionId();
  const leadSession = createSessionId(Date.now() + 1);
  const question = 'When does the harbour office open?';
  const handoff = 'I want to talk to a human please';
  const lead = { name: 'Vera Visitor', email: 'vera@example.com', message: 'Call me about a berth.' };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startServer({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${fake.url}/v1` });
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  const cards = () => page.getByTestId('session-card');
  const card = (sessionId: string) => cards().filter({ hasText: sessionId.slice(-8) });
  const count = () => page.getByTestId('conversation-count').textContent();

  it('lists each conversation with its first question and flags, and the statistics', async () => {
    const api = page.request;
    const origin = { Origin: server.url };
    await signUpThroughApi(page, 'Hana');
    expect((await api.post('/api/chatbots', { data: { guid, name: 'Harbor Help', description: 'Moorings' }, headers: origin })).status()).toBe(201);

    // The visitors: no cookie, just their session ids (a fresh request context).
    const visitor = await request.newContext({ baseURL: server.url });
    expect((await visitor.post('/api/chat/session', { data: { sessionId: asker, chatbotConfigId: guid } })).status()).toBe(201);
    expect((await visitor.post(`/api/chat/${asker}/messages`, { data: { content: question, messageType: 'text' } })).status()).toBe(200);
    expect(fake.requests.at(-1)?.messages.at(-1)?.content).toContain(question);
    expect((await visitor.post('/api/chat/session', { data: { sessionId: leadSession, chatbotConfigId: guid } })).status()).toBe(201);
    const asked = await visitor.post(`/api/chat/${leadSession}/messages`, { data: { content: handoff, messageType: 'text' } });
    const form = ((await asked.json()) as { messageType: string; metadata: { title: string; formFields: { id: string; label: string; type: string }[] } }[]).find(
      (m) => m.messageType === 'form',
    )!;
    const values: Record<string, string> = { name: lead.name, email: lead.email, message: lead.message };
    const sent = await visitor.post(`/api/chat/${leadSession}/submit-form`, {
      data: { formTitle: form.metadata.title, formData: form.metadata.formFields.map((f) => ({ ...f, value: values[f.id] ?? '' })) },
    });
    expect(sent.status()).toBe(200);
    await visitor.dispose();

    await page.goto(`/chatbots/${guid}/history`);
    await page.getByRole('heading', { level: 1, name: 'Chat History', exact: true }).waitFor();
    await expect.poll(() => cards().count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(count, { timeout: 10_000 }).toBe('2 conversations (Page 1 of 1)');
    expect(await card(asker).getByTestId('first-question').textContent()).toBe(question);
    expect(await card(asker).getByText('2 messages').isVisible()).toBe(true);
    expect(await card(leadSession).getByTestId('first-question').textContent()).toBe(handoff);
    for (const flag of ['Unanswered', 'Lead']) expect(await card(leadSession).getByText(flag, { exact: true }).isVisible()).toBe(true);
    expect(await card(asker).getByText('Lead', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('stat-Longest Chat').locator('p').textContent()).toBe('3 messages');
    await expect.poll(() => page.getByRole('navigation', { name: 'Pagination' }).count(), { timeout: 10_000 }).toBe(0);
  });

  it('a flag filter and a search narrow the list, the tiles and the URL', async () => {
    await page.getByRole('group', { name: 'Only conversations with' }).getByRole('button', { name: 'Lead' }).click();
    await expect.poll(count, { timeout: 10_000 }).toBe('1 conversation (Page 1 of 1)');
    expect(new URL(page.url()).searchParams.get('flags')).toBe('lead');
    expect(await cards().textContent()).toContain(leadSession.slice(-8));
    expect(await page.getByTestId('stat-Total Messages').locator('p').textContent()).toBe('3');
    await page.reload();
    await expect.poll(count, { timeout: 10_000 }).toBe('1 conversation (Page 1 of 1)');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(count, { timeout: 10_000 }).toBe('2 conversations (Page 1 of 1)');

    // Words from the model's answer: the bot's side is searched too; the last word is a prefix.
    await page.getByLabel('Search messages').fill('hello from the mod');
    await expect.poll(count, { timeout: 10_000 }).toBe('1 conversation (Page 1 of 1)');
    expect(new URL(page.url()).searchParams.get('q')).toBe('hello from the mod');
    const match = card(asker).getByTestId('session-match');
    expect(await match.textContent()).toContain('Bot: ');
    expect((await match.locator('mark').allTextContents()).join(' ')).toMatch(/Hello.*model/);
    await page.getByLabel('Search messages').fill('vera@example.com');
    await expect.poll(() => cards().textContent(), { timeout: 10_000 }).toContain(leadSession.slice(-8));
    await expect.poll(count, { timeout: 10_000 }).toBe('1 conversation (Page 1 of 1)');
  });

  it('exports the conversations the filters select', async () => {
    const body = (await download(page, page.getByRole('button', { name: /Export/ }), 'JSON')) as HistoryExport;
    expect(body.chatbot).toEqual({ guid, name: 'Harbor Help' });
    expect(body.conversations.map((c) => [c.sessionId, c.flags])).toEqual([[leadSession, { unanswered: true, thumbsDown: false, lead: true, test: false }]]);
    expect(body.conversations[0]!.messages.map((m) => m.messageType)).toEqual(['text', 'form', 'system']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(count, { timeout: 10_000 }).toBe('2 conversations (Page 1 of 1)');
    const csv = (await download(page, page.getByRole('button', { name: /Export/ }), 'CSV')) as string;
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFFSession,Started,Time,Sender,Type,Text,Feedback,Answer status,Sources,User ID,User name,User email');
    expect(lines.filter((l) => l.startsWith('session_')).map((l) => l.split(',').slice(0, 1)[0])).toEqual([asker, asker, leadSession, leadSession, leadSession]);
    expect(csv).toContain(`,Visitor,Lead,"Form sent: Contact our team\nName: ${lead.name}\nEmail: ${lead.email}\nMessage: ${lead.message}"`);
  });

  it('Conversation Details draws the conversation with the widget components; its export has it', async () => {
    await card(asker).getByRole('button', { name: 'View' }).click();
    await page.getByRole('heading', { name: 'Conversation Details' }).waitFor();
    const messages = page.getByTestId('history-message');
    await messages.nth(1).waitFor();
    // Inside an open shadow root, under the widget's stylesheet: visitor right, bot left.
    expect(await page.getByTestId('conversation-transcript').evaluate((host) => host.shadowRoot?.mode)).toBe('open');
    const sides = await messages.evaluateAll((els) =>
      els.map((e) => {
        const list = e.closest('.cw-transcript')!.getBoundingClientRect();
        const bubble = e.querySelector('.cw-bubble')!.getBoundingClientRect();
        return [e.getAttribute('data-sender'), list.right - bubble.right < bubble.left - list.left ? 'right' : 'left'];
      }),
    );
    expect(sides).toEqual([
      ['user', 'right'],
      ['bot', 'left'],
    ]);
    expect(await messages.nth(1).locator('.cw-bubble').evaluate((el) => getComputedStyle(el).borderBottomLeftRadius)).toBe('4px');
    expect(await messages.nth(0).textContent()).toContain(question);
    expect(await messages.nth(1).textContent()).toContain('Hello from the model.');

    const csv = (await download(page, page.getByRole('button', { name: /Export/ }), 'CSV')) as string;
    const rows = csv.split('\r\n').filter((l) => l.startsWith('session_'));
    expect(rows).toHaveLength(2);
    expect([rows[0]!.startsWith(`${asker},`), rows[0]!.endsWith(`,Visitor,Text,${question},,,,,,`)]).toEqual([true, true]);
    expect(rows[1]).toContain(',Bot,Text,Hello from the model.,');
    const body = (await download(page, page.getByRole('button', { name: /Export/ }), 'JSON')) as HistoryExport;
    expect(body.conversations.map((c) => c.messages.map((m) => [m.sender, m.content]))).toEqual([
      [
        ['user', question],
        ['bot', 'Hello from the model.'],
      ],
    ]);
    await page.getByRole('button', { name: 'Back to Sessions' }).click();
    await cards().first().waitFor();
  });

  it('a lead is the widget form as the visitor filled it in', async () => {
    await page.getByLabel('Search messages').fill('');
    await expect.poll(count, { timeout: 10_000 }).toBe('2 conversations (Page 1 of 1)');
    await card(leadSession).getByRole('button', { name: 'View' }).click();
    const leadCard = page.getByTestId('history-lead');
    await leadCard.waitFor();
    const form = leadCard.locator('form.cw-form');
    expect(await form.getAttribute('aria-label')).toBe('Contact our team');
    expect(await Promise.all(['Name', 'Email', 'Message'].map((label) => form.getByLabel(label).inputValue()))).toEqual([lead.name, lead.email, lead.message]);
    expect(await form.getByLabel('Name').isDisabled()).toBe(true);
    expect(await leadCard.getByText('Lead', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('history-message').first().textContent()).toContain(handoff);
    // No internal type names anywhere in the view.
    expect(await page.getByTestId('conversation-transcript').evaluate((host) => host.shadowRoot!.querySelector('.cw-transcript')!.textContent)).not.toMatch(/\b(form|system|text)\b/);
    await page.getByRole('button', { name: 'Back to Sessions' }).click();
    await cards().first().waitFor();
  });

  it('deletes a conversation after confirmation', async () => {
    await page.getByRole('button', { name: `Delete session ${asker.slice(-8)}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete Conversation').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Chat session deleted successfully', { exact: true }).waitFor();
    await expect.poll(count, { timeout: 10_000 }).toBe('1 conversation (Page 1 of 1)');
    const after = (await (await page.request.get(`/api/chatbots/${guid}/sessions`)).json()) as { sessions: { sessionId: string }[] };
    expect(after.sessions.map((s) => s.sessionId)).toEqual([leadSession]);
  });
});

/** Opens an Export menu, downloads one format and reads the file (JSON parsed, CSV as text with its byte-order mark). */
async function download(page: Page, trigger: Locator, format: 'CSV' | 'JSON'): Promise<unknown> {
  await trigger.click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()]);
  expect(file.suggestedFilename()).toMatch(format === 'CSV' ? /^harbor-help-conversations?-.+\.csv$/ : /^harbor-help-conversations?-.+\.json$/);
  const text = readFileSync((await file.path())!, 'utf8');
  return format === 'JSON' ? JSON.parse(text) : text;
}
