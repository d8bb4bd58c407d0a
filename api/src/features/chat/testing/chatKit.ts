/**
 * Test helpers for the chat API. Import this module dynamically, after setting process.env:
 * it loads the app (and with it env.ts, which reads the environment once).
 */
import { and, eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { app } from '../../../app';
import { db } from '../../../db/client';
import { contentSources, monthlyUsage } from '../../../db/schema';
import { createSessionId, type StreamEvent } from '@parley/contracts';
import { addTextSource, waitForIdle } from '../../sources/sources.service';
import { usageKeyFor } from '../../subscription/subscription.service';
import { client } from '../../../../test/helpers';
import { parseSse } from './readSse';

export { app };
export { client, createUserAndCookie, ensureStarted, errorOf, newBot, withCookie } from '../../../../test/helpers';

let offset = 0;
/** A fresh valid session id (distinct timestamps keep ids readable in failures). */
export function newSessionId() {
  return createSessionId(Date.now() + offset++);
}

/**
 * A raw request by path, for what the typed `client` cannot send: bodies of the wrong type,
 * preflights, paths no route declares.
 */
export function request(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return app.request(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body !== undefined && { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const chat = client.api.chat;
type StreamBody = InferRequestType<(typeof chat)[':sessionId']['messages']['stream']['$post']>['json'];

export async function openSession(chatbotConfigId: string | null, sessionId = newSessionId(), headers: Record<string, string> = {}) {
  const res = await chat.session.$post({ json: { sessionId, chatbotConfigId } }, { headers });
  if (res.status !== 201 && res.status !== 200) throw new Error(`open session failed: ${res.status} ${await res.text()}`);
  return sessionId;
}

/** Sends a streamed message and returns all events (the whole stream is read). */
export async function streamMessage(
  sessionId: string,
  body: StreamBody,
  headers: Record<string, string> = {},
): Promise<{ status: number; events: StreamEvent[]; res: Response }> {
  const res = await chat[':sessionId'].messages.stream.$post({ param: { sessionId }, json: { messageType: 'text', ...body } }, { headers });
  const text = await res.text();
  return { status: res.status, events: res.status === 200 ? parseSse(text) : [], res: new Response(text, { status: res.status, headers: res.headers }) };
}

export async function getMessages(sessionId: string) {
  const res = await chat[':sessionId'].messages.$get({ param: { sessionId } });
  if (res.status !== 200) throw new Error(`messages failed: ${res.status} ${await res.text()}`);
  return res.json();
}

export function completeMessages(events: StreamEvent[]) {
  const complete = events.find((e) => e.type === 'complete');
  if (complete?.type !== 'complete') throw new Error(`no complete event in ${JSON.stringify(events)}`);
  return complete.messages;
}

/** Trains a bot on text sources and waits until they are indexed. */
export async function train(chatbotId: number, texts: { title: string; textContent: string }[]) {
  const ids: number[] = [];
  for (const t of texts) ids.push((await addTextSource(chatbotId, t)).id);
  for (const id of ids) await waitForIdle(id);
  const states = await db.select({ status: contentSources.status }).from(contentSources).where(eq(contentSources.chatbotId, chatbotId));
  if (states.some((s) => s.status !== 'completed')) throw new Error(`training failed: ${JSON.stringify(states)}`);
}

/** Sets how many messages the owner has used this month. */
export async function setUsage(userId: string, used: number) {
  await db
    .insert(monthlyUsage)
    .values({ userId, month: await usageKeyFor(userId), messagesUsed: used })
    .onConflictDoUpdate({ target: [monthlyUsage.userId, monthlyUsage.month], set: { messagesUsed: used } });
}

export async function usage(userId: string): Promise<number> {
  const month = await usageKeyFor(userId);
  const [row] = await db
    .select({ n: monthlyUsage.messagesUsed })
    .from(monthlyUsage)
    .where(and(eq(monthlyUsage.userId, userId), eq(monthlyUsage.month, month)));
  return row?.n ?? 0;
}

/** A non-admin owner (the first account of an install is admin, so one is made first). */
export async function owner() {
  const { createUserAndCookie, ensureStarted } = await import('../../../../test/helpers');
  await ensureStarted();
  await createUserAndCookie({ email: 'first-admin@example.com' }).catch(() => undefined);
  return createUserAndCookie();
}

export { ACME_KNOWLEDGE as KNOWLEDGE } from '../../../../test/fixtures/acmeKnowledge';

export type { StreamEvent };
