import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createSessionId } from '@parley/contracts';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database: the whole app runs on PostgreSQL.
const { client, createUserAndCookie, newBot, withCookie } = await import('../../../test/helpers');
const { db, postgres } = await import('../../db/client');
const s = await import('../../db/schema');
const { UPLOADS_DIR } = await import('../../lib/paths');
const { rowCountsInDb, rowsOfAccountInDb } = await import('./testing/accountRows');
type AccountRefs = import('./testing/accountRows').AccountRefs;

afterAll(() => postgres?.pool.end());

const { account, auth, chatbots, upload } = client.api;

const picture = async () =>
  new File([await sharp({ create: { width: 240, height: 240, channels: 3, background: '#00aa55' } }).png().toBuffer()], 'p.png', { type: 'image/png' });

/**
 * An owner with a row in every table an account reaches: sign-in, subscription, uploads (a
 * profile picture, a bot avatar and background), a bot with a source, its pages and chunks, a
 * conversation with a cited answer, a lead with its mail, a survey with a response, a test
 * token, a reset link, usage and an alert. What a route makes is made through it; the rest
 * (conversations and training, which other parts of Parley write) is written as they store it.
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
  expect((await chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } }, asOwner)).status).toBe(201);

  const [source] = await db
    .insert(s.contentSources)
    .values({ chatbotId: bot.id, sourceType: 'text', title: `${name} prices`, textContent: `${name} charges forty euros.`, status: 'completed' })
    .returning();
  const [page] = await db.insert(s.pages).values({ sourceId: source!.id, chatbotId: bot.id, title: `${name} prices`, content: 'Forty euros.' }).returning();
  await db.insert(s.chunks).values({ pageId: page!.id, sourceId: source!.id, chatbotId: bot.id, content: 'Forty euros.' });

  const sessionId = createSessionId();
  await db.insert(s.chatSessions).values({ sessionId, chatbotId: bot.id, messageCount: 2 });
  await db.insert(s.chatMessages).values({ sessionId, chatbotId: bot.id, sender: 'user', content: 'How much?' });
  const [answer] = await db.insert(s.chatMessages).values({ sessionId, chatbotId: bot.id, sender: 'bot', content: 'Forty euros.', answerStatus: 'answered' }).returning();
  await db.insert(s.messageCitations).values({ messageId: answer!.id, chatbotId: bot.id, title: `${name} prices` });
  const [lead] = await db
    .insert(s.formSubmissions)
    .values({ chatbotId: bot.id, sessionId, formTitle: 'Contact us', formData: [{ id: 'email', label: 'Email', value: `visitor-of-${name.toLowerCase()}@example.org` }] })
    .returning();
  const [survey] = await db.insert(s.surveys).values({ chatbotId: bot.id, name: 'Visit', surveyConfig: {} }).returning();
  await db.insert(s.surveyResponses).values({ surveyId: survey!.id, chatbotId: bot.id, sessionId });

  await db.insert(s.usageAlerts).values({ userId: user.id, month: '2026-11', threshold: 80 });
  await db.insert(s.passwordResetTokens).values({ tokenHash: `hash-of-${user.id}`, userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
  // Lead mail queued before outbox rows carried the owner: only the submission names it.
  await db.insert(s.emailOutbox).values({ to: 'leads@elsewhere.example', subject: 'Lead', text: 'A lead', formSubmissionId: lead!.id });
  await db.insert(s.emailOutbox).values({ to: 'alerts@elsewhere.example', subject: 'Usage', text: '80% used', userId: user.id });
  await db.insert(s.emailOutbox).values({ to: email.toUpperCase(), subject: 'Reset', text: 'A reset link', userId: user.id });
  await db.insert(s.dailyBotUsage).values({ chatbotId: bot.id, day: '2026-11-01', messagesUsed: 2 });
  await db.insert(s.monthlyUsage).values({ userId: user.id, month: '2026-10', messagesUsed: 3 });

  return {
    cookie,
    userId: user.id,
    email,
    botIds: [bot.id],
    guids: [bot.guid],
    sourceIds: [source!.id],
    leadIds: [lead!.id],
    sessionIds: [sessionId],
    fileNames: [profile.url, avatar.url, background.url].map((u: string) => u.split('/').pop()!),
  };
}

const onDisk = (name: string) => existsSync(path.join(UPLOADS_DIR, name));
const tablesOf = (rows: { table: string }[]) => [...new Set(rows.map((r) => r.table))].sort();

describe('DELETE /api/account on PostgreSQL', () => {
  it('removes every row and file of the account and nothing of another', async () => {
    const a = await fullAccount('Ada');
    const b = await fullAccount('Bob');
    const aRows = await rowsOfAccountInDb(a);
    const bRows = await rowsOfAccountInDb(b);
    // Every kind of row exists for both, so "nothing of A is left" means something.
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
    ];
    expect(tablesOf(aRows)).toEqual(expected);
    expect(tablesOf(bRows)).toEqual(expected);
    const before = await rowCountsInDb();

    const res = await account.$delete({ json: { confirmEmail: ` ${a.email.toUpperCase()} ` } }, withCookie(a.cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    expect(await rowsOfAccountInDb(a)).toEqual([]);
    for (const name of a.fileNames) expect(onDisk(name), name).toBe(false);
    // B: the same rows, value for value, and its files.
    expect(await rowsOfAccountInDb(b)).toEqual(bRows);
    for (const name of b.fileNames) expect(onDisk(name), name).toBe(true);
    // No other row anywhere went: each table lost exactly A's rows.
    const after = await rowCountsInDb();
    const lost = Object.fromEntries(Object.keys(before).map((t) => [t, before[t]! - after[t]!]));
    expect(lost).toEqual(Object.fromEntries(Object.keys(before).map((t) => [t, aRows.filter((r) => r.table === t).length])));

    expect((await auth.user.$get(undefined, withCookie(a.cookie))).status).toBe(401);
    expect((await auth.user.$get(undefined, withCookie(b.cookie))).status).toBe(200);
    // The address can be used again for a new, empty account.
    const again = await createUserAndCookie({ email: a.email });
    expect(await (await chatbots.$get(undefined, withCookie(again.cookie))).json()).toEqual([]);
  });

  it("keeps another owner's queued lead mail addressed to the deleted account's email", async () => {
    const a = await createUserAndCookie();
    const b = await createUserAndCookie();
    const bBot = await newBot(b.cookie, { name: 'B Bot', formRecipientEmail: a.email });
    const [lead] = await db
      .insert(s.formSubmissions)
      .values({ chatbotId: bBot.id, sessionId: createSessionId(), formTitle: 'Contact us', formData: [{ id: 'email', label: 'Email', value: 'visitor@example.org' }] })
      .returning();
    const [mail] = await db
      .insert(s.emailOutbox)
      .values({ to: a.email.toUpperCase(), subject: '[B Bot] Contact us', text: 'A lead', formSubmissionId: lead!.id, userId: b.user.id })
      .returning();

    expect((await account.$delete({ json: { confirmEmail: a.email } }, withCookie(a.cookie))).status).toBe(200);
    const [kept] = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, mail!.id));
    expect(kept).toMatchObject({ to: a.email.toUpperCase(), userId: b.user.id, formSubmissionId: lead!.id });
  });
});
