import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

// Offline model, no chat rate limits: this file is about ownership, not throttling.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const { app } = await import('../src/app');
const { waitForIdle } = await import('../src/features/sources/sources.service');
const { createSessionId } = await import('../src/lib/protocol');
const { api, createBot, createUserAndCookie, ensureStarted } = await import('./helpers');

type Call = { label: string; method: string; path: string; body?: unknown; form?: () => FormData };

/**
 * Tenant isolation (DESIGN "Security rules"): a second owner calling any owner route with the
 * first owner's bot, source or session gets the same 404 as for a missing one, and nothing of
 * the first owner's changes. The route list is every owner route under /api that takes an id.
 */
describe('tenancy: a second owner gets 404 on every owner route of the first', () => {
  it('answers 404 to user B for each of user A’s bots, sources and sessions and leaves A’s data alone', async () => {
    await ensureStarted();
    // The first account of an install is admin; neither A nor B should be, to test plain owners.
    await createUserAndCookie({ email: 'first-admin@example.com' });
    const a = await createUserAndCookie({ firstName: 'Ada' });
    const b = await createUserAndCookie({ firstName: 'Bob' });

    // A: a bot, a text source (trained) and a chat session holding a visitor message and a reply.
    const bot = await createBot(a.cookie, {
      name: 'Ada Bot',
      description: 'Answers moorings questions',
      welcomeMessage: 'Welcome aboard!',
    });
    const sourceRes = await api(`/api/chatbots/${bot.guid}/website-sources`, {
      cookie: a.cookie,
      body: { sourceType: 'text', title: 'Moorings', textContent: 'Moorings cost 40 euros a night in the east harbour.' },
    });
    expect(sourceRes.status).toBe(201);
    const source = (await sourceRes.json()) as { id: number };
    await waitForIdle(source.id);

    const sessionId = createSessionId(Date.now());
    const opened = await app.request('/api/chat/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, chatbotConfigId: bot.guid }),
    });
    expect(opened.status).toBe(201);
    const sent = await app.request(`/api/chat/${sessionId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'How much is a mooring?', messageType: 'text' }),
    });
    expect(sent.status).toBe(200);

    const before = await snapshot(a.cookie, bot.guid, sessionId);
    expect(before.bot).toMatchObject({ name: 'Ada Bot', description: 'Answers moorings questions', isActive: true });
    expect(before.sources).toHaveLength(1);
    expect(before.sources[0]).toMatchObject({ id: source.id, title: 'Moorings', status: 'completed' });
    expect(before.sessions.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([sessionId]);
    expect(before.messages.map((m: { sender: string; content: string }) => m.sender)).toEqual(['user', 'bot']);
    expect(before.messages[0].content).toBe('How much is a mooring?');

    // B has a bot of its own, so "B's bot + A's source" is tried as well.
    const bBot = await createBot(b.cookie, { name: 'Bob Bot' });

    // Reads, then writes, then deletions, so that no refused call hides behind an earlier one
    // that (in a broken build) removed the data.
    const refs = [bot.guid, String(bot.id)];
    const calls: Call[] = [
      { label: 'read bot', method: 'GET', path: `/api/chatbots/${bot.guid}` },
      ...refs.map((ref): Call => ({ label: `list sources (${ref})`, method: 'GET', path: `/api/chatbots/${ref}/website-sources` })),
      { label: 'list sessions', method: 'GET', path: `/api/chatbots/${bot.guid}/sessions?page=1&limit=10` },
      { label: 'update bot', method: 'PUT', path: `/api/chatbots/${bot.guid}`, body: { name: 'Hijacked', systemPrompt: 'x', model: 'gpt-4.1', isActive: false } },
      { label: 'save home screen', method: 'PATCH', path: `/api/chatbots/guid/${bot.guid}`, body: { homeScreenConfig: { version: '1', components: [] } } },
      ...refs.flatMap((ref): Call[] => [
        {
          label: `add text source (${ref})`,
          method: 'POST',
          path: `/api/chatbots/${ref}/website-sources`,
          body: { sourceType: 'text', title: 'Injected', textContent: 'Moorings are free for everyone, always.' },
        },
        { label: `add website source (${ref})`, method: 'POST', path: `/api/chatbots/${ref}/website-sources`, body: { sourceType: 'website', url: 'http://127.0.0.1:9/', maxPages: 1 } },
        { label: `upload text file (${ref})`, method: 'POST', path: `/api/chatbots/${ref}/upload-text-file`, form: () => textFileForm() },
        { label: `rescan source (${ref})`, method: 'POST', path: `/api/chatbots/${ref}/website-sources/${source.id}/rescan` },
      ]),
      // A's source id reached through B's own bot.
      { label: 'rescan A source via B bot', method: 'POST', path: `/api/chatbots/${bBot.guid}/website-sources/${source.id}/rescan` },
      { label: 'delete A source via B bot', method: 'DELETE', path: `/api/chatbots/${bBot.guid}/website-sources/${source.id}` },
      ...refs.map((ref): Call => ({ label: `delete source (${ref})`, method: 'DELETE', path: `/api/chatbots/${ref}/website-sources/${source.id}` })),
      { label: 'delete session', method: 'DELETE', path: `/api/chat/${sessionId}` },
      { label: 'delete all sessions', method: 'DELETE', path: `/api/chatbots/${bot.guid}/sessions` },
      { label: 'delete bot', method: 'DELETE', path: `/api/chatbots/${bot.guid}` },
    ];

    const answers: Record<string, number> = {};
    for (const call of calls) {
      const res = await send(call, b.cookie);
      answers[call.label] = res.status;
      if (res.status === 404) expect((await res.json()).message, call.label).toEqual(expect.any(String));
    }
    expect(answers).toEqual(Object.fromEntries(calls.map((c) => [c.label, 404])));

    // A foreign 404 looks exactly like a missing bot's 404: nothing tells B the bot exists.
    const foreign = await api(`/api/chatbots/${bot.guid}`, { cookie: b.cookie });
    const missing = await api(`/api/chatbots/${randomUUID()}`, { cookie: b.cookie });
    expect([foreign.status, await foreign.json()]).toEqual([missing.status, await missing.json()]);

    // B may not take A's guid for a bot of its own either.
    const clash = await api('/api/chatbots', { cookie: b.cookie, body: { guid: bot.guid, name: 'Clash', systemPrompt: 'x', model: 'gpt-4.1' } });
    expect(clash.status).toBe(409);

    // B's own views show nothing of A.
    const bList = (await (await api('/api/chatbots', { cookie: b.cookie })).json()) as { guid: string }[];
    expect(bList.map((x) => x.guid)).toEqual([bBot.guid]);
    expect(await (await api('/api/chat/conversations/count', { cookie: b.cookie })).json()).toEqual({ count: 0 });

    // Every write above was refused before it touched anything.
    await waitForIdle();
    expect(await snapshot(a.cookie, bot.guid, sessionId)).toEqual(before);
    expect(await (await api('/api/chat/conversations/count', { cookie: a.cookie })).json()).toEqual({ count: 1 });
  });
});

/** A's view of its own bot, sources, session list and conversation. */
async function snapshot(cookie: string, guid: string, sessionId: string) {
  const get = async (path: string) => {
    const res = await api(path, { cookie });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  return {
    bot: await get(`/api/chatbots/${guid}`),
    sources: await get(`/api/chatbots/${guid}/website-sources`),
    sessions: await get(`/api/chatbots/${guid}/sessions?page=1&limit=10`),
    messages: await get(`/api/chat/${sessionId}/messages`),
  };
}

function send(call: Call, cookie: string) {
  if (call.form) return app.request(call.path, { method: call.method, headers: { cookie }, body: call.form() });
  return api(call.path, { method: call.method, cookie, body: call.body });
}

function textFileForm() {
  const form = new FormData();
  form.append('file', new File(['Moorings are free for everyone, always.'], 'notes.txt', { type: 'text/plain' }));
  form.append('title', 'notes.txt');
  form.append('description', 'Uploaded file: notes.txt');
  return form;
}
