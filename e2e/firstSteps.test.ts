import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type RunningServer } from './harness';

/**
 * A new owner's first steps: "Get Started Free" opens the sign-up form, a bot created from the
 * form shows its next steps (add data → test → embed) at the top of the dashboard, each step
 * one click away and ticked off as it is done (a chat on the Test page ticks Test), the card
 * going once all three are done or when dismissed, the model line tells the truth about an install
 * without a model key, and the edit page takes an Allowed domains list with the server's rule.
 */
describe('first steps in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ SEED_DEFAULT_CHATBOT: 'true' });
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const nextSteps = () => page.getByTestId('next-steps');
  const doneCount = () => nextSteps().getByText(/of 3 done$/).textContent();

  it('the landing page floats the demo bot once a session id exists, and "Get Started Free" opens the sign-up form', async () => {
    await page.goto('/');
    await page.locator('chat-widget').waitFor({ state: 'attached', timeout: 15_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('global-chat-session-id'))).toMatch(/^session_\d+_[0-9a-f]{32}$/);
    await page.getByRole('link', { name: /Get Started Free/ }).first().click();
    await page.waitForURL('**/login?mode=signup');
    await expect.poll(() => page.getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Email').fill(`owner-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('No chatbots yet').waitFor();
    // The first account of an install is its admin: no cap, said in words.
    await page.getByText('Admin account: no limit on active chatbots (∞)').waitFor();
  });

  it('a bot created from the form shows its next steps; Add data, Test and Embed tick them off', async () => {
    await page.getByRole('link', { name: 'Create Chatbot' }).first().click();
    await page.waitForURL('**/chatbots/new');
    await page.getByLabel('Name', { exact: true }).fill('Harbor Help');
    // No OPENAI_API_KEY on this server: the form says answers are offline.
    await page.getByText('Offline answers (no model configured)').waitFor();
    await page.getByRole('button', { name: 'Create Chatbot' }).click();
    await page.waitForURL('**/dashboard');
    await nextSteps().getByRole('heading', { name: 'Next steps for Harbor Help' }).waitFor();
    expect(await doneCount()).toBe('0 of 3 done');
    const card = page.getByTestId('chatbot-card').filter({ hasText: 'Harbor Help' });
    await card.getByText('Set OPENAI_API_KEY on the server to use gpt-4.1.').waitFor();

    await nextSteps().getByRole('link', { name: 'Add data' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add Data: Harbor Help' }).waitFor();
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByLabel('Title').fill('Moorings');
    await page.getByLabel('Text content').fill('Visitor moorings cost 30 euros a night, water and power included.');
    await page.getByRole('button', { name: /Add Text/ }).click();
    await page.getByText('Content Added').first().waitFor();

    await page.goto('/dashboard');
    await expect.poll(doneCount, { timeout: 10_000 }).toBe('1 of 3 done');
    expect(await nextSteps().getByTestId('step-test').getAttribute('data-done')).toBe('false');

    // Test: a chat in the Test page's widget ticks the step off on the dashboard.
    await nextSteps().getByRole('link', { name: 'Test' }).click();
    await page.getByRole('heading', { level: 1, name: 'Test Harbor Help' }).waitFor();
    const widget = page.locator('chat-widget');
    await widget.locator('button.cw-launcher').click();
    await widget.getByRole('button', { name: /Start Free Chat/ }).click();
    const input = widget.locator('.cw-composer textarea');
    await input.fill('How much is a mooring?');
    await input.press('Enter');
    await widget.locator('.cw-msg.is-user').filter({ hasText: 'How much is a mooring?' }).waitFor();
    await widget.locator('.cw-msg.is-bot').filter({ hasText: /30 euros/ }).waitFor({ timeout: 15_000 });
    await widget.locator('.cw-typing').waitFor({ state: 'detached' });

    await page.goto('/dashboard');
    await expect.poll(doneCount, { timeout: 10_000 }).toBe('2 of 3 done');
    expect(await nextSteps().getByTestId('step-test').getAttribute('data-done')).toBe('true');
    expect(await nextSteps().getByTestId('step-embed').getAttribute('data-done')).toBe('false');

    await card.getByRole('link', { name: 'Embed' }).click();
    await page.getByRole('group', { name: 'Script tag' }).getByRole('button', { name: 'Copy code' }).click();
    await page.getByRole('group', { name: 'Script tag' }).getByRole('button', { name: 'Copied' }).waitFor();

    // All three done: the card goes by itself.
    await page.goto('/dashboard');
    await card.waitFor();
    await expect.poll(() => nextSteps().count(), { timeout: 10_000 }).toBe(0);
  });

  it('next steps can be dismissed, and stay dismissed', async () => {
    await page.getByRole('link', { name: 'Create Chatbot' }).first().click();
    await page.waitForURL('**/chatbots/new');
    await page.getByLabel('Name', { exact: true }).fill('Marina Desk');
    await page.getByRole('button', { name: 'Create Chatbot' }).click();
    await page.waitForURL('**/dashboard');
    await nextSteps().getByRole('heading', { name: 'Next steps for Marina Desk' }).waitFor();
    expect(await doneCount()).toBe('0 of 3 done');
    await nextSteps().getByRole('button', { name: 'Dismiss next steps' }).click();
    await page.reload();
    await page.getByTestId('chatbot-card').filter({ hasText: 'Marina Desk' }).waitFor();
    expect(await nextSteps().count()).toBe(0);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('the edit page takes Allowed domains with the server rule and keeps them', async () => {
    await page.getByTestId('chatbot-card').filter({ hasText: 'Harbor Help' }).getByRole('link', { name: 'Configure' }).click();
    const domains = page.getByLabel('Allowed domains');
    await domains.waitFor();
    await page.getByText('Leave empty to allow any site.', { exact: false }).waitFor();
    await domains.fill('https://harbor.example/');
    await page.getByText('Allowed domains must be host names like example.com').waitFor();
    await domains.fill('harbor.example, *.harbor.example');
    await page.getByRole('button', { name: 'Update Chatbot' }).click();
    await page.waitForURL('**/dashboard');
    const bots = (await (await page.request.get('/api/chatbots')).json()) as { name: string; allowedDomains: string[] }[];
    expect(bots.find((b) => b.name === 'Harbor Help')?.allowedDomains).toEqual(['harbor.example', '*.harbor.example']);
  });
});
