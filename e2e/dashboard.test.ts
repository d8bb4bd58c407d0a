import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type RunningServer } from './harness';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * The owner's dashboard journey: sign up through /login, the empty dashboard, a bot created
 * through the API appears with its badge and Configure link, sign out through the user menu,
 * the logged-out redirect of owner pages, sign in again, the 404 page and the theme switch.
 */
describe('dashboard in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `owner-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const guid = crypto.randomUUID();

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs up on /login and lands on an empty dashboard', async () => {
    await page.goto('/api/login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Email').fill(email);

    // A too-short password is refused by the API with a readable field error.
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Grace' }).waitFor();
    await page.getByText('No chatbots yet').waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscription' }).isVisible(), { timeout: 10_000 }).toBe(true);
  });

  it('lists a bot created through the API after a reload, with its Active badge and Configure link', async () => {
    const res = await page.request.post('/api/chatbots', { data: { guid, name: 'Harbor Help', description: 'Answers questions about moorings.' } });
    expect(res.status()).toBe(201);
    await page.reload();
    const card = page.getByTestId('chatbot-card').filter({ hasText: 'Harbor Help' });
    await card.waitFor();
    await expect.poll(() => card.getByText('Active', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => card.getByRole('link', { name: 'Configure' }).getAttribute('href'), { timeout: 10_000 }).toBe(`/chatbots/${guid}`);
    await expect.poll(() => page.getByText('No chatbots yet').count(), { timeout: 10_000 }).toBe(0);

    await card.getByRole('button', { name: 'More actions for Harbor Help' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Add Data' }).getAttribute('href'), { timeout: 10_000 }).toBe(`/chatbots/${guid}/add-data`);
    await page.keyboard.press('Escape');

    await card.getByRole('link', { name: 'Configure' }).click();
    await page.waitForURL(`**/chatbots/${guid}`);
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('Harbor Help');
    await page.getByRole('heading', { name: 'Email Configuration' }).waitFor();

    // The avatar goes up as multipart through the typed client and comes back as a served URL.
    await page.getByLabel('Upload avatar image').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await page.waitForFunction(() => /^\/uploads\/avatar-[0-9a-f-]+\.webp$/.test((document.querySelector('input[aria-label="Avatar URL"]') as HTMLInputElement).value));
    const avatarUrl = await page.getByLabel('Avatar URL').inputValue();
    const served = await page.request.get(avatarUrl);
    expect(served.status()).toBe(200);
    // Avatars are stored resized to 200×200 WebP, whatever was uploaded.
    expect(served.headers()['content-type']).toBe('image/webp');
    await expect.poll(() => page.getByRole('img', { name: 'Chatbot avatar' }).getAttribute('src'), { timeout: 10_000 }).toBe(avatarUrl);
  });

  it('signs out through the user menu and lands on / signed out', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /Get Started Free/ }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  it('signed out, /dashboard shows the logged-out toast and then goes through /api/login to /login', async () => {
    await page.goto('/dashboard');
    // One atomic check: the toast is only on screen for the 500 ms before the redirect.
    await page.waitForFunction(() => {
      const toast = document.querySelector('[data-variant="destructive"]');
      return !!toast && toast.textContent === 'UnauthorizedYou are logged out. Logging in again...';
    });
    await page.waitForURL('**/login?returnTo=%2Fdashboard');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('chatbot-card').filter({ hasText: 'Harbor Help' }).waitFor();
  });

  it('shows the 404 page for unknown paths, with a way home', async () => {
    await page.goto('/definitely/not/a/page');
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Go to Home Page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('switches to dark mode and keeps it after a reload', async () => {
    await page.goto('/docs');
    await page.getByRole('button', { name: 'Change theme' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => [document.documentElement.className, document.documentElement.dataset.theme, localStorage.getItem('theme')]), { timeout: 10_000 }).toEqual(['dark', 'dark', 'dark']);
    await page.reload();
    await page.getByRole('heading', { name: 'Build, train and embed your chatbot' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), { timeout: 10_000 }).toBe(true);
  });

  it('every owner route of the route table renders for the bot, and an unknown bot is "Chatbot Not Found"', async () => {
    const headings: Array<[string, string]> = [
      ['/dashboard', 'Welcome back, Grace'],
      ['/subscription', 'Choose Your Plan'],
      ['/chatbots/new', 'Create New Chatbot'],
      [`/chatbots/${guid}`, 'Edit Harbor Help'],
      [`/chatbots/${guid}/add-data`, 'Add Data: Harbor Help'],
      [`/chatbots/${guid}/test`, 'Test Harbor Help'],
      [`/chatbots/${guid}/ui-designer`, 'UI Designer'],
      [`/chatbots/${guid}/analytics`, 'Analytics: Harbor Help'],
      [`/chatbots/${guid}/survey-analytics`, 'Survey Analytics: Harbor Help'],
      [`/chatbots/${guid}/surveys`, 'Surveys: Harbor Help'],
      [`/chatbots/${guid}/embed`, 'Embed Harbor Help'],
      [`/chatbots/${guid}/history`, 'Chat History'],
      ['/support', 'Build, train and embed your chatbot'],
      ['/widget', 'Chat widget demo'],
      ['/chat-widget', 'Chat widget demo'],
    ];
    for (const [path, heading] of headings) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    }
    await page.goto(`/chatbots/${crypto.randomUUID()}/add-data`);
    await page.getByRole('heading', { name: 'Chatbot Not Found' }).waitFor();
  });

  it('on a phone the navigation collapses into a toggled menu with the owner links and the user menu entries', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/pricing');
    const nav = phone.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Open menu' }).waitFor();
    await expect.poll(() => nav.getByRole('link', { name: 'Pricing' }).isVisible(), { timeout: 10_000 }).toBe(false);

    await nav.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.locator('#mobile-menu');
    const links = await menu.getByRole('link').evaluateAll((els) => els.map((e) => [e.textContent!.trim(), e.getAttribute('href')]));
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Leads', '/leads'],
      ['Subscription', '/subscription'],
      ['Documentation', '/docs'],
      ['Pricing', '/pricing'],
      ['Contact us', '/contact'],
      ['Profile', '/profile'],
      ['Settings', '/settings'],
      // The install's first account is its administrator.
      ['Admin', '/admin'],
      ['Log out', '/api/logout'],
    ]);
    await expect.poll(() => menu.getByText(email).isVisible(), { timeout: 10_000 }).toBe(true);

    // Following a link closes the menu.
    await menu.getByRole('link', { name: 'Documentation' }).click();
    await phone.waitForURL('**/docs');
    await nav.getByRole('button', { name: 'Open menu' }).waitFor();
    await expect.poll(() => phone.locator('#mobile-menu').count(), { timeout: 10_000 }).toBe(0);

    const footer = phone.locator('footer');
    await expect.poll(() => footer.getByRole('heading').allTextContents(), { timeout: 10_000 }).toEqual(['Product', 'Support', 'Legal']);
    await expect.poll(() => footer.getByText('Smart AI chatbots made simple.', { exact: false }).isVisible(), { timeout: 10_000 }).toBe(true);
    await phone.close();
  });

  it('embedded mode has no navigation or footer and falls back to the widget page', async () => {
    await page.goto('/chatbots/anything?embedded=true');
    await page.getByRole('heading', { name: 'Chat widget configuration error' }).waitFor();
    await expect.poll(() => page.getByText('No valid chatbot configuration found').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.locator('footer').count(), { timeout: 10_000 }).toBe(0);
  });
});
