/**
 * Chat turn latency with 50 concurrent visitor sessions against the real server process
 * (retrieval over the seeded docs bot, SQLite writes, SSE) and a zero-latency
 * OpenAI-compatible model server. Two runs, one JSON line:
 * - `paced`: every session sends a turn, reads the answer, waits 0-2 s like a fast typist
 *   (about 50 turns/s in all); the budget (first SSE byte ≤ 5 ms median) is checked here.
 * - `saturated`: every session sends turns back to back, so the server is always at 100 %
 *   CPU; this gives the throughput (turns/s) and latency under overload (mostly queueing).
 * Times: first byte of the SSE body, first `delta` event (first model token), whole turn.
 */
import { Agent, request } from 'node:http';
import { startServer } from '../e2e/harness';
import { startFakeOpenAI } from '../api/src/features/chat/testing/fakeOpenAI';
import { createSessionId } from '@parley/contracts';

const CONCURRENCY = 50;
const PACED_TURNS_PER_SESSION = 8;
const SATURATED_TURNS_PER_SESSION = 12;
const MAX_THINK_MS = 2000;
const WARMUP_TURNS = 100;
const QUESTION = 'How do I embed the widget on my website?';

const model = await startFakeOpenAI();
const server = await startServer({
  OPENAI_API_KEY: 'bench',
  OPENAI_BASE_URL: `${model.url}/v1`,
  RATE_LIMIT_CHAT_PER_MINUTE: '0',
  RATE_LIMIT_SESSION_PER_MINUTE: '0',
  SEED_DEFAULT_CHATBOT: 'true',
});
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

try {
  const bot = JSON.parse((await call('GET', '/api/public/default-chatbot')).body) as { guid: string };
  const sessions = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const sessionId = createSessionId(Date.now() + i);
      await call('POST', '/api/chat/session', { sessionId, chatbotConfigId: bot.guid });
      return sessionId;
    }),
  );
  for (let i = 0; i < WARMUP_TURNS; i += CONCURRENCY) await Promise.all(sessions.map((s) => turn(s)));

  const paced = await scenario(sessions, PACED_TURNS_PER_SESSION, MAX_THINK_MS);
  const saturated = await scenario(sessions, SATURATED_TURNS_PER_SESSION, 0);
  console.log(
    JSON.stringify({
      bench: 'chat',
      concurrency: CONCURRENCY,
      paced,
      saturated,
      turnsPerSecond: saturated.turnsPerSecond,
      budget: { firstByteP50Ms: 5, measured: paced.firstByteMs.p50, ok: paced.firstByteMs.p50 <= 5 },
    }),
  );
} finally {
  agent.destroy();
  await server.stop();
  await model.close();
}

/** Every session runs `turns` turns, waiting up to `maxThinkMs` (random) before each. */
async function scenario(sessions: string[], turns: number, maxThinkMs: number) {
  const firstByte: number[] = [];
  const firstDelta: number[] = [];
  const full: number[] = [];
  const started = performance.now();
  await Promise.all(
    sessions.map(async (sessionId) => {
      for (let i = 0; i < turns; i++) {
        if (maxThinkMs) await new Promise((r) => setTimeout(r, Math.random() * maxThinkMs));
        const t = await turn(sessionId);
        firstByte.push(t.firstByte);
        firstDelta.push(t.firstDelta);
        full.push(t.full);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    turns: full.length,
    firstByteMs: { p50: percentile(firstByte, 50), p95: percentile(firstByte, 95) },
    firstDeltaMs: { p50: percentile(firstDelta, 50), p95: percentile(firstDelta, 95) },
    fullTurnMs: { p50: percentile(full, 50), p95: percentile(full, 95) },
    turnsPerSecond: round(full.length / seconds),
  };
}

/** One streamed turn; times are from sending the request. */
function turn(sessionId: string): Promise<{ firstByte: number; firstDelta: number; full: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let firstByte = 0;
    let firstDelta = 0;
    let text = '';
    const req = request(
      `${server.url}/api/chat/${sessionId}/messages/stream`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const now = performance.now();
          if (!firstByte) firstByte = now - t0;
          text += chunk;
          if (!firstDelta && text.includes('"type":"delta"')) firstDelta = now - t0;
        });
        res.on('end', () => {
          if (!text.includes('"type":"complete"')) return reject(new Error(`turn did not complete: ${text.slice(0, 300)}`));
          resolve({ firstByte, firstDelta, full: performance.now() - t0 });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ content: QUESTION, messageType: 'text' }));
  });
}

function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, agent, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => (res.statusCode! < 300 ? resolve({ status: res.statusCode!, body: text }) : reject(new Error(`${path}: ${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

function round(n: number) {
  return Math.round(n * 100) / 100;
}
