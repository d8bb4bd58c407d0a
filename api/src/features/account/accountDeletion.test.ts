import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { createSessionId } from '@parley/contracts';
import { client, createUserAndCookie, ensureStarted, errorOf, newBot, withCookie } from '../../../test/helpers';
import { db, dialect } from '../../db/client';
import { chatbots as bots, dailyBotUsage, emailOutbox, formSubmissions, monthlyUsage, passwordResetTokens, surveyResponses, surveys, usageAlerts, users } from '../../db/schema';
import { UPLOADS_DIR } from '../../lib/paths';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { seedDefaultChatbot } from '../public/defaultChatbot';
import { waitForIdle } from '../sources/sources.service';
import { rowCountsInDb, rowsOfAccountInDb, type AccountRefs } from './testing/accountRows';

const { account, auth, chat, chatbots, upload } = client.api;

const picture = async () =>
  new File([await sharp({ create: { width: 240, height: 240, channels: 3, background: '#00aa55' } }).png().toBuffer()], 'p.png', { type: 'image/png' });

/**
 * An owner with everything an account can have: profile picture, a bot with an uploaded avatar
 * and background, a trained text source, a conversation, a lead, a survey with a response, a
 * test token, reset link, usage alert and queued mail.
 */
async function fullAccount(name: string): Promise<AccountRefs & { cookie: string }> {
  const { cookie, user, email } = await createUserAndCookie({ firstName: name });
  const asOwner = withCookie(cookie);
  const profile = await (await upload['profile-image'].$post({ form: { picture: await picture() } }, asOwner)).json();
  const avatar = await (await upload.avatar.$post({ form: { avatar: await picture() } }, asOwner)).json();
  const background = await (await upload.background.$post({ form: { background: await picture() } }, asOwner)).json();
  const bot = await newBot(cookie, {
    name: `${name} Bot`,
    avatarUrl: avatar.url,
    formRecipientEmail: email,
    homeScreenConfig: { theme: { backgroundImageUrl: background.url } },
  });
  const source = await chatbots[':chatbotId']['website-sources'].$post(
    { param: { chatbotId: bot.guid }, json: { sourceType: 'text', title: `${name} prices`, textContent: `${name} charges forty euros for a mooring each night.` } },
    asOwner,
  );
  expect(source.status).toBe(201);
  const { id: sourceId } = await source.json();
  await waitForIdle(sourceId);

  const sessionId = createSessionId();
  expect((await chat.session.$post({ json: { sessionId, chatbotConfigId: bot.guid } })).status).toBe(201);
  expect((await chat[':sessionId'].messages.$post({ param: { sessionId }, json: { content: 'How much is a mooring?', messageType: 'text' } })).status).toBe(200);
  const lead = await chat[':sessionId']['submit-form'].$post({
    param: { sessionId },
    json: { formTitle: 'Contact us', formData: [{ id: 'email', label: 'Email', type: 'email', value: `visitor-of-${name.toLowerCase()}@example.org` }] },
  });
  expect(lead.status).toBe(200);
  expect((await chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } }, asOwner)).status).toBe(201);

  // Rows no route of this test creates: written the way their features store them.
  const [survey] = await db.insert(surveys).values({ chatbotId: bot.id, name: 'Visit', surveyConfig: {} }).returning({ id: surveys.id });
  await db.insert(surveyResponses).values({ surveyId: survey!.id, chatbotId: bot.id, sessionId });
  await db.insert(usageAlerts).values({ userId: user.id, month: '2026-11', threshold: 80 });
  await db.insert(passwordResetTokens).values({ tokenHash: `hash-of-${user.id}`, userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
  const [submission] = await db.select({ id: formSubmissions.id }).from(formSubmissions).where(eq(formSubmissions.chatbotId, bot.id));
  // Lead mail queued before outbox rows carried the owner: only the submission names it.
  await db.insert(emailOutbox).values({ to: 'leads@elsewhere.example', subject: 'Lead', text: 'A lead', formSubmissionId: submission!.id });
  await db.insert(emailOutbox).values({ to: 'alerts@elsewhere.example', subject: 'Usage', text: '80% used', userId: user.id });
  // A reset mail, written as the reset service writes it: with the account's id.
  await db.insert(emailOutbox).values({ to: email.toUpperCase(), subject: 'Reset', text: 'A reset link', userId: user.id });
  await db.insert(dailyBotUsage).values({ chatbotId: bot.id, day: '2026-11-01', messagesUsed: 2 }).onConflictDoNothing();
  await db.insert(monthlyUsage).values({ userId: user.id, month: '2026-10', messagesUsed: 3 }).onConflictDoNothing();

  const fileNames = [profile.url, avatar.url, background.url].map((u: string) => u.split('/').pop()!);
  return {
    cookie,
    userId: user.id,
    email,
    botIds: [bot.id],
    guids: [bot.guid],
    sourceIds: [sourceId],
    leadIds: [submission!.id],
    sessionIds: [sessionId],
    fileNames,
  };
}

const onDisk = (name: string) => existsSync(path.join(UPLOADS_DIR, name));

describe('DELETE /api/account', () => {
  it('removes every row, index and file of the account and nothing of another', async () => {
    await ensureStarted();
    const a = await fullAccount('Ada');
    const b = await fullAccount('Bob');

    // Every kind of row exists for both, so "nothing of A is left" means something.
    const aRows = await rowsOfAccountInDb(a);
    const bRows = await rowsOfAccountInDb(b);
    const tablesWith = (rows: { table: string }[]) => [...new Set(rows.map((r) => r.table))].sort();
    const expected = [
      'auth_sessions',
      'chat_messages',
      'chat_sessions',
      'chat_test_tokens',
      'chatbots',
      'chunks',
      'content_sources',
      'daily_bot_usage',
      'email_outbox',
      'form_submissions',
      'message_citations',
      'monthly_usage',
      'pages',
      'password_reset_tokens',
      'subscriptions',
      'survey_responses',
      'surveys',
      'uploads',
      'usage_alerts',
      'users',
      // SQLite's search indexes are tables of their own; PostgreSQL's are the chunks' `search`
      // column and the messages' own text, which go with their rows.
      ...(dialect === 'sqlite' ? ['chat_messages_fts', 'fts_bot_'] : []),
    ].sort();
    const normalise = (tables: string[]) => tables.map((t) => (t.startsWith('fts_bot_') ? 'fts_bot_' : t));
    expect(normalise(tablesWith(aRows))).toEqual(expected);
    expect(normalise(tablesWith(bRows))).toEqual(expected);
    for (const name of [...a.fileNames, ...b.fileNames]) expect(onDisk(name), name).toBe(true);
    const totals = await rowCountsInDb();

    const res = await account.$delete({ json: { confirmEmail: ` ${a.email.toUpperCase()} ` } }, withCookie(a.cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get('set-cookie')).toMatch(/parley_session=;.*Max-Age=0/i);

    expect(await rowsOfAccountInDb(a)).toEqual([]);
    for (const name of a.fileNames) expect(onDisk(name), name).toBe(false);
    // B: the same rows, byte for byte, and its files.
    expect(await rowsOfAccountInDb(b)).toEqual(bRows);
    for (const name of b.fileNames) expect(onDisk(name), name).toBe(true);
    // And no other row anywhere went: each table lost exactly A's rows.
    const after = await rowCountsInDb();
    const tables = Object.keys(totals);
    const lost = Object.fromEntries(tables.map((t) => [t, totals[t]! - after[t]!]));
    const aPerTable = Object.fromEntries(tables.map((t) => [t, aRows.filter((r) => r.table === t).length]));
    expect(lost).toEqual(aPerTable);

    // A's session is over and its sign-in is gone; B is untouched and its bot still answers.
    expect((await auth.user.$get(undefined, withCookie(a.cookie))).status).toBe(401);
    expect((await auth.login.$post({ json: { email: a.email, password: 'correct horse battery' } })).status).toBe(401);
    expect((await auth.user.$get(undefined, withCookie(b.cookie))).status).toBe(200);
    const sessionId = createSessionId();
    expect((await chat.session.$post({ json: { sessionId, chatbotConfigId: b.guids[0]! } })).status).toBe(201);
    const answer = await chat[':sessionId'].messages.$post({ param: { sessionId }, json: { content: 'What does a mooring cost?', messageType: 'text' } });
    expect(JSON.stringify(await answer.json())).toContain('forty euros');
    // The address can be used again for a new, empty account.
    const again = await createUserAndCookie({ email: a.email });
    expect((await (await chatbots.$get(undefined, withCookie(again.cookie))).json())).toEqual([]);
  });

  it("keeps another owner's queued lead mail addressed to the deleted account's email", async () => {
    const a = await createUserAndCookie();
    const b = await createUserAndCookie();
    const bBot = await newBot(b.cookie, { name: 'B Bot', formRecipientEmail: a.email });
    const sessionId = createSessionId();
    expect((await chat.session.$post({ json: { sessionId, chatbotConfigId: bBot.guid } })).status).toBe(201);
    const lead = await chat[':sessionId']['submit-form'].$post({
      param: { sessionId },
      json: { formTitle: 'Contact us', formData: [{ id: 'email', label: 'Email', type: 'email', value: 'visitor@example.org' }] },
    });
    expect(lead.status).toBe(200);
    const [submission] = await db.select({ id: formSubmissions.id }).from(formSubmissions).where(eq(formSubmissions.chatbotId, bBot.id));
    // Pending mail about B's lead, to A's address, written the way the lead form queues it.
    const [mail] = await db
      .insert(emailOutbox)
      .values({ to: a.email.toUpperCase(), subject: '[B Bot] Contact us', text: 'A lead', formSubmissionId: submission!.id, userId: b.user.id })
      .returning({ id: emailOutbox.id });

    const res = await account.$delete({ json: { confirmEmail: a.email } }, withCookie(a.cookie));
    expect(res.status).toBe(200);
    expect(
      await db.select({ to: emailOutbox.to, userId: emailOutbox.userId, lead: emailOutbox.formSubmissionId }).from(emailOutbox).where(eq(emailOutbox.id, mail!.id)),
    ).toEqual([{ to: a.email.toUpperCase(), userId: b.user.id, lead: submission!.id }]);
  });

  it('asks for the account email and deletes nothing otherwise', async () => {
    const { cookie, email, user } = await createUserAndCookie();
    const other = await createUserAndCookie();
    for (const confirmEmail of ['', other.email, `${email}x`]) {
      const res = await account.$delete({ json: { confirmEmail } }, withCookie(cookie));
      expect(res.status, confirmEmail).toBe(400);
      expect(await errorOf(res)).toEqual({
        message: 'Type your email address to confirm.',
        details: { fieldErrors: { confirmEmail: ['Type your email address to confirm.'] }, formErrors: [] },
      });
    }
    expect(await db.select({ n: count() }).from(users).where(inArray(users.id, [user.id, other.user.id]))).toEqual([{ n: 2 }]);
    expect((await account.$delete({ json: { confirmEmail: email } })).status).toBe(401);
    expect((await auth.user.$get(undefined, withCookie(cookie))).status).toBe(200);
  });

  it("leaves Parley's own public bot when an admin deletes their account", async () => {
    const bot = await seedDefaultChatbot();
    const admin = await createUserAndCookie();
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    const res = await account.$delete({ json: { confirmEmail: admin.email } }, withCookie(admin.cookie));
    expect(res.status).toBe(200);
    expect(await db.select({ owner: bots.userId, isDefault: bots.isPublicDefault }).from(bots).where(eq(bots.id, bot.id))).toEqual([
      { owner: SYSTEM_USER_ID, isDefault: true },
    ]);
    expect(await db.select({ n: count() }).from(users).where(eq(users.id, SYSTEM_USER_ID))).toEqual([{ n: 1 }]);
  });
});
