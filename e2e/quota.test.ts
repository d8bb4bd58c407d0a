import type Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtp } from '../api/test/localSmtp';
import { readMail } from '../api/test/readMail';
import { widgetUserId } from '../dashboard/src/lib/embedSnippets';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';
import { openDatabase, setMonthlyUsage } from './widgetHost';

/**
 * A quota the owner can trust: with usage seeded just under 80 % of the Free plan's 100
 * messages, one visitor message on the widget page brings the amber banner to /dashboard and
 * exactly one alert mail through a local SMTP server; the message that uses the last of the
 * quota brings the red banner and the second (and last) mail.
 */
describe('monthly message quota in a real browser', () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let server: RunningServer;
  let db: Database.Database;
  let browser: Browser;
  let owner: BrowserContext;
  let visitorContext: BrowserContext;
  let page: Page;
  let widget: Page;
  let ownerEmail: string;
  let userId: string;
  const guid = crypto.randomUUID();

  const alertMails = () => smtp.received.filter((m) => m.to.includes(ownerEmail)).map((m) => readMail(m.raw));

  /** One visitor message through the widget, waiting for the bot's answer. */
  async function visitorAsks(text: string) {
    const input = widget.locator('.cw-composer textarea');
    await input.fill(text);
    await input.press('Enter');
    await widget.locator('.cw-msg.is-user').filter({ hasText: text }).waitFor();
    // Answered once the newest message is the bot's again.
    await expect.poll(() => widget.locator('.cw-msg').last().evaluate((el) => el.classList.contains('is-bot')), { timeout: 15_000 }).toBe(true);
    await widget.locator('.cw-typing').waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    server = await startServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Parley <alerts@parley.test>' });
    db = openDatabase(server.dataDir);
    browser = await launchBrowser();
    owner = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await owner.newPage();
    ownerEmail = await signUpThroughApi(page, 'Quinn');
    expect((await page.request.post('/api/chatbots', { data: { guid, name: 'Quota Bot' }, headers: { Origin: server.url } })).status()).toBe(201);
    userId = ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
    visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    widget = await visitorContext.newPage();
    await widget.goto(`${server.url}/widget/${widgetUserId(userId)}/${guid}`);
    await widget.getByRole('button', { name: /Start Free Chat/ }).click();
  });

  afterAll(async () => {
    await browser?.close();
    db?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('below 80 % the dashboard shows the meter and no banner', async () => {
    setMonthlyUsage(db, userId, 79);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('message-usage-text').textContent(), { timeout: 10_000 }).toBe('Monthly messages: 79 of 100');
    expect(await page.getByTestId('message-limit-banner').count()).toBe(0);
    expect(alertMails()).toEqual([]);
  });

  it('one more visitor message reaches 80 %: the amber banner and exactly one alert email', async () => {
    await visitorAsks('What are your opening hours?');
    await page.goto('/dashboard');
    const banner = page.getByTestId('message-limit-banner');
    await banner.waitFor();
    expect(await banner.getByText('Approaching Monthly Message Limit', { exact: true }).isVisible()).toBe(true);
    expect(await banner.textContent()).toContain('Your chatbots have used 80 of 100 messages this month on the Trial plan.');
    expect(await banner.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/subscription');
    expect(await page.getByTestId('message-usage-text').textContent()).toBe('Monthly messages: 80 of 100');
    // The first account of an install is an admin: exempt from the bot cap, not from the quota.
    expect(await page.getByText('Active Chatbot Limit Reached', { exact: true }).count()).toBe(0);

    await expect.poll(() => alertMails().length, { timeout: 10_000 }).toBe(1);
    const [mail] = alertMails();
    expect(mail).toContain('Subject: You have used 80% of your monthly messages (80 of 100)');
    expect(mail).toContain('Hi Quinn,');
    expect(mail).toContain('Your chatbots have used 80 of 100 messages of your Trial plan this month (80%).');
    // Without PUBLIC_URL the server cannot know its own address: the link is the bare path.
    expect(mail).toContain('To raise the limit, change your plan: /subscription');
  });

  it('more messages past 80 % send no second 80 % email', async () => {
    await visitorAsks('And on Sundays?');
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('message-usage-text').textContent(), { timeout: 10_000 }).toBe('Monthly messages: 81 of 100');
    await new Promise((r) => setTimeout(r, 500));
    expect(alertMails()).toHaveLength(1);
  });

  it('the message that uses the last of the quota brings the red banner and the 100 % email', async () => {
    setMonthlyUsage(db, userId, 99);
    await visitorAsks('One last question?');
    await page.goto('/dashboard');
    const banner = page.getByTestId('message-limit-banner');
    await expect.poll(() => banner.locator('p.font-semibold').textContent(), { timeout: 10_000 }).toBe('Monthly Message Limit Reached');
    expect(await banner.textContent()).toContain('they show visitors a contact form instead of answering');
    await expect.poll(() => alertMails().length, { timeout: 10_000 }).toBe(2);
    expect(alertMails()[1]).toContain('Subject: Monthly message limit reached (100 of 100)');
    const alerts = db.prepare('select threshold from usage_alerts where user_id = ? order by threshold').all(userId) as { threshold: number }[];
    expect(alerts.map((a) => a.threshold)).toEqual([80, 100]);
  });
});
