import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { request as playwrightRequest, type APIRequestContext, type Locator } from 'playwright-core';
import { closeServer } from '../api/test/closeServer';

/**
 * Helpers of the widget journeys: a customer site on its own origin (a second port, so every
 * widget call is cross-origin), an owner with a trained bot made through the real API, and
 * direct access to the server's SQLite file for what no visitor call can do (usage, seeded
 * interactive messages).
 */

/** A page of the host site: its HTML, or its body with extra headers (such as a CSP) and a type. */
export type HostPage = string | { body: string; headers?: Record<string, string>; type?: string };

export type HostSite = { url: string; pages: Map<string, HostPage>; close: () => Promise<void> };

/** Serves the given pages (path → page) from 127.0.0.1 on a free port. */
export async function startHostSite(pages: Record<string, HostPage> = {}): Promise<HostSite> {
  const map = new Map(Object.entries(pages));
  const server: Server = createServer((req, res) => {
    const found = map.get((req.url ?? '/').split('?')[0]!);
    if (found === undefined) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const page = typeof found === 'string' ? { body: found } : found;
    res
      .writeHead(200, { 'content-type': page.type ?? 'text/html; charset=utf-8', 'cache-control': 'no-store', ...page.headers })
      .end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pages: map,
    close: () => closeServer(server),
  };
}

/**
 * Global CSS a careless (or hostile) site might ship: resets that unset everything, hide every
 * div and button, huge fonts, odd colours, transforms. A widget that leaks breaks under it.
 */
export const HOSTILE_CSS = `
  * { all: unset; }
  head, script, style, title { display: none !important; }
  html { font-size: 40px !important; }
  body { display: block; margin: 0; font: 700 40px/5 "Comic Sans MS", cursive !important; color: #ff00aa !important; background: #fffbe6; }
  div { display: none !important; }
  button, textarea, input, section, p, h2, h3, ul, li, a, form, label {
    all: unset !important; display: none !important; font-size: 64px !important; color: #00ff00 !important;
    background: #000 !important; border: 9px solid red !important; position: static !important;
  }
  * { box-sizing: content-box !important; letter-spacing: 6px !important; text-transform: uppercase !important; }
  body > * { transform: rotate(3deg) !important; position: static !important; }
  .host-visible { display: block !important; }
  /* Classes the widget uses too: styling them here must not reach the widget, and the widget's
     own rules must not reach these host elements. */
  .cw-launcher, .cw-panel, .cw-root { outline: 7px dotted purple !important; width: 3px !important; }
`;

/** Markup a host page carries besides the widget: landmarks and elements named like widget classes. */
export function hostBody(title: string): string {
  return `<main class="host-visible"><h1 class="host-visible">${title}</h1>
  <p class="host-visible" id="host-text">Welcome to a customer site with aggressive global CSS.</p>
  <span class="cw-launcher host-visible" id="host-launcher-lookalike">host span named cw-launcher</span>
  <span class="cw-bubble host-visible" id="host-bubble-lookalike">host span named cw-bubble</span></main>`;
}

export type Owner = { api: APIRequestContext; userId: string; guid: string; botId: number };

/**
 * Registers an owner, creates a bot and trains it on text sources through the real API,
 * waiting until every source is indexed.
 */
export async function createTrainedBot(
  serverUrl: string,
  texts: { title: string; textContent: string }[],
  bot: Record<string, unknown> = {},
): Promise<Owner> {
  const api = await playwrightRequest.newContext({ baseURL: serverUrl, extraHTTPHeaders: { Origin: serverUrl } });
  const email = `owner-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const registered = await api.post('/api/auth/register', { data: { email, password: 'correct horse battery staple', firstName: 'Olive' } });
  if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const user = (await registered.json()) as { id: string };
  const guid = crypto.randomUUID();
  const created = await api.post('/api/chatbots', { data: { guid, name: 'Acme Help', description: 'Answers questions about Acme kettles.', ...bot } });
  if (!created.ok()) throw new Error(`create bot: ${created.status()} ${await created.text()}`);
  const { id: botId } = (await created.json()) as { id: number };
  for (const text of texts) {
    const res = await api.post(`/api/chatbots/${guid}/website-sources`, { data: { sourceType: 'text', ...text } });
    if (res.status() !== 201) throw new Error(`add source: ${res.status()} ${await res.text()}`);
  }
  for (let i = 0; ; i++) {
    const list = (await (await api.get(`/api/chatbots/${guid}/website-sources`)).json()) as { status: string }[];
    if (list.length === texts.length && list.every((s) => s.status === 'completed')) break;
    if (list.some((s) => s.status === 'failed') || i > 300) throw new Error(`training failed: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { api, userId: user.id, guid, botId };
}

/** The server's database file, opened beside the running server (WAL mode allows it). */
export function openDatabase(dataDir: string) {
  const db = new Database(path.join(dataDir, 'parley.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Inserts a bot message into a visitor's conversation, as a survey or tool would have. */
export function seedBotMessage(db: Database.Database, sessionId: string, message: { content: string; messageType: string; metadata: unknown }) {
  const session = db.prepare('select chatbot_id as chatbotId from chat_sessions where session_id = ?').get(sessionId) as { chatbotId: number } | undefined;
  if (!session) throw new Error(`no session ${sessionId}`);
  const row = db
    .prepare(`insert into chat_messages (session_id, chatbot_id, sender, content, message_type, metadata) values (?, ?, 'bot', ?, ?, ?) returning id`)
    .get(sessionId, session.chatbotId, message.content, message.messageType, JSON.stringify(message.metadata)) as { id: number };
  return row.id;
}

/** Sets the owner's messages used this month (the Free plan allows 100). */
export function setMonthlyUsage(db: Database.Database, userId: string, used: number) {
  db.prepare(
    `insert into monthly_usage (user_id, month, messages_used) values (?, ?, ?)
     on conflict (user_id, month) do update set messages_used = excluded.messages_used`,
  ).run(userId, new Date().toISOString().slice(0, 7), used);
}

/**
 * The box of what `locator` finds, asked again when the element was replaced while being
 * measured: the loader's launcher gives way to the full widget's identical one at any moment.
 */
export async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const box = await locator.boundingBox().catch(() => null);
    if (box) return box;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${locator} has no box`);
}
