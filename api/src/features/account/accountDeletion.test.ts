import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createSessionId } from '@parley/contracts';
import { client, createUserAndCookie, ensureStarted, errorOf, newBot, withCookie } from '../../../test/helpers';
import { sqlite } from '../../db/client';
import { UPLOADS_DIR } from '../../lib/paths';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { seedDefaultChatbot } from '../public/defaultChatbot';
import { waitForIdle } from '../sources/sources.service';
import { dataTables, rowsOfAccount, type AccountRefs } from './testing/accountRows';

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
  const survey = sqlite
    .prepare(`INSERT INTO surveys (chatbot_id, name, survey_config) VALUES (?, 'Visit', '{}') RETURNING id`)
    .get(bot.id) as { id: number };
  sqlite.prepare(`INSERT INTO survey_responses (survey_id, chatbot_id, session_id) VALUES (?, ?, ?)`).run(survey.id, bot.id, sessionId);
  sqlite.prepare(`INSERT INTO usage_alerts (user_id, month, threshold) VALUES (?, '2026-11', 80)`).run(user.id);
  sqlite.prepare(`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)`).run(`hash-of-${user.id}`, user.id, Date.now() + 60_000);
  const submission = sqlite.prepare('SELECT id FROM form_submissions WHERE chatbot_id = ?').get(bot.id) as { id: number };
  // Lead mail queued before outbox rows carried the owner: only the submission names it.
  sqlite.prepare(`INSERT INTO email_outbox ("to", subject, text, form_submission_id) VALUES ('leads@elsewhere.example', 'Lead', 'A lead', ?)`).run(submission.id);
  sqlite.prepare(`INSERT INTO email_outbox ("to", subject, text, user_id) VALUES ('alerts@elsewhere.example', 'Usage', '80% used', ?)`).run(user.id);
  // A reset mail, written as the reset service writes it: with the account's id.
  sqlite.prepare(`INSERT INTO email_outbox ("to", subject, text, user_id) VALUES (?, 'Reset', 'A reset link', ?)`).run(email.toUpperCase(), user.id);
  sqlite.prepare(`INSERT OR IGNORE INTO daily_bot_usage (chatbot_id, day, messages_used) VALUES (?, '2026-11-01', 2)`).run(bot.id);
  sqlite.prepare(`INSERT OR IGNORE INTO monthly_usage (user_id, month, messages_used) VALUES (?, '2026-10', 3)`).run(user.id);

  const fileNames = [profile.url, avatar.url, background.url].map((u: string) => u.split('/').pop()!);
  return {
    cookie,
    userId: user.id,
    email,
    botIds: [bot.id],
    guids: [bot.guid],
    sourceIds: [sourceId],
    leadIds: [submission.id],
    sessionIds: [sessionId],
    fileNames,
  };
}

const countOf = (table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
const onDisk = (name: string) => existsSync(path.join(UPLOADS_DIR, name));

describe('DELETE /api/account', () => {
  it('removes every row, index and file of the account and nothing of another', async () => {
    await ensureStarted();
    const a = await fullAccount('Ada');
    const b = await fullAccount('Bob');

    // Every kind of row exists for both, so "nothing of A is left" means something.
    const aRows = rowsOfAccount(sqlite, a);
    const bRows = rowsOfAccount(sqlite, b);
    const tablesWith = (rows: { table: string }[]) => [...new Set(rows.map((r) => r.table))].sort();
    const expected = [
      'auth_sessions',
      'chat_messages',
      'chat_messages_fts',
      'chat_sessions',
      'chat_test_tokens',
      'chatbots',
      'chunks',
      'content_sources',
      'daily_bot_usage',
      'email_outbox',
      'form_submissions',
      'fts_bot_',
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
    const normalise = (tables: string[]) => tables.map((t) => (t.startsWith('fts_bot_') ? 'fts_bot_' : t));
    expect(normalise(tablesWith(aRows))).toEqual(expected);
    expect(normalise(tablesWith(bRows))).toEqual(expected);
    for (const name of [...a.fileNames, ...b.fileNames]) expect(onDisk(name), name).toBe(true);
    const totals = Object.fromEntries(dataTables(sqlite).map((t) => [t, countOf(t)]));

    const res = await account.$delete({ json: { confirmEmail: ` ${a.email.toUpperCase()} ` } }, withCookie(a.cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get('set-cookie')).toMatch(/parley_session=;.*Max-Age=0/i);

    expect(rowsOfAccount(sqlite, a)).toEqual([]);
    for (const name of a.fileNames) expect(onDisk(name), name).toBe(false);
    // B: the same rows, byte for byte, and its files.
    expect(rowsOfAccount(sqlite, b)).toEqual(bRows);
    for (const name of b.fileNames) expect(onDisk(name), name).toBe(true);
    // And no other row anywhere went: each table lost exactly A's rows.
    const lost = Object.fromEntries(dataTables(sqlite).map((t) => [t, totals[t]! - countOf(t)]));
    const aPerTable = Object.fromEntries(dataTables(sqlite).map((t) => [t, aRows.filter((r) => r.table === t).length]));
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
    const submission = sqlite.prepare('SELECT id FROM form_submissions WHERE chatbot_id = ?').get(bBot.id) as { id: number };
    // Pending mail about B's lead, to A's address, written the way the lead form queues it.
    const mail = sqlite
      .prepare(`INSERT INTO email_outbox ("to", subject, text, form_submission_id, user_id) VALUES (?, '[B Bot] Contact us', 'A lead', ?, ?) RETURNING id`)
      .get(a.email.toUpperCase(), submission.id, b.user.id) as { id: number };

    const res = await account.$delete({ json: { confirmEmail: a.email } }, withCookie(a.cookie));
    expect(res.status).toBe(200);
    expect(sqlite.prepare('SELECT "to" AS "to", user_id AS userId, form_submission_id AS lead FROM email_outbox WHERE id = ?').get(mail.id)).toEqual({
      to: a.email.toUpperCase(),
      userId: b.user.id,
      lead: submission.id,
    });
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
    expect(sqlite.prepare('SELECT count(*) AS n FROM users WHERE id IN (?, ?)').get(user.id, other.user.id)).toEqual({ n: 2 });
    expect((await account.$delete({ json: { confirmEmail: email } })).status).toBe(401);
    expect((await auth.user.$get(undefined, withCookie(cookie))).status).toBe(200);
  });

  it("leaves Parley's own public bot when an admin deletes their account", async () => {
    const bot = await seedDefaultChatbot();
    const admin = await createUserAndCookie();
    sqlite.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').run(admin.user.id);
    const res = await account.$delete({ json: { confirmEmail: admin.email } }, withCookie(admin.cookie));
    expect(res.status).toBe(200);
    expect(sqlite.prepare('SELECT user_id AS owner, is_public_default AS isDefault FROM chatbots WHERE id = ?').get(bot.id)).toEqual({ owner: SYSTEM_USER_ID, isDefault: 1 });
    expect(sqlite.prepare('SELECT count(*) AS n FROM users WHERE id = ?').get(SYSTEM_USER_ID)).toEqual({ n: 1 });
  });
});
