import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalSmtp } from '../../../test/localSmtp';

// setupPostgres.ts has pointed DATABASE_URL at a fresh database; SMTP_URL must be set before
// env.ts is first imported (here and in the worker processes, which inherit it).
const smtp = await startLocalSmtp();
process.env.SMTP_URL = smtp.url;
const { env } = await import('../../env');
const { db, postgres } = await import('../../db/client');
const { emailOutbox } = await import('../../db/schema');

afterAll(async () => {
  await smtp.close();
  await postgres?.pool.end();
});

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const script = path.join(env.DATA_DIR, 'outboxWorker.mts');
writeFileSync(
  script,
  `const { processOutbox } = await import(${JSON.stringify(new URL('./outbox.service.ts', import.meta.url).href)});
   const { postgres } = await import(${JSON.stringify(new URL('../../db/client.ts', import.meta.url).href)});
   // Both workers start their pass at the same moment.
   await new Promise((r) => setTimeout(r, Math.max(0, Number(process.argv[2]) - Date.now())));
   console.log(JSON.stringify(await processOutbox()));
   await postgres.pool.end();`,
);

/** Another instance's outbox worker: one pass at `at` (ms); resolves with how many it sent. */
function workerPass(at: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(at)], { cwd: root, env: { ...process.env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim().split('\n').pop())) : reject(new Error(`worker exited with ${code}`))));
  });
}

const subjects = () => smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim());

describe('the email outbox on PostgreSQL', () => {
  it('sends each due mail once when two instances claim at the same moment', async () => {
    const due = new Date(Date.now() - 1000);
    const mails = Array.from({ length: 12 }, (_, i) => ({ to: `owner${i}@example.com`, subject: `Mail ${i}`, text: 'Hello', nextAttemptAt: due }));
    await db.insert(emailOutbox).values(mails);
    // Every delivery waits a little, as a real mail server makes it, so the passes overlap.
    const release = smtp.hold();
    const at = Date.now() + 4_000;
    const passes = Promise.all([workerPass(at), workerPass(at)]);
    setTimeout(release, 5_500);
    const [first, second] = await passes;

    expect(first + second).toBe(12);
    expect(subjects().sort()).toEqual(mails.map((m) => m.subject).sort());
    const rows = await db.select().from(emailOutbox);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(12).fill(['sent', 1]));
  });
});
