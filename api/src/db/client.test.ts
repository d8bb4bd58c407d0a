import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Imports the database module in a fresh process with `DATABASE_URL` set; answers how it ended. */
function openWith(databaseUrl: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', "await import('./api/src/db/client.ts')"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-db-')) },
    encoding: 'utf8',
  });
  return { status: run.status, stderr: run.stderr };
}

describe('choosing the database', () => {
  it('refuses a DATABASE_URL that is not PostgreSQL with the field error', () => {
    const { status, stderr } = openWith('mysql://root@localhost/parley');
    expect(status).not.toBe(0);
    expect(stderr).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
  });
});
