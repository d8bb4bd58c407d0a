import { beforeAll, describe, expect, it } from 'vitest';

process.env.RATE_LIMIT_SESSION_PER_MINUTE = '3';
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '6';
process.env.TRUST_PROXY = 'true';
const kit = await import('./testing/chatKit');

let guid: string;
beforeAll(async () => {
  const o = await kit.owner();
  guid = (await kit.createBot(o.cookie, { name: 'Limited' })).guid;
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('chat rate limits', () => {
  it('answers 429 with Retry-After past the per-session limit', async () => {
    const sessionId = await kit.openSession(guid, kit.newSessionId(), from('10.0.0.1'));
    for (let i = 0; i < 3; i++) expect((await kit.streamMessage(sessionId, { content: `hello ${i}` }, from('10.0.0.1'))).status).toBe(200);
    const { status, res } = await kit.streamMessage(sessionId, { content: 'one more' }, from('10.0.0.1'));
    expect(status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ message: 'You are sending messages too quickly. Please wait a moment and try again.' });
    // The refused message was not stored; reading is not limited.
    expect(await kit.getMessages(sessionId)).toHaveLength(6);
  });

  it('limits each client address, counting only trusted forwarded addresses', async () => {
    for (let i = 0; i < 6; i++) expect((await kit.request('/api/chat/session', { body: { sessionId: kit.newSessionId(), chatbotConfigId: guid }, headers: from('10.0.0.2') })).status).toBe(201);
    const refused = await kit.request('/api/chat/session', { body: { sessionId: kit.newSessionId(), chatbotConfigId: guid }, headers: from('10.0.0.2') });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe('Too many messages from your network. Please wait a moment and try again.');
    const other = await kit.request('/api/chat/session', { body: { sessionId: kit.newSessionId(), chatbotConfigId: guid }, headers: from('10.0.0.3') });
    expect(other.status).toBe(201);
  });
});
