import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');

export type RunningServer = { url: string; port: number; dataDir: string; process: ChildProcess; stop: () => Promise<void> };

/**
 * Starts the real Parley server (`api/src/index.ts`) on a free port with a fresh data folder.
 * The built dashboard and widget bundles are served from dist folders, so run `npm run build`
 * first (`npm test` does).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'parley-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CRAWL_ALLOW_PRIVATE_HOSTS: 'true',
      SEED_DEFAULT_CHATBOT: 'false',
      // Every journey's browser is 127.0.0.1: the per-address limits are tested in the API suite.
      RATE_LIMIT_NEW_SESSIONS_PER_HOUR: '0',
      RATE_LIMIT_MESSAGES_PER_ADDRESS_PER_DAY: '0',
      REGISTER_RATE_LIMIT_PER_HOUR: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    dataDir,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!extraEnv.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Registers a fresh owner through the API from `page`'s context, which then carries the session cookie. */
export async function signUpThroughApi(page: Page, firstName: string): Promise<string> {
  const email = `owner-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post('/api/auth/register', { data: { email, password: 'correct horse battery staple', firstName } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return email;
}

/**
 * axe-core over the whole page, the widget's open shadow roots included (axe descends into
 * them), or only over the `include` selector when given.
 */
export async function expectNoAxeViolations(page: Page, { include }: { include?: string } = {}) {
  // Contrast is judged on the settled UI, not mid-way through an opening animation.
  await page.evaluate(async () => {
    const roots: (Document | ShadowRoot)[] = [document, ...[...document.querySelectorAll('chat-widget')].map((h) => h.shadowRoot!)];
    await Promise.all(roots.flatMap((r) => r.getAnimations()).map((a) => a.finished.catch(() => undefined)));
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => [n.target, n.failureSummary]))}`);
  }, include);
  expect(violations).toEqual([]);
}
