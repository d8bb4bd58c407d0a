/**
 * Chat turns per second on one Parley instance and on two instances sharing one database (the
 * scale-out target: two ≥ 1.7× one). Each instance is a real server process on loopback. The
 * visitors are wrk (Debian's `wrk`, a C load generator: a Node.js client would take a good part
 * of a core the servers need on a small machine), CONNECTIONS of them sending turns back to back
 * for DURATION_MS, spread over SESSIONS conversations; with two instances each gets half the
 * connections and both walk the same conversations, so a conversation's turns land on either
 * instance, as behind a round-robin balancer. Answers come from the offline answerer over the
 * seeded docs bot, so the work is the server's own (retrieval, database writes, SSE) and no model
 * process shares the CPU. SQLite by default; `LOAD_DATABASE=postgres` for PostgreSQL. Prints one
 * JSON line.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSessionId } from '@parley/contracts';
import { startServer, type RunningServer } from '../e2e/harness';
import { openLoadDatabase } from '../load/loadDatabase';

const CONNECTIONS = 50;
const SESSIONS = 500;
const DURATION_MS = 15_000;
const WARMUP_MS = 3_000;
const WRK_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'chatTurns.wrk.lua');
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (error) {
  // wrk prints its version and exits 1; only a missing binary is an error here.
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error('bench/instances needs wrk: apt-get install wrk');
    process.exit(1);
  }
}

// LOAD_DATABASE=postgres runs the instances on a fresh PostgreSQL database (see load/loadDatabase.ts).
const database = await openLoadDatabase();
const settings = {
  ...database.env,
  RATE_LIMIT_CHAT_PER_MINUTE: '0',
  RATE_LIMIT_SESSION_PER_MINUTE: '0',
  RATE_LIMIT_NEW_SESSIONS_PER_HOUR: '0',
  RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_DAY: '0',
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
      client: 'wrk',
      connections: CONNECTIONS,
      sessions: SESSIONS,
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

/** Saturated turns against `urls`, CONNECTIONS split evenly between them. */
async function measure(urls: string[]) {
  const bot = JSON.parse(await call(urls[0]!, 'GET', '/api/public/default-chatbot')) as { guid: string };
  const sessions: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const sessionId = createSessionId(Date.now() + i);
    await call(urls[i % urls.length]!, 'POST', '/api/chat/session', { sessionId, chatbotConfigId: bot.guid });
    sessions.push(sessionId);
  }
  await runWrk(urls, sessions, WARMUP_MS);
  const before = cpus();
  const runs = await runWrk(urls, sessions, DURATION_MS);
  const idle = idleShare(before, cpus());
  const turns = runs.reduce((n, r) => n + r.turns, 0);
  const failed = runs.reduce((n, r) => n + r.failed + Object.values(r.errors).reduce((a, b) => a + b, 0), 0);
  if (failed) throw new Error(`${failed} of ${turns} turns failed or did not stream to their end: ${JSON.stringify(runs)}`);
  const seconds = Math.max(...runs.map((r) => r.seconds));
  return {
    instances: urls.length,
    turns,
    turnsPerSecond: Math.round((turns / seconds) * 10) / 10,
    // the machine's CPU left idle meanwhile: near 0, the cores, not Parley, set the pace
    idleCpuPercent: Math.round(idle * 1000) / 10,
    // each wrk's own percentiles; with two, the slower of the two
    fullTurnMs: { p50: Math.max(...runs.map((r) => r.p50)), p95: Math.max(...runs.map((r) => r.p95)) },
  };
}

/** The share of all cores' time spent idle between two `cpus()` readings. */
function idleShare(before: ReturnType<typeof cpus>, after: ReturnType<typeof cpus>): number {
  let idle = 0;
  let total = 0;
  after.forEach((cpu, i) => {
    const was = before[i]!.times;
    for (const key of Object.keys(cpu.times) as (keyof typeof cpu.times)[]) total += cpu.times[key] - was[key];
    idle += cpu.times.idle - was.idle;
  });
  return total ? idle / total : 0;
}

type WrkResult = { turns: number; seconds: number; failed: number; errors: Record<'connect' | 'read' | 'write' | 'timeout', number>; p50: number; p95: number };

/** One wrk per instance, at once; each starts its walk over `sessions` at its own offset. */
function runWrk(urls: string[], sessions: string[], ms: number): Promise<WrkResult[]> {
  const perInstance = Math.round(CONNECTIONS / urls.length);
  return Promise.all(
    urls.map(
      (url, i) =>
        new Promise<WrkResult>((resolve, reject) => {
          const wrk = spawn('wrk', ['-t1', `-c${perInstance}`, `-d${ms / 1000}s`, '--timeout', '30s', '-s', WRK_SCRIPT, url], {
            env: { ...process.env, PARLEY_SESSIONS: sessions.join(','), PARLEY_OFFSET: String(Math.floor((i * sessions.length) / urls.length)) },
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let out = '';
          wrk.stdout.setEncoding('utf8');
          wrk.stdout.on('data', (c: string) => (out += c));
          wrk.on('error', reject);
          wrk.on('close', (code) => {
            const line = out.trim().split('\n').pop() ?? '';
            if (code !== 0 || !line.startsWith('{')) reject(new Error(`wrk exited with ${code}: ${out}`));
            else resolve(JSON.parse(line) as WrkResult);
          });
        }),
    ),
  );
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
