import { readFileSync } from 'node:fs';
import path from 'node:path';
import { request, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionId } from '@parley/contracts';
import { startFakeOpenAI, type FakeOpenAI } from '../api/src/features/chat/testing/fakeOpenAI';
import { launchBrowser, ROOT, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * Every route of the dashboard's route table at a phone (390×844) and a laptop (1366×900):
 * no horizontal scrolling, code blocks wrap or scroll inside their own box, and a chat
 * launcher, where the page has one, is fully on screen. The route table below must cover
 * every `path="..."` of AppRoutes.tsx, so a new page cannot slip past this check.
 */

type Ctx = { guid: string };
type RouteCase = {
  /** How the page is reached. */
  url: (ctx: Ctx) => string;
  /** The exact main heading that tells the page has rendered. */
  heading: string;
  /** A test id whose first element must appear too: the page's content, not just its frame. */
  ready?: string;
  signedIn: boolean;
  /** The page floats the public demo widget, whose launcher must be on screen. */
  launcher?: boolean;
};

const BOT_NAME = 'Harbor Help';
const LONG_URL = 'https://harbour.example/berths/visitor-moorings-and-long-stay-pontoons/price-list-2026-0123456789abcdef';

/** One entry per route of AppRoutes.tsx, keyed by its `path` ('index' is the index route). */
const ROUTES: Record<string, RouteCase> = {
  index: { url: () => '/', heading: 'AI support that answers from your own content', signedIn: false, launcher: true },
  '/docs': { url: () => '/docs', heading: 'Build, train and embed your chatbot', signedIn: false },
  '/pricing': { url: () => '/pricing', heading: 'Simple, transparent pricing', signedIn: false, launcher: true },
  '/contact': { url: () => '/contact', heading: 'Get in touch', signedIn: false },
  '/privacy': { url: () => '/privacy', heading: 'Privacy Policy', signedIn: false },
  '/terms': { url: () => '/terms', heading: 'Terms of Service', signedIn: false },
  '/login': { url: () => '/login', heading: 'Welcome back', signedIn: false },
  '/forgot-password': { url: () => '/forgot-password', heading: 'Forgot password?', signedIn: false },
  '/reset-password': { url: () => '/reset-password?token=0123456789abcdef', heading: 'Choose a new password', signedIn: false },
  '/widget': { url: () => '/widget', heading: 'Chat widget demo', signedIn: false, launcher: true },
  '/chat-widget': { url: () => '/chat-widget', heading: 'Chat widget demo', signedIn: false, launcher: true },
  '*': { url: () => '/definitely/not/a/page', heading: '404 - Page Not Found', signedIn: false },

  '/dashboard': { url: () => '/dashboard', heading: 'Welcome back, Grace', signedIn: true },
  '/subscription': { url: () => '/subscription', heading: 'Choose Your Plan', signedIn: true, launcher: true },
  '/profile': { url: () => '/profile', heading: 'Profile', signedIn: true },
  // Grace is the install's first account, so an administrator.
  '/admin': { url: () => '/admin', heading: 'Admin', signedIn: true },
  '/settings': { url: () => '/settings', heading: 'Settings', signedIn: true },
  '/support': { url: () => '/support', heading: 'Build, train and embed your chatbot', signedIn: true },
  '/leads': { url: () => '/leads', heading: 'Leads', signedIn: true, ready: 'lead' },
  '/chatbots/new': { url: () => '/chatbots/new', heading: 'Create New Chatbot', signedIn: true },
  '/chatbots/:guid': { url: (c) => `/chatbots/${c.guid}`, heading: `Edit ${BOT_NAME}`, signedIn: true },
  '/chatbots/:guid/add-data': { url: (c) => `/chatbots/${c.guid}/add-data`, heading: `Add Data: ${BOT_NAME}`, signedIn: true },
  '/chatbots/:guid/test': { url: (c) => `/chatbots/${c.guid}/test`, heading: `Test ${BOT_NAME}`, signedIn: true },
  '/chatbots/:guid/ui-designer': { url: (c) => `/chatbots/${c.guid}/ui-designer`, heading: 'UI Designer', signedIn: true },
  '/chatbots/:guid/analytics': { url: (c) => `/chatbots/${c.guid}/analytics`, heading: `Analytics: ${BOT_NAME}`, signedIn: true, ready: 'stat-conversations' },
  '/chatbots/:guid/survey-analytics': { url: (c) => `/chatbots/${c.guid}/survey-analytics`, heading: `Survey Analytics: ${BOT_NAME}`, signedIn: true },
  '/chatbots/:guid/surveys': { url: (c) => `/chatbots/${c.guid}/surveys`, heading: `Surveys: ${BOT_NAME}`, signedIn: true },
  '/chatbots/:guid/embed': { url: (c) => `/chatbots/${c.guid}/embed`, heading: `Embed ${BOT_NAME}`, signedIn: true },
  '/chatbots/:guid/history': { url: (c) => `/chatbots/${c.guid}/history`, heading: 'Chat History', signedIn: true },
  '/chatbots/:guid/leads': { url: (c) => `/chatbots/${c.guid}/leads`, heading: 'Leads', signedIn: true, ready: 'lead' },
  '/chatbots/:guid/unanswered': { url: (c) => `/chatbots/${c.guid}/unanswered`, heading: `Unanswered Questions: ${BOT_NAME}`, signedIn: true },
};

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

/** The `path="..."` attributes of the route table, plus 'index' for the index route. */
function declaredRoutes(): string[] {
  const source = readFileSync(path.join(ROOT, 'dashboard/src/AppRoutes.tsx'), 'utf8');
  const computed = source.match(/\bpath=\{[^}]*\}/g);
  if (computed) throw new Error(`AppRoutes.tsx: write route paths as string literals so this test can read them: ${computed.join(', ')}`);
  const paths = [...source.matchAll(/\bpath="([^"]+)"/g)].map((m) => m[1]!);
  if (/<Route\s+index\b/.test(source)) paths.push('index');
  return [...new Set(paths)];
}

describe('every route at 390 px and 1366 px', () => {
  let fake: FakeOpenAI;
  let server: RunningServer;
  let browser: Browser;
  let visitorContext: BrowserContext;
  let ownerContext: BrowserContext;
  const ctx: Ctx = { guid: crypto.randomUUID() };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startServer({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${fake.url}/v1`, SEED_DEFAULT_CHATBOT: 'true' });
    browser = await launchBrowser();
    visitorContext = await browser.newContext({ baseURL: server.url });
    ownerContext = await browser.newContext({ baseURL: server.url });

    // An owner with a trained bot, a visitor conversation and a lead, so lists and history have content.
    const owner = await ownerContext.newPage();
    await signUpThroughApi(owner, 'Grace');
    const headers = { Origin: server.url };
    const api = owner.request;
    expect((await api.post('/api/chatbots', { data: { guid: ctx.guid, name: BOT_NAME, description: `Moorings and berths, prices on ${LONG_URL}` }, headers })).status()).toBe(201);
    const source = await api.post(`/api/chatbots/${ctx.guid}/website-sources`, {
      data: { sourceType: 'text', title: 'Office hours', textContent: 'The harbour office opens at 8 am and closes at 6 pm every day.' },
      headers,
    });
    expect(source.status()).toBe(201);
    // Long unbroken words (URLs, ids) are what usually push a phone layout sideways.
    const longTitle = await api.post(`/api/chatbots/${ctx.guid}/website-sources`, {
      data: { sourceType: 'text', title: LONG_URL, textContent: `Visitor moorings and long-stay pontoons are listed on ${LONG_URL}.` },
      headers,
    });
    expect(longTitle.status()).toBe(201);
    // A website row carries the auto-sync select and its sync dates beside the actions.
    const website = await api.post(`/api/chatbots/${ctx.guid}/website-sources`, {
      data: { sourceType: 'website', url: 'http://127.0.0.1:9/', title: LONG_URL, maxPages: 1, syncSchedule: 'weekly' },
      headers,
    });
    expect(website.status()).toBe(201);
    const visitor = await request.newContext({ baseURL: server.url });
    const sessionId = createSessionId();
    expect((await visitor.post('/api/chat/session', { data: { sessionId, chatbotConfigId: ctx.guid } })).status()).toBe(201);
    const sent = await visitor.post(`/api/chat/${sessionId}/messages`, {
      data: { content: `When does the harbour office open? I read ${LONG_URL}`, messageType: 'text' },
    });
    expect(sent.status()).toBe(200);
    // A lead, for the history's lead card and the leads pages.
    const lead = await visitor.post(`/api/chat/${sessionId}/submit-form`, {
      data: {
        formTitle: 'Book a berth',
        formData: [
          { id: 'email', label: 'Email', type: 'email', value: 'harbourmaster.visitormooringsbookings@averylongharbourdomainname.example' },
          { id: 'message', label: 'Message', type: 'textarea', value: `Please reserve a berth as listed on ${LONG_URL}` },
        ],
      },
    });
    expect(lead.status()).toBe(200);
    await visitor.dispose();
    await owner.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('the route table covers every path of AppRoutes.tsx', () => {
    const declared = declaredRoutes();
    // A sanity check on the parse itself, so a change of syntax cannot make this test pass empty.
    expect(declared).toEqual(expect.arrayContaining(['index', '/dashboard', '/chatbots/:guid/history', '*']));
    const missing = declared.filter((p) => !(p in ROUTES));
    expect(missing, `AppRoutes.tsx declares routes that e2e/responsive.test.ts does not visit: ${missing.join(', ')}`).toEqual([]);
  });

  it('no route scrolls sideways; code blocks stay in their box; launchers are on screen', async () => {
    // The two sizes run side by side in their own tabs; failures are collected and reported together.
    const failures = (await Promise.all(VIEWPORTS.map((viewport) => checkViewport(viewport)))).flat();
    expect(failures.length, `\n${failures.join('\n')}\n`).toBe(0);
  }, 100_000);

  async function checkViewport(viewport: (typeof VIEWPORTS)[number]): Promise<string[]> {
    const failures: string[] = [];
    const size = `${viewport.width}×${viewport.height}`;
    const check = async (where: string, steps: () => Promise<void>) => {
      try {
        await steps();
      } catch (error) {
        failures.push(`${where}: did not render: ${(error as Error).message.split('\n')[0]}`);
      }
    };
    const visitor = await visitorContext.newPage();
    const owner = await ownerContext.newPage();
    for (const p of [visitor, owner]) await p.setViewportSize(viewport);

    for (const [pattern, route] of Object.entries(ROUTES)) {
      const page = route.signedIn ? owner : visitor;
      const where = `${size} ${route.url(ctx)}`;
      await check(`${where} (${pattern})`, async () => {
        await open(page, route, ctx);
        failures.push(...(await layoutProblems(page, where)));
        if (route.launcher) failures.push(...(await launcherProblems(page, where)));
      });
    }

    // /forgot-password's form: this server has no mail, so the page is told it has, by the one
    // answer that decides it (the form itself sends nothing here).
    const forgotForm = `${size} /forgot-password (form)`;
    await check(forgotForm, async () => {
      await visitor.route('**/api/auth/options', (r) => r.fulfill({ json: { passwordResetByEmail: true } }));
      try {
        await open(visitor, ROUTES['/forgot-password']!, ctx);
        await visitor.getByRole('button', { name: 'Send reset link' }).waitFor({ timeout: 10_000 });
        await visitor.getByLabel('Email').fill('a.rather.long.address.of.a.harbour.owner@averylongharbourdomainname.example');
        failures.push(...(await layoutProblems(visitor, forgotForm)));
      } finally {
        await visitor.unroute('**/api/auth/options');
      }
    });

    // The conversation detail view of the history page is a state of that page, not a route.
    const detail = `${size} /chatbots/{guid}/history (Conversation Details)`;
    await check(detail, async () => {
      await open(owner, ROUTES['/chatbots/:guid/history']!, ctx);
      await owner.getByTestId('session-card').first().getByRole('button', { name: 'View' }).click();
      await owner.getByRole('heading', { name: 'Conversation Details' }).waitFor();
      await owner.getByTestId('history-message').nth(1).waitFor();
      await owner.getByTestId('history-lead').waitFor();
      failures.push(...(await layoutProblems(owner, detail)));
    });

    if (viewport.width < 768) {
      // The collapsed navigation, signed out and signed in.
      for (const [who, page, url] of [
        ['signed out', visitor, '/pricing'],
        ['signed in', owner, '/dashboard'],
      ] as const) {
        const where = `${size} ${url} mobile menu (${who})`;
        await check(where, async () => {
          await page.goto(url, { waitUntil: 'networkidle' });
          await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Open menu' }).click();
          await page.locator('#mobile-menu').waitFor();
          failures.push(...(await layoutProblems(page, where)));
          const menu = await page.locator('#mobile-menu').boundingBox();
          if (!menu || menu.x < 0 || menu.x + menu.width > viewport.width + 0.5) failures.push(`${where}: the menu is not within the viewport (${JSON.stringify(menu)})`);
        });
      }
      // Two pages in the dark theme, in a context of their own so the stored theme stays there.
      const darkContext = await browser.newContext({ baseURL: server.url, storageState: await ownerContext.storageState(), viewport });
      await darkContext.addInitScript(() => localStorage.setItem('theme', 'dark'));
      const dark = await darkContext.newPage();
      for (const [url, heading] of [
        [`/chatbots/${ctx.guid}/embed`, `Embed ${BOT_NAME}`],
        ['/docs', 'Build, train and embed your chatbot'],
      ] as const) {
        const where = `${size} ${url} (dark)`;
        await check(where, async () => {
          await open(dark, { url: () => url, heading, signedIn: true }, ctx);
          if (!(await dark.evaluate(() => document.documentElement.classList.contains('dark')))) failures.push(`${where}: the dark theme is not applied`);
          failures.push(...(await layoutProblems(dark, where)));
        });
      }
      await darkContext.close();
    }
    await visitor.close();
    await owner.close();
    return failures;
  }
});

async function open(page: Page, route: RouteCase, ctx: Ctx) {
  await page.goto(route.url(ctx), { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: route.heading, exact: true }).first().waitFor({ timeout: 10_000 });
  if (route.ready) await page.getByTestId(route.ready).first().waitFor({ timeout: 10_000 });
  // Lazy chunks, fonts and late queries settle after the heading.
  await page.waitForLoadState('networkidle');
}

/**
 * Horizontal overflow of the document, with the elements that stick out (the innermost ones,
 * with their tag, classes and text) so a failure names its culprit; and code blocks that are
 * wider than their box without scrolling it.
 */
async function layoutProblems(page: Page, where: string): Promise<string[]> {
  const report = await page.evaluate(() => {
    const vw = window.innerWidth;
    const doc = document.documentElement;
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 8).join('.') : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const rect = el.getBoundingClientRect();
      const spill = el.scrollWidth > el.clientWidth + 1 ? ` content-right=${Math.round(rect.left + el.scrollWidth)}` : '';
      return `<${el.tagName.toLowerCase()}${cls ? ` .${cls}` : ''}> right=${Math.round(rect.right)}${spill} "${text}"`;
    };
    // Clipped by an ancestor that does not let content out sideways, or fixed to the viewport.
    const contained = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position === 'fixed' || style.overflowX !== 'visible') return true;
      }
      return getComputedStyle(el).position === 'fixed';
    };
    const sticking = [...document.body.querySelectorAll('*')].filter((el) => {
      const rect = el.getBoundingClientRect();
      // A box can fit while its content (a long word, a nowrap line) spills past it.
      const right = Math.max(rect.right, rect.left + el.scrollWidth);
      return rect.width > 0 && right > vw + 0.5 && !contained(el);
    });
    const innermost = sticking.filter((el) => !sticking.some((other) => other !== el && el.contains(other)));
    const code = [...document.querySelectorAll('pre')].flatMap((pre) => {
      const rect = pre.getBoundingClientRect();
      const style = getComputedStyle(pre);
      const problems: string[] = [];
      if (rect.width > 0 && rect.right > vw + 0.5 && !contained(pre)) problems.push(`code block sticks out of the page: ${describe(pre)}`);
      if (pre.scrollWidth > pre.clientWidth + 1 && !['auto', 'scroll'].includes(style.overflowX)) {
        problems.push(`code block is wider than its box without scrolling it (overflow-x: ${style.overflowX}): ${describe(pre)}`);
      }
      return problems;
    });
    // Text that is cut off: past the viewport's right edge, or past the edge of a box that hides
    // its overflow, unless that box scrolls or deliberately ends the text with an ellipsis.
    const cut: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || el.closest('script, style, noscript, [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      let limit = vw;
      let exempt = false;
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
        const style = getComputedStyle(a);
        const box = a.getBoundingClientRect();
        if (style.position === 'fixed' || style.textOverflow === 'ellipsis' || box.width <= 1) {
          exempt = true;
          break;
        }
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
          exempt = true;
          break;
        }
        if (style.overflowX !== 'visible') limit = Math.min(limit, box.right);
      }
      if (!exempt && rect.right > limit + 1) cut.push(`text cut off at the right (right=${Math.round(rect.right)}, visible up to ${Math.round(limit)}): ${describe(el)}`);
    }
    return {
      cut: cut.slice(0, 8),
      vw,
      docWidth: doc.scrollWidth,
      bodyWidth: document.body.scrollWidth,
      offenders: innermost.slice(0, 8).map(describe),
      more: Math.max(0, innermost.length - 8),
      code,
    };
  });
  const problems: string[] = [];
  if (report.docWidth > report.vw || report.bodyWidth > report.vw) {
    const culprits = report.offenders.length ? report.offenders.map((o) => `\n    ${o}`).join('') : ' (no element found outside the viewport)';
    problems.push(
      `${where}: scrolls sideways (document ${report.docWidth} px, body ${report.bodyWidth} px, viewport ${report.vw} px):${culprits}${report.more ? `\n    …and ${report.more} more` : ''}`,
    );
  }
  for (const c of report.code) problems.push(`${where}: ${c}`);
  for (const c of report.cut) problems.push(`${where}: ${c}`);
  return problems;
}

/** The floating launcher of the `<chat-widget>` element (and its greeting pop-ups) inside the viewport. */
async function launcherProblems(page: Page, where: string): Promise<string[]> {
  const launcher = page.locator('chat-widget .cw-launcher');
  try {
    await launcher.waitFor({ timeout: 10_000 });
  } catch {
    return [`${where}: the chat launcher did not appear`];
  }
  const viewport = page.viewportSize()!;
  const boxes = await page.locator('chat-widget').evaluate((el) =>
    [...(el.shadowRoot?.querySelectorAll('.cw-launcher, .cw-popups') ?? [])].map((node) => {
      const r = node.getBoundingClientRect();
      return { what: node.className, left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
    }),
  );
  return boxes
    .filter((b) => b.width > 0 && (b.left < 0 || b.top < 0 || b.right > viewport.width + 0.5 || b.bottom > viewport.height + 0.5))
    .map((b) => `${where}: .${b.what} is not fully on screen (${Math.round(b.left)},${Math.round(b.top)})-(${Math.round(b.right)},${Math.round(b.bottom)})`);
}
