import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { request, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionId } from '@parley/contracts';
import { rowsOfAccount, type AccountRefs } from '../api/src/features/account/testing/accountRows';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * The owner's own account in a real browser: A sets a profile picture (stored at 200×200) and
 * a name, builds a bot with a text source, a conversation and a lead, then deletes the account
 * from /settings by typing the email. Afterwards the server's SQLite file holds no row of A and
 * every row of B as before, and A's uploaded files are gone from disk while B's remain.
 */
describe('profile, settings and account deletion in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let a: AccountRefs;
  let b: AccountRefs;
  let bRowsBefore: ReturnType<typeof rowsOfAccount>;

  const openDb = () => new Database(path.join(server.dataDir, 'parley.db'), { readonly: true, fileMustExist: true });
  const uploadPath = (name: string) => path.join(server.dataDir, 'uploads', name);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    contextA = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    contextB = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    pageA = await contextA.newPage();
    pageB = await contextB.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A bot with an uploaded avatar, a trained text source, a visitor conversation and a lead, made through the API as `page`'s owner. */
  async function botWithData(page: Page, name: string): Promise<Omit<AccountRefs, 'userId' | 'email'>> {
    const api = page.request;
    const origin = { Origin: server.url };
    const avatarPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } }).png().toBuffer();
    const avatar = await api.post('/api/upload/avatar', { multipart: { avatar: { name: 'bot.png', mimeType: 'image/png', buffer: avatarPng } }, headers: origin });
    expect(avatar.status()).toBe(201);
    const avatarUrl = ((await avatar.json()) as { url: string }).url;
    const guid = crypto.randomUUID();
    const created = await api.post('/api/chatbots', { data: { guid, name, avatarUrl }, headers: origin });
    expect(created.status()).toBe(201);
    const bot = (await created.json()) as { id: number };
    const source = await api.post(`/api/chatbots/${guid}/website-sources`, {
      data: { sourceType: 'text', title: `${name} prices`, textContent: `${name} charges forty euros a night for a mooring in the east harbour.` },
      headers: origin,
    });
    expect(source.status()).toBe(201);
    const sourceId = ((await source.json()) as { id: number }).id;
    await expect
      .poll(async () => ((await (await api.get(`/api/chatbots/${guid}/website-sources`)).json()) as { status: string }[])[0]?.status, { timeout: 20_000 })
      .toBe('completed');

    // The visitor: no cookie, only the session id.
    const visitor = await request.newContext({ baseURL: server.url });
    const sessionId = createSessionId();
    expect((await visitor.post('/api/chat/session', { data: { sessionId, chatbotConfigId: guid } })).status()).toBe(201);
    expect((await visitor.post(`/api/chat/${sessionId}/messages`, { data: { content: 'How much is a mooring?', messageType: 'text' } })).status()).toBe(200);
    const lead = await visitor.post(`/api/chat/${sessionId}/submit-form`, {
      data: { formTitle: 'Contact us', formData: [{ id: 'email', label: 'Email', type: 'email', value: 'sailor@example.org' }] },
    });
    expect(lead.status()).toBe(200);
    await visitor.dispose();

    const db = openDb();
    const leadIds = (db.prepare('SELECT id FROM form_submissions WHERE chatbot_id = ?').all(bot.id) as { id: number }[]).map((r) => r.id);
    db.close();
    expect(leadIds).toHaveLength(1);
    return { botIds: [bot.id], guids: [guid], sourceIds: [sourceId], leadIds, sessionIds: [sessionId], fileNames: [avatarUrl.split('/').pop()!] };
  }

  const userOf = async (page: Page) => (await (await page.request.get('/api/auth/user')).json()) as { id: string; email: string; profileImageUrl: string | null };

  let emailA = '';

  it('A and B sign up (A first, so A is the admin); B builds a bot with data', async () => {
    emailA = await signUpThroughApi(pageA, 'Ada');
    const email = await signUpThroughApi(pageB, 'Bob');
    const user = await userOf(pageB);
    b = { userId: user.id, email, ...(await botWithData(pageB, 'Bob Bot')) };
  });

  it('A uploads a profile picture on /profile: stored and served at 200×200, shown in the user menu', async () => {
    await pageA.goto('/profile');
    await pageA.getByRole('heading', { level: 1, name: 'Profile', exact: true }).waitFor();
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2266cc' } }).jpeg().toBuffer();
    await pageA.getByLabel('Upload profile picture').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
    await pageA.getByText('Your profile picture was updated.', { exact: true }).first().waitFor();

    const user = await userOf(pageA);
    expect(user.profileImageUrl).toMatch(/^\/uploads\/profile-[0-9a-f-]+\.webp$/);
    const menuImage = pageA.getByRole('button', { name: 'User menu' }).locator('img');
    await expect.poll(() => menuImage.getAttribute('src'), { timeout: 10_000 }).toBe(user.profileImageUrl);
    const served = await pageA.request.get(user.profileImageUrl!);
    expect(served.headers()['content-type']).toBe('image/webp');
    const meta = await sharp(await served.body()).metadata();
    expect([meta.width, meta.height]).toEqual([200, 200]);

    // The name form: the user menu follows.
    await pageA.getByLabel('First name').fill('Ada');
    await pageA.getByLabel('Last name').fill('Lovelace');
    await pageA.getByRole('button', { name: 'Save name' }).click();
    await pageA.getByText('Your name was saved.', { exact: true }).first().waitFor();
    await expect.poll(() => pageA.getByRole('button', { name: 'User menu' }).textContent(), { timeout: 10_000 }).toContain('Ada Lovelace');

    a = { userId: user.id, email: emailA, botIds: [], guids: [], sourceIds: [], leadIds: [], sessionIds: [], fileNames: [user.profileImageUrl!.split('/').pop()!] };
  });

  it('A builds a bot with a text source, a chat and a lead', async () => {
    const data = await botWithData(pageA, 'Ada Bot');
    a = { ...a, ...data, fileNames: [...a.fileNames, ...data.fileNames] };
  });

  it('/profile and /settings (with the admin card) fit a 390 px wide screen', async () => {
    const phone = await contextA.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const [url, heading] of [
      ['/profile', 'Profile'],
      ['/settings', 'Settings'],
    ]) {
      await phone.goto(url);
      await phone.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await phone.getByRole('heading', { level: 2 }).first().waitFor();
      if (url === '/settings') await phone.getByRole('heading', { name: "Reset a user's password" }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
    }
    await phone.close();
  });

  it('A deletes the account from /settings after typing the email, and lands signed out on /', async () => {
    const db = openDb();
    // Everything of both accounts is there before: bots, sources, chunks, sessions, leads, uploads...
    const aTables = new Set(rowsOfAccount(db, a).map((r) => r.table.replace(/^fts_bot_\d+$/, 'fts_bot_')));
    bRowsBefore = rowsOfAccount(db, b);
    db.close();
    for (const table of ['users', 'subscriptions', 'auth_sessions', 'chatbots', 'content_sources', 'pages', 'chunks', 'fts_bot_', 'chat_sessions', 'chat_messages', 'form_submissions', 'uploads']) {
      expect(aTables.has(table), table).toBe(true);
    }
    for (const name of [...a.fileNames, ...b.fileNames]) expect(existsSync(uploadPath(name)), name).toBe(true);

    await pageA.goto('/settings');
    await pageA.getByRole('heading', { name: 'Delete account', exact: true }).waitFor();
    const confirm = pageA.getByLabel('Type your email address to confirm');
    const remove = pageA.getByRole('button', { name: 'Delete account', exact: true });
    expect(await remove.isDisabled()).toBe(true);
    await confirm.fill(b.email);
    expect(await remove.isDisabled()).toBe(true);
    await confirm.fill(a.email.toUpperCase());
    expect(await remove.isDisabled()).toBe(false);
    await remove.click();

    await pageA.waitForURL(`${server.url}/`);
    const nav = pageA.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Log In' }).waitFor();
    expect((await pageA.request.get('/api/auth/user')).status()).toBe(401);
  });

  it('leaves no row or file of A and every row and file of B', async () => {
    const db = openDb();
    expect(rowsOfAccount(db, a)).toEqual([]);
    expect(rowsOfAccount(db, b)).toEqual(bRowsBefore);
    db.close();
    for (const name of a.fileNames) expect(existsSync(uploadPath(name)), name).toBe(false);
    for (const name of b.fileNames) expect(existsSync(uploadPath(name)), name).toBe(true);
    expect((await pageB.request.get(`/uploads/${a.fileNames[0]}`)).status()).toBe(404);

    // B is still signed in, and B's bot still answers from its source.
    expect((await pageB.request.get('/api/auth/user')).status()).toBe(200);
    const visitor = await request.newContext({ baseURL: server.url });
    const sessionId = createSessionId();
    expect((await visitor.post('/api/chat/session', { data: { sessionId, chatbotConfigId: b.guids[0] } })).status()).toBe(201);
    const answer = await visitor.post(`/api/chat/${sessionId}/messages`, { data: { content: 'What does a mooring cost?', messageType: 'text' } });
    expect(JSON.stringify(await answer.json())).toContain('forty euros');
    await visitor.dispose();
  });
});
