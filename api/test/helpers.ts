import { randomUUID } from 'node:crypto';
import { testClient } from 'hono/testing';
import { z } from 'zod';
import { app } from '../src/app';
import { startup } from '../src/startup';

let started: Promise<void> | null = null;
/** Seeds plans etc. once per test file, like the server does at start. */
export function ensureStarted() {
  started ??= startup();
  return started;
}

let counter = 0;

/** Typed calls to every route, the way the dashboard's `hc<AppType>` makes them. */
export const client = testClient(app);

/** Request options that send `cookie` (an owner's session) with a typed call. */
export const withCookie = (cookie: string, headers: Record<string, string> = {}) => ({ headers: { ...headers, cookie } });

/** Registers a fresh account through the API and returns its session cookie. */
export async function createUserAndCookie(overrides: { email?: string; password?: string; firstName?: string } = {}) {
  await ensureStarted();
  const email = overrides.email ?? `owner${++counter}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await client.api.auth.register.$post({ json: { email, password: overrides.password ?? 'correct horse battery', firstName: overrides.firstName } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const user = await res.json();
  return { cookie, user, email };
}

type NewBotInput = Parameters<typeof client.api.chatbots.$post>[0]['json'];

/** Creates a bot through the typed route as the cookie's owner; answers the stored bot. */
export async function newBot(cookie: string, overrides: Partial<NewBotInput> = {}) {
  const res = await client.api.chatbots.$post(
    { json: { guid: randomUUID(), name: 'Support Bot', systemPrompt: 'You help customers.', model: 'gpt-4.1', ...overrides } },
    withCookie(cookie),
  );
  if (res.status !== 201) throw new Error(`create bot failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A fresh owner with one bot ("Harbor Help" unless `overrides` say otherwise). */
export async function ownerWithBot(overrides: Partial<NewBotInput> = {}) {
  const { cookie } = await createUserAndCookie();
  const bot = await newBot(cookie, { name: 'Harbor Help', ...overrides });
  return { cookie, bot };
}

// The shape the app's error handler answers with. Unknown keys are kept, so a whole-body
// comparison still sees anything unexpected.
const errorAnswer = z.looseObject({ message: z.string(), details: z.record(z.string(), z.unknown()).optional() });
const validationAnswer = errorAnswer.extend({
  details: z.looseObject({ fieldErrors: z.record(z.string(), z.array(z.string())), formErrors: z.array(z.string()) }),
});

/**
 * Reads an error answer `{message, details?}`. A typed route's `json()` describes only its
 * success, while errors come from the app's error handler: their shape is checked here rather
 * than cast.
 */
export async function errorOf(res: { json(): Promise<unknown> }) {
  return errorAnswer.parse(await res.json());
}

/** Reads a validator's 400 answer, whose details list the problems by field. */
export async function validationErrorOf(res: { json(): Promise<unknown> }) {
  return validationAnswer.parse(await res.json());
}

/**
 * A body the route's input type refuses, sent anyway: validation tests send what any client
 * might, and it is the server, not the compiler, that must turn it away.
 */
export const untyped = <T>(body: unknown): T => body as T;
