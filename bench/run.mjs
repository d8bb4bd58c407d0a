// Runs every bench/*.bench.ts (or the names given) one after another; each prints one JSON line.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

let failed = 0;
for (const file of files) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    cwd: path.join(dir, '..'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  if (result.status !== 0) {
    failed++;
    console.log(JSON.stringify({ bench: file.replace('.bench.ts', ''), error: `exited with ${result.status}` }));
  }
}
process.exit(failed ? 1 : 0);
