/**
 * Chat turns per second on one Parley instance and on two instances sharing one database (the
 * scale-out target: two ≥ 1.7× one). Each instance is a real server process on loopback; the
 * visitors (CONCURRENCY sessions sending turns back to back for DURATION_MS) send each turn to
 * the next instance in turn, as a round-robin balancer would, so a conversation alternates
 * between the instances. Answers come from the offline answerer over the seeded docs bot, so the
 * work is the server's own (retrieval, database writes, SSE) and no model process shares the CPU.
 * SQLite by default; `LOAD_DATABASE=postgres` for PostgreSQL. Prints one JSON line.
 */
import { cpus } from 'node:os';
import { Agent, request } from 'node:http';
import { createSessionId } from '@parley/contracts';
import { startServer, type RunningServer } from '../e2e/harness';
import { openLoadDatabase } from '../load/loadDatabase';

const CONCURRENCY = 50;
const DURATION_MS = 15_000;
const WARMUP_MS = 3_000;
const QUESTION = 'How do I embed the widget on my website?';
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

// LOAD_DATABASE=postgres runs the instances on a fresh PostgreSQL database (see load/loadDatabase.ts).
const database = await openLoadDatabase();
const settings = {
  ...database.env,
  RATE_LIMIT_CHAT_PER_MINUTE: '0',
  RATE_LIMIT_SESSION_PER_MINUTE: '0',
  SEED_DEFAULT_CHATBOT: 'true',
  LOG_LEVEL: 'error',
};
const servers: RunningServer[] = [];
try {
  servers.push(await startServer(settings));
  const one = await measure([servers[0]!.url]);
  servers.push(await startServer(settings));
  const two = await measure(servers.map((s) => s.url));
  const speedup = Math.round((two.turnsPerSecond / one.turnsPerSecond) * 100) / 100;
  console.log(
    JSON.stringify({
      bench: 'instances',
      database: database.kind,
      cpus: cpus().length,
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      one,
      two,
      speedup,
      target: { speedup: 1.7, ok: speedup >= 1.7 },
    }),
  );
} finally {
  agent.destroy();
  for (const server of servers) await server.stop();
  await database.close();
}

/** Saturated turns against `urls` (turn n of every session goes to urls[n % urls.length]). */
async function measure(urls: string[]) {
  const bot = JSON.parse(await call(urls[0]!, 'GET', '/api/public/default-chatbot')) as { guid: string };
  const sessions = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const sessionId = createSessionId(Date.now() + i);
      await call(urls[0]!, 'POST', '/api/chat/session', { sessionId, chatbotConfigId: bot.guid });
      return sessionId;
    }),
  );
  await runFor(sessions, urls, WARMUP_MS);
  const started = performance.now();
  const times = await runFor(sessions, urls, DURATION_MS);
  const seconds = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
  return { instances: urls.length, turns: times.length, turnsPerSecond: Math.round((times.length / seconds) * 10) / 10, fullTurnMs: { p50: at(50), p95: at(95) } };
}

/** Every session sends turns back to back until `ms` have passed; returns each turn's time. */
async function runFor(sessions: string[], urls: string[], ms: number) {
  const end = performance.now() + ms;
  const times: number[] = [];
  await Promise.all(
    sessions.map(async (sessionId, i) => {
      for (let n = i; performance.now() < end; n++) {
        const t0 = performance.now();
        await turn(urls[n % urls.length]!, sessionId);
        times.push(performance.now() - t0);
      }
    }),
  );
  return times;
}

function turn(url: string, sessionId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/chat/${sessionId}/messages/stream`, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => (res.statusCode === 200 && text.includes('"type":"complete"') ? resolve() : reject(new Error(`turn failed: ${res.statusCode} ${text.slice(0, 200)}`))));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ content: QUESTION, messageType: 'text' }));
  });
}

function call(url: string, method: string, route: string, body?: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${route}`, { method, agent, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => (res.statusCode! < 300 ? resolve(text) : reject(new Error(`${route}: ${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}
