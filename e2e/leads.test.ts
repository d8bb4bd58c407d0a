import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtp } from '../api/test/localSmtp';
import { readMail } from '../api/test/readMail';
import { widgetUserId } from '../dashboard/src/lib/embedSnippets';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';

/**
 * A lead reaches the owner: a visitor on the bot's widget page asks for a human and sends the
 * hand-off form; the owner finds it counted on the dashboard, reads it in the Leads inbox,
 * follows it to its conversation in history, exports it as CSV, and has it by email through a
 * local SMTP server (the bot has no form recipient, so the owner's account email gets it).
 */
describe('leads in a real browser', () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let server: RunningServer;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let ownerEmail: string;
  let sessionId: string;
  const guid = crypto.randomUUID();
  const visitor = { name: 'Vera Visitor', email: 'vera@example.com', message: 'Please call me about mooring my boat in June.' };

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    server = await startServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Parley <leads@parley.test>' });
    browser = await launchBrowser();
    owner = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await owner.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('a visitor asks for a human on the widget page and sends the hand-off form', async () => {
    ownerEmail = await signUpThroughApi(page, 'Hana');
    const origin = { Origin: server.url };
    expect((await page.request.post('/api/chatbots', { data: { guid, name: 'Harbor Help', description: 'Moorings' }, headers: origin })).status()).toBe(201);
    const user = (await (await page.request.get('/api/auth/user')).json()) as { id: string };

    // The visitor: another browser context, no owner cookie.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const widget = await visitorContext.newPage();
    await widget.goto(`${server.url}/widget/${widgetUserId(user.id)}/${guid}`);
    await widget.getByRole('button', { name: /Start Free Chat/ }).click();
    const input = widget.locator('.cw-composer textarea');
    await input.fill('I want to talk to a human please');
    await input.press('Enter');
    const form = widget.getByRole('form', { name: 'Contact our team' });
    await form.waitFor();
    await form.getByLabel('Name').fill(visitor.name);
    await form.getByLabel('Email').fill(visitor.email);
    await form.getByLabel('Message').fill(visitor.message);
    await form.getByRole('button', { name: /Send/ }).click();
    await widget.getByText('Thank you! Your message has been sent successfully. We will contact you soon.').waitFor();
    await visitorContext.close();
    const sessions = (await (await page.request.get(`/api/chatbots/${guid}/sessions`)).json()) as { sessions: { sessionId: string }[] };
    expect(sessions.sessions).toHaveLength(1);
    sessionId = sessions.sessions[0].sessionId;
  });

  it("the lead arrives by email at the owner's address, with the visitor as Reply-To", async () => {
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual([ownerEmail]);
    const text = readMail(mail.raw);
    expect(text).toContain('Subject: [Harbor Help] Contact our team');
    expect(text).toContain(`Reply-To: ${visitor.email}`);
    expect(text).toContain(`Name: ${visitor.name}`);
    expect(text).toContain(`Email: ${visitor.email}`);
    expect(text).toContain(`Message: ${visitor.message}`);
    expect(text).toContain(`Conversation: ${sessionId}`);
  });

  it('the dashboard counts it unread and links to the Leads inbox, which shows it bold and new', async () => {
    await page.goto('/dashboard');
    const card = page.getByTestId('stat-unread-leads');
    await expect.poll(() => card.locator('p.text-3xl').textContent(), { timeout: 10_000 }).toBe('1');
    // The navbar links to the inbox from every page, with the same unread count.
    const navLeads = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads, 1 unread' });
    await navLeads.waitFor();
    expect(await navLeads.getAttribute('href')).toBe('/leads');
    expect(await navLeads.getByTestId('nav-unread-leads').textContent()).toBe('1');
    // Mail is configured on this server: no notice about SMTP.
    expect(await page.getByTestId('smtp-notice').count()).toBe(0);
    await card.getByRole('link', { name: 'Open Leads inbox' }).click();
    await page.waitForURL('**/leads');
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    const lead = page.getByTestId('lead');
    await expect.poll(() => lead.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => lead.getByTestId('lead-name').textContent(), { timeout: 10_000 }).toBe(visitor.name);
    expect(await lead.getByTestId('lead-name').evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    expect(await lead.getByText('New', { exact: true }).isVisible()).toBe(true);
    expect(await lead.getByText('Harbor Help', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('lead-count').textContent(), { timeout: 10_000 }).toBe('1 lead · 1 unread');
  });

  it('opening the lead shows its fields, marks it read, and the CSV export has it', async () => {
    const lead = page.getByTestId('lead');
    await lead.getByRole('button', { name: new RegExp(visitor.name) }).click();
    const detail = lead.getByTestId('lead-detail');
    await detail.waitFor();
    expect(await detail.locator('dt').allTextContents()).toEqual(['Name', 'Email', 'Message']);
    expect(await detail.locator('dd').allTextContents()).toEqual([visitor.name, visitor.email, visitor.message]);
    expect(await detail.getByTestId('lead-email-status').textContent()).toBe('Sent to you by email');
    await expect.poll(() => page.getByTestId('lead-count').textContent(), { timeout: 10_000 }).toBe('1 lead · 0 unread');
    await expect.poll(() => lead.getAttribute('data-read'), { timeout: 10_000 }).toBe('true');
    // Read: the navbar badge goes away.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads', exact: true }).waitFor();

    expect(await page.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/leads/export.csv');
    const csv = await page.request.get('/api/leads/export.csv');
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Received,Chatbot,Form,Name,Email,Message,All fields,Emailed,Read,Test,Session');
    expect(lines[1]).toContain(`,Harbor Help,Contact our team,${visitor.name},${visitor.email},${visitor.message},`);
    expect(lines[1]).toMatch(new RegExp(`,yes,yes,no,${sessionId}$`));
  });

  it('View conversation opens the conversation in history with the lead card in it', async () => {
    await page.getByTestId('lead-detail').getByRole('link', { name: 'View conversation' }).click();
    await page.waitForURL(`**/chatbots/${guid}/history?session=${sessionId}`);
    await page.getByRole('heading', { name: 'Conversation Details' }).waitFor();
    await expect.poll(() => page.getByTestId('history-message').first().textContent(), { timeout: 10_000 }).toContain('I want to talk to a human please');
    const card = page.getByTestId('history-lead');
    await card.waitFor();
    expect(await card.getByText('Lead', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Contact our team').first().isVisible()).toBe(true);
    // The widget's own form, as the visitor filled it in.
    const sent = await Promise.all(['Name', 'Email', 'Message'].map((label) => card.getByLabel(label).inputValue()));
    expect(sent).toEqual([visitor.name, visitor.email, visitor.message]);
    expect(await card.getByText('Emailed to you', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Back to Sessions' }).click();
    await page.getByTestId('session-card').waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it("the bot card's menu leads to the bot's own inbox, which fits a phone screen", async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'More actions for Harbor Help' }).click();
    await page.getByRole('menuitem', { name: 'Leads' }).click();
    await page.waitForURL(`**/chatbots/${guid}/leads`);
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    await expect.poll(() => page.getByTestId('lead').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe(`/api/leads/export.csv?chatbot=${guid}`);

    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('lead').getByRole('button', { name: new RegExp(visitor.name) }).click();
    await page.getByTestId('lead-detail').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(390);
  });
});
