import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * The admin page in a real browser: the first account (admin) puts a second account on Premium
 * from /admin (confirm dialog, toast, log entry); the second account, not an admin, meets
 * "Administrators only" on /admin and a 403 from the admin API, and its /subscription page shows
 * Premium. Then the admin deactivates the second account's bot with a reason: visitors see it
 * inactive and its owner cannot switch it back on.
 */
describe('admin page in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminContext: BrowserContext;
  let ownerContext: BrowserContext;
  let admin: Page;
  let owner: Page;
  let ownerEmail: string;
  const guid = crypto.randomUUID();

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // bypassCSP only so axe-core can be injected into the dashboard, whose CSP forbids inline scripts.
    adminContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    ownerContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    admin = await adminContext.newPage();
    owner = await ownerContext.newPage();
    // The first account of an install is admin; the second is not.
    await signUpThroughApi(admin, 'Ada');
    ownerEmail = await signUpThroughApi(owner, 'Olga');
    const created = await owner.request.post('/api/chatbots', { data: { guid, name: 'Spam Blaster' }, headers: { Origin: server.url } });
    expect(created.status()).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const row = () => admin.locator(`[data-testid="account-row"][data-email="${ownerEmail}"]`);

  it("an admin opens /admin from the user menu and puts the second account on Premium, with a confirmation, a toast and a log entry", async () => {
    await admin.goto('/dashboard');
    await admin.getByRole('button', { name: /^User menu/ }).click();
    await admin.getByRole('menuitem', { name: 'Admin' }).click();
    await admin.waitForURL('**/admin');
    await admin.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    await row().waitFor();
    expect(await row().locator('td').nth(5).textContent()).toBe('0 / 100');

    const plan = admin.getByLabel(`Plan of ${ownerEmail}`);
    await expect.poll(() => plan.locator('option').allTextContents(), { timeout: 10_000 }).toEqual(['Trial', 'Basic', 'Premium', 'Ultra']);
    await plan.selectOption('premium');
    const dialog = admin.getByRole('dialog', { name: 'Change plan?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Put ${ownerEmail} on the Premium plan now, without payment?`);
    await dialog.getByRole('button', { name: 'Change plan' }).click();
    await admin.getByText(`${ownerEmail} is now on the Premium plan.`).first().waitFor();
    await expect.poll(() => plan.inputValue(), { timeout: 10_000 }).toBe('premium');
    await expect.poll(() => row().locator('td').nth(5).textContent(), { timeout: 10_000 }).toBe('0 / 10,000');

    const entry = admin.getByTestId('admin-action').first();
    await entry.waitFor();
    const cells = await entry.locator('td').allTextContents();
    expect(cells.slice(1)).toEqual([expect.stringMatching(/^owner-.*@example\.com$/), 'Changed plan', ownerEmail, 'Trial → Premium']);
    await expectNoAxeViolations(admin, { include: '#main' });
  });

  it('the second account is no admin: /admin says "Administrators only" and the admin API answers 403', async () => {
    await owner.goto('/admin');
    await owner.getByRole('heading', { name: 'Administrators only' }).waitFor();
    expect(await owner.getByTestId('account-row').count()).toBe(0);
    const res = await owner.request.get('/api/admin/accounts');
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ message: 'Administrators only' });
    // No Admin item in its user menu.
    await owner.getByRole('button', { name: /^User menu/ }).click();
    await owner.getByRole('menuitem', { name: 'Settings' }).waitFor();
    expect(await owner.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await owner.keyboard.press('Escape');
  });

  it("the second account's /subscription page shows Premium", async () => {
    await owner.goto('/subscription');
    await owner.getByTestId('current-plan').getByRole('heading', { name: 'Current plan: Premium' }).waitFor();
  });

  it('the admin deactivates the bot with a reason: shown disabled, inactive for visitors, and its owner cannot switch it on', async () => {
    await row().getByRole('button', { name: `Show chatbots of ${ownerEmail}` }).click();
    const bot = admin.locator(`[data-testid="admin-bot"][data-guid="${guid}"]`);
    await bot.getByText('Active', { exact: true }).waitFor();
    await bot.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Deactivate Spam Blaster?' });
    await dialog.getByLabel('Reason (kept in the admin log)').fill('Sends phishing links');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await admin.getByText('Spam Blaster is deactivated. Its owner cannot switch it back on.').first().waitFor();
    await bot.getByText('Disabled by admin').waitFor();
    await bot.getByRole('button', { name: 'Reactivate' }).waitFor();
    const entry = admin.getByTestId('admin-action').first();
    await expect.poll(() => entry.locator('td').nth(2).textContent(), { timeout: 10_000 }).toBe('Deactivated chatbot');
    expect(await entry.locator('td').nth(4).textContent()).toBe('Reason: Sends phishing links');

    const config = await owner.request.get(`/api/public/chatbots/${guid}`);
    expect(((await config.json()) as { isActive: boolean }).isActive).toBe(false);
    const switchOn = await owner.request.put(`/api/chatbots/${guid}`, { data: { isActive: true }, headers: { Origin: server.url } });
    expect(switchOn.status()).toBe(403);
    expect(await switchOn.json()).toEqual({
      message: 'This chatbot was deactivated by an administrator. Contact support to have it reviewed.',
      details: { disabledByAdmin: true },
    });
  });
});
