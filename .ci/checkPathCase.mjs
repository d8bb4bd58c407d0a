// Fails when two tracked paths (files or folders) differ only by letter case, or two modules
// whose import specifiers (the path without .ts/.tsx/.js/.mjs) do: on a case-insensitive file
// system (macOS, Windows) one would shadow the other and `import './chatbotForm'` could
// resolve to ChatbotForm.tsx.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Tracked and new files alike, as they are on disk (a deleted file no longer clashes).
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(file));
const paths = new Set();
for (const file of files) {
  const parts = file.split('/');
  for (let i = 1; i <= parts.length; i++) paths.add(parts.slice(0, i).join('/'));
  const specifier = file.replace(/\.(tsx?|jsx?|mjs)$/, '');
  if (specifier !== file) paths.add(`${specifier} (module)`);
}
const byFolded = new Map();
const clashes = [];
for (const path of paths) {
  const folded = path.toLowerCase();
  const other = byFolded.get(folded);
  if (other !== undefined) clashes.push(`${other} <-> ${path}`);
  else byFolded.set(folded, path);
}
if (clashes.length) {
  console.error(`Paths that differ only by case:\n  ${clashes.join('\n  ')}`);
  process.exit(1);
}
console.log(`path case: ${paths.size} paths, no two differ only by case`);
