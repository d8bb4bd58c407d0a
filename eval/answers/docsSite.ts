import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A manual Debian installs as HTML: its package and folder. */
export type DocsPackage = { pkg: string; dir: string };

/** The PostgreSQL 15 manual: the site the questions are about. */
export const POSTGRES_DOCS: DocsPackage = { pkg: 'postgresql-doc-15', dir: '/usr/share/doc/postgresql-doc-15/html' };
/** The Python 3.11 manual: more content for the same bot, so answers are chosen among 10,000+ chunks. */
export const PYTHON_DOCS: DocsPackage = { pkg: 'python3.11-doc', dir: '/usr/share/doc/python3.11/html' };

/**
 * Installs the manuals with apt when they are missing (as CI does for Chromium); fails with
 * the command to run when that is not possible (not root, no apt).
 */
export function ensureDocs(...docs: DocsPackage[]): void {
  const missing = docs.filter((d) => !existsSync(path.join(d.dir, 'index.html')));
  if (missing.length === 0) return;
  const pkgs = missing.map((d) => d.pkg);
  console.error(`[eval] installing ${pkgs.join(' ')} with apt-get`);
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], { stdio: 'inherit' });
  } catch {
    throw new Error(`The manuals are needed: run \`apt-get install -y ${pkgs.join(' ')}\` (as root), then try again.`);
  }
  for (const d of missing) if (!existsSync(path.join(d.dir, 'index.html'))) throw new Error(`${d.pkg} installed, but ${d.dir}/index.html is missing`);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves a manual's folder on loopback, as a documentation site would (no robots.txt, no sitemap). */
export async function serveDocs({ dir: DOCS_DIR }: DocsPackage): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(DOCS_DIR, path.normalize(pathname === '/' ? '/index.html' : pathname));
    if (!file.startsWith(DOCS_DIR)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
