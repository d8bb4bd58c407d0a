import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

// Offline model, no chat rate limits: this file is about ownership, not throttling.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const { ownerApi } = await import('../src/app');
const { waitForIdle } = await import('../src/features/sources/sources.service');
const { createSessionId } = await import('@parley/contracts');
const { client, createUserAndCookie, ensureStarted, errorOf, newBot, withCookie } = await import('./helpers');
const { db } = await import('../src/db/client');
const { formSubmissions } = await import('../src/db/schema');

const { chat, chatbots } = client.api;

/** One typed call to an owner route; `route` names the route as the owner API lists it. */
type Call = { label: string; route: string; send: () => Promise<{ status: number; json(): Promise<unknown> }> };

/**
 * Tenant isolation: a second owner calling any owner route with the first owner's bot, source
 * or session gets the same 404 as for a missing one, and nothing of the first owner's changes.
 * The table holds every owner route under /api that takes an id, and the test checks that.
 */
describe('tenancy: a second owner gets 404 on every owner route of the first', () => {
  it('answers 404 to user B for each of user A’s bots, sources and sessions and leaves A’s data alone', async () => {
    await ensureStarted();
    // The first account of an install is admin; neither A nor B should be, to test plain owners.
    await createUserAndCookie({ email: 'first-admin@example.com' });
    const a = await createUserAndCookie({ firstName: 'Ada' });
    const b = await createUserAndCookie({ firstName: 'Bob' });
    const asB = withCookie(b.cookie);

    // A: a bot, a text source (trained) and a chat session holding a visitor message and a reply.
    const bot = await newBot(a.cookie, {
      name: 'Ada Bot',
      description: 'Answers moorings questions',
      welcomeMessage: 'Welcome aboard!',
    });
    const sourceRes = await chatbots[':chatbotId']['website-sources'].$post(
      {
        param: { chatbotId: bot.guid },
        json: { sourceType: 'text', title: 'Moorings', textContent: 'Moorings cost 40 euros a night in the east harbour.' },
      },
      withCookie(a.cookie),
    );
    expect(sourceRes.status).toBe(201);
    const source = await sourceRes.json();
    await waitForIdle(source.id);

    const sessionId = createSessionId(Date.now());
    const opened = await chat.session.$post({ json: { sessionId, chatbotConfigId: bot.guid } });
    expect(opened.status).toBe(201);
    const sent = await chat[':sessionId'].messages.$post({ param: { sessionId }, json: { content: 'How much is a mooring?', messageType: 'text' } });
    expect(sent.status).toBe(200);
    // A lead in A's inbox, stored directly so the conversation itself stays as it is.
    const [lead] = await db
      .insert(formSubmissions)
      .values({ chatbotId: bot.id, sessionId, formTitle: 'Contact our team', formData: [{ id: 'name', label: 'Name', value: 'Vera' }] })
      .returning();

    // A survey of A's, with its config, to read, change, export and delete.
    const surveyRes = await chatbots[':id'].surveys.$post({ param: { id: bot.guid }, json: { name: 'Mooring feedback' } }, withCookie(a.cookie));
    expect(surveyRes.status).toBe(201);
    const survey = await surveyRes.json();

    const before = await snapshot(a.cookie, bot.guid, sessionId);
    expect(before.surveys.map((s) => [s.id, s.name])).toEqual([[survey.id, 'Mooring feedback']]);
    expect(before.bot).toMatchObject({ name: 'Ada Bot', description: 'Answers moorings questions', isActive: true });
    expect(before.sources).toHaveLength(1);
    expect(before.sources[0]).toMatchObject({ id: source.id, title: 'Moorings', status: 'completed' });
    expect(before.sessions.sessions.map((s) => s.sessionId)).toEqual([sessionId]);
    expect(before.messages.map((m) => m.sender)).toEqual(['user', 'bot']);
    expect(before.messages[0].content).toBe('How much is a mooring?');
    expect(before.leads).toMatchObject({ unreadCount: 1, leads: [{ id: lead!.id, read: false }] });

    // B has a bot of its own, so "B's bot + A's source" is tried as well.
    const bBot = await newBot(b.cookie, { name: 'Bob Bot' });

    // Reads, then writes, then deletions, so that no refused call hides behind an earlier one
    // that (in a broken build) removed the data.
    const refs = [bot.guid, String(bot.id)];
    const sourceId = String(source.id);
    const sources = chatbots[':chatbotId']['website-sources'];
    const calls: Call[] = [
      { label: 'read bot', route: 'GET /chatbots/:guid', send: () => chatbots[':guid'].$get({ param: { guid: bot.guid } }, asB) },
      ...refs.map(
        (ref): Call => ({
          label: `list sources (${ref})`,
          route: 'GET /chatbots/:chatbotId/website-sources',
          send: () => sources.$get({ param: { chatbotId: ref } }, asB),
        }),
      ),
      {
        label: 'list sessions',
        route: 'GET /chatbots/:guid/sessions',
        send: () => chatbots[':guid'].sessions.$get({ param: { guid: bot.guid }, query: { page: '1', limit: '10' } }, asB),
      },
      {
        label: 'export sessions',
        route: 'GET /chatbots/:guid/sessions/export',
        send: () => chatbots[':guid'].sessions.export.$get({ param: { guid: bot.guid }, query: { format: 'json' } }, asB),
      },
      {
        label: 'export one session',
        route: 'GET /chat/:sessionId/export',
        send: () => chat[':sessionId'].export.$get({ param: { sessionId }, query: { format: 'csv' } }, asB),
      },
      {
        label: 'prompt assistant',
        route: 'POST /chatbots/:guid/prompt-assistant',
        send: () =>
          chatbots[':guid']['prompt-assistant'].$post(
            { param: { guid: bot.guid }, json: { action: 'generate', context: { chatbotName: '', description: '', currentPrompt: '' }, userMessage: '' } },
            asB,
          ),
      },
      {
        label: 'survey assistant',
        route: 'POST /chatbots/:guid/survey-assistant',
        send: () =>
          chatbots[':guid']['survey-assistant'].$post(
            { param: { guid: bot.guid }, json: { action: 'generate_feedback', context: { chatbotName: '', description: '' }, userMessage: '' } },
            asB,
          ),
      },
      ...refs.map(
        (ref): Call => ({
          label: `list surveys (${ref})`,
          route: 'GET /chatbots/:id/surveys',
          send: () => chatbots[':id'].surveys.$get({ param: { id: ref } }, asB),
        }),
      ),
      {
        label: 'create survey',
        route: 'POST /chatbots/:id/surveys',
        send: () => chatbots[':id'].surveys.$post({ param: { id: bot.guid }, json: { name: 'Hijack' } }, asB),
      },
      {
        label: 'read survey analytics',
        route: 'GET /chatbots/:id/surveys/analytics',
        send: () => chatbots[':id'].surveys.analytics.$get({ param: { id: bot.guid }, query: {} }, asB),
      },
      {
        label: 'edit survey',
        route: 'PATCH /surveys/:id',
        send: () => client.api.surveys[':id'].$patch({ param: { id: String(survey.id) }, json: { name: 'Renamed by B' } }, asB),
      },
      {
        label: 'export survey responses',
        route: 'GET /surveys/:id/responses/export.csv',
        send: () => client.api.surveys[':id'].responses['export.csv'].$get({ param: { id: String(survey.id) } }, asB),
      },
      {
        label: 'issue test token',
        route: 'POST /chatbots/:guid/test-token',
        send: () => chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } }, asB),
      },
      {
        label: 'read identity secret',
        route: 'GET /chatbots/:guid/identity-secret',
        send: () => chatbots[':guid']['identity-secret'].$get({ param: { guid: bot.guid } }, asB),
      },
      {
        label: 'rotate identity secret',
        route: 'POST /chatbots/:guid/identity-secret/rotate',
        send: () => chatbots[':guid']['identity-secret'].rotate.$post({ param: { guid: bot.guid } }, asB),
      },
      {
        label: 'update bot',
        route: 'PUT /chatbots/:guid',
        send: () =>
          chatbots[':guid'].$put({ param: { guid: bot.guid }, json: { name: 'Hijacked', systemPrompt: 'x', model: 'gpt-4.1', isActive: false } }, asB),
      },
      {
        label: 'save home screen',
        route: 'PATCH /chatbots/guid/:guid',
        send: () => chatbots.guid[':guid'].$patch({ param: { guid: bot.guid }, json: { homeScreenConfig: { version: '1', components: [] } } }, asB),
      },
      ...refs.flatMap((ref): Call[] => [
        {
          label: `add text source (${ref})`,
          route: 'POST /chatbots/:chatbotId/website-sources',
          send: () =>
            sources.$post(
              { param: { chatbotId: ref }, json: { sourceType: 'text', title: 'Injected', textContent: 'Moorings are free for everyone, always.' } },
              asB,
            ),
        },
        {
          label: `add website source (${ref})`,
          route: 'POST /chatbots/:chatbotId/website-sources',
          send: () => sources.$post({ param: { chatbotId: ref }, json: { sourceType: 'website', url: 'http://127.0.0.1:9/', maxPages: 1 } }, asB),
        },
        {
          label: `upload text file (${ref})`,
          route: 'POST /chatbots/:chatbotId/upload-text-file',
          // The route parses its multipart body itself (no validator), so the typed client has
          // no `form` argument for it: the form goes in as the request body.
          send: () => chatbots[':chatbotId']['upload-text-file'].$post({ param: { chatbotId: ref } }, { ...asB, init: { body: textFileForm() } }),
        },
        {
          label: `change source schedule (${ref})`,
          route: 'PATCH /chatbots/:chatbotId/website-sources/:sourceId',
          send: () => sources[':sourceId'].$patch({ param: { chatbotId: ref, sourceId }, json: { syncSchedule: 'daily' } }, asB),
        },
        {
          label: `rescan source (${ref})`,
          route: 'POST /chatbots/:chatbotId/website-sources/:sourceId/rescan',
          send: () => sources[':sourceId'].rescan.$post({ param: { chatbotId: ref, sourceId } }, asB),
        },
        {
          label: `source pages (${ref})`,
          route: 'GET /chatbots/:chatbotId/website-sources/:sourceId/pages',
          send: () => sources[':sourceId'].pages.$get({ param: { chatbotId: ref, sourceId } }, asB),
        },
      ]),
      // A's source id reached through B's own bot.
      {
        label: 'rescan A source via B bot',
        route: 'POST /chatbots/:chatbotId/website-sources/:sourceId/rescan',
        send: () => sources[':sourceId'].rescan.$post({ param: { chatbotId: bBot.guid, sourceId } }, asB),
      },
      {
        label: 'A source pages via B bot',
        route: 'GET /chatbots/:chatbotId/website-sources/:sourceId/pages',
        send: () => sources[':sourceId'].pages.$get({ param: { chatbotId: bBot.guid, sourceId } }, asB),
      },
      {
        label: 'change A source schedule via B bot',
        route: 'PATCH /chatbots/:chatbotId/website-sources/:sourceId',
        send: () => sources[':sourceId'].$patch({ param: { chatbotId: bBot.guid, sourceId }, json: { syncSchedule: 'daily' } }, asB),
      },
      {
        label: 'delete A source via B bot',
        route: 'DELETE /chatbots/:chatbotId/website-sources/:sourceId',
        send: () => sources[':sourceId'].$delete({ param: { chatbotId: bBot.guid, sourceId } }, asB),
      },
      ...refs.map(
        (ref): Call => ({
          label: `delete source (${ref})`,
          route: 'DELETE /chatbots/:chatbotId/website-sources/:sourceId',
          send: () => sources[':sourceId'].$delete({ param: { chatbotId: ref, sourceId } }, asB),
        }),
      ),
      {
        label: 'list bot leads',
        route: 'GET /chatbots/:guid/leads',
        send: () => chatbots[':guid'].leads.$get({ param: { guid: bot.guid }, query: {} }, asB),
      },
      {
        label: 'list unanswered',
        route: 'GET /chatbots/:guid/unanswered',
        send: () => chatbots[':guid'].unanswered.$get({ param: { guid: bot.guid } }, asB),
      },
      {
        label: 'dismiss unanswered',
        route: 'POST /chatbots/:guid/unanswered/dismiss',
        send: () => chatbots[':guid'].unanswered.dismiss.$post({ param: { guid: bot.guid }, json: { messageIds: [1] } }, asB),
      },
      {
        label: 'answer unanswered',
        route: 'POST /chatbots/:guid/unanswered/answer',
        send: () =>
          chatbots[':guid'].unanswered.answer.$post(
            { param: { guid: bot.guid }, json: { messageIds: [1], question: 'How much is a mooring?', variants: [], answer: 'Moorings are free.' } },
            asB,
          ),
      },
      ...refs.map(
        (ref): Call => ({
          label: `list Q&A sources (${ref})`,
          route: 'GET /chatbots/:chatbotId/qa',
          send: () => chatbots[':chatbotId'].qa.$get({ param: { chatbotId: ref } }, asB),
        }),
      ),
      ...[bot.guid, bBot.guid].map(
        (ref): Call => ({
          label: `edit Q&A source (${ref === bot.guid ? 'A bot' : 'via B bot'})`,
          route: 'PUT /chatbots/:chatbotId/qa/:sourceId',
          send: () =>
            chatbots[':chatbotId'].qa[':sourceId'].$put(
              { param: { chatbotId: ref, sourceId }, json: { question: 'How much is a mooring?', variants: [], answer: 'Moorings are free.' } },
              asB,
            ),
        }),
      ),
      {
        label: 'read analytics',
        route: 'GET /chatbots/:guid/analytics',
        send: () => chatbots[':guid'].analytics.$get({ param: { guid: bot.guid }, query: {} }, asB),
      },
      {
        label: 'export analytics',
        route: 'GET /chatbots/:guid/analytics/export.csv',
        send: () => chatbots[':guid'].analytics['export.csv'].$get({ param: { guid: bot.guid }, query: {} }, asB),
      },
      {
        label: 'mark lead read',
        route: 'PATCH /leads/:id',
        send: () => client.api.leads[':id'].$patch({ param: { id: String(lead!.id) }, json: { read: true } }, asB),
      },
      {
        label: 'delete survey',
        route: 'DELETE /surveys/:id',
        send: () => client.api.surveys[':id'].$delete({ param: { id: String(survey.id) } }, asB),
      },
      { label: 'delete session', route: 'DELETE /chat/:sessionId', send: () => chat[':sessionId'].$delete({ param: { sessionId } }, asB) },
      {
        label: 'delete all sessions',
        route: 'DELETE /chatbots/:guid/sessions',
        send: () => chatbots[':guid'].sessions.$delete({ param: { guid: bot.guid } }, asB),
      },
      { label: 'delete bot', route: 'DELETE /chatbots/:guid', send: () => chatbots[':guid'].$delete({ param: { guid: bot.guid } }, asB) },
    ];

    // A new owner route that takes an id fails here until it is added to the table. Admin routes
    // act on any account by design: every one answers 403 to a non-admin (admin.test.ts). The
    // local checkout link is a page the browser lands on: another owner's token changes nothing
    // and redirects to the plans page with an error (subscription.test.ts).
    const idRoutes = ownerApi.routes
      .filter((r) => r.method !== 'ALL' && r.path.includes('/:') && !r.path.startsWith('/admin/') && r.path !== '/subscription/local-checkout/:token')
      .map((r) => `${r.method} ${r.path}`);
    expect(new Set(calls.map((c) => c.route))).toEqual(new Set(idRoutes));

    const answers: Record<string, number> = {};
    for (const call of calls) {
      const res = await call.send();
      answers[call.label] = res.status;
      if (res.status === 404) expect((await errorOf(res)).message, call.label).toEqual(expect.any(String));
    }
    expect(answers).toEqual(Object.fromEntries(calls.map((c) => [c.label, 404])));

    // A foreign 404 looks exactly like a missing bot's 404: nothing tells B the bot exists.
    const foreign = await chatbots[':guid'].$get({ param: { guid: bot.guid } }, asB);
    const missing = await chatbots[':guid'].$get({ param: { guid: randomUUID() } }, asB);
    expect([foreign.status, await errorOf(foreign)]).toEqual([missing.status, await errorOf(missing)]);

    // B may not take A's guid for a bot of its own either.
    const clash = await chatbots.$post({ json: { guid: bot.guid, name: 'Clash', systemPrompt: 'x', model: 'gpt-4.1' } }, asB);
    expect(clash.status).toBe(409);

    // B's own views show nothing of A.
    const bList = await (await chatbots.$get(undefined, asB)).json();
    expect(bList.map((x) => x.guid)).toEqual([bBot.guid]);
    expect(await (await chat.conversations.count.$get(undefined, asB)).json()).toBe(0);

    // Every write above was refused before it touched anything.
    await waitForIdle();
    expect(await snapshot(a.cookie, bot.guid, sessionId)).toEqual(before);
    expect(await (await chat.conversations.count.$get(undefined, withCookie(a.cookie))).json()).toBe(1);
  });
});

/** A's view of its own bot, sources, session list, conversation, leads, surveys and identity secret. */
async function snapshot(cookie: string, guid: string, sessionId: string) {
  const asOwner = withCookie(cookie);
  const read = async <T,>(what: string, res: { status: number; json(): Promise<T> }) => {
    expect(res.status, what).toBe(200);
    return res.json();
  };
  return {
    bot: await read('bot', await chatbots[':guid'].$get({ param: { guid } }, asOwner)),
    sources: await read('sources', await chatbots[':chatbotId']['website-sources'].$get({ param: { chatbotId: guid } }, asOwner)),
    sessions: await read('sessions', await chatbots[':guid'].sessions.$get({ param: { guid }, query: { page: '1', limit: '10' } }, asOwner)),
    messages: await read('messages', await chat[':sessionId'].messages.$get({ param: { sessionId } }, asOwner)),
    leads: await read('leads', await client.api.leads.$get({ query: {} }, asOwner)),
    surveys: await read('surveys', await chatbots[':id'].surveys.$get({ param: { id: guid } }, asOwner)),
    identitySecret: await read('identity secret', await chatbots[':guid']['identity-secret'].$get({ param: { guid } }, asOwner)),
  };
}

function textFileForm() {
  const form = new FormData();
  form.append('file', new File(['Moorings are free for everyone, always.'], 'notes.txt', { type: 'text/plain' }));
  form.append('title', 'notes.txt');
  form.append('description', 'Uploaded file: notes.txt');
  return form;
}
