import { randomUUID } from 'node:crypto';
import { app } from '../src/app';
import { startup } from '../src/startup';

let started: Promise<void> | null = null;
/** Seeds plans etc. once per test file, like the server does at start. */
export function ensureStarted() {
  started ??= startup();
  return started;
}

let counter = 0;

/** Registers a fresh account through the API and returns its session cookie. */
export async function createUserAndCookie(overrides: { email?: string; password?: string; firstName?: string } = {}) {
  await ensureStarted();
  const email = overrides.email ?? `owner${++counter}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await app.request('/api/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: overrides.password ?? 'correct horse battery', firstName: overrides.firstName }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const user = (await res.json()) as { id: string; email: string };
  return { cookie, user, email };
}

/** Sends a JSON request as the given cookie's owner. */
export function api(path: string, init: { method?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Creates a bot through the API; returns its JSON. */
export async function createBot(cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await api('/api/chatbots', {
    cookie,
    body: { guid: randomUUID(), name: 'Support Bot', systemPrompt: 'You help customers.', model: 'gpt-4.1', ...overrides },
  });
  if (res.status !== 201) throw new Error(`create bot failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; guid: string; userId: string; name: string; isActive: boolean } & Record<string, unknown>;
}
