import type Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { startFakeStripe } from '../api/test/fakeStripe';
import { launchBrowser, signUpThroughApi, startServer, type RunningServer } from './harness';
import { openDatabase, setMonthlyUsage } from './widgetHost';

/**
 * Plans on a self-hosted install (the local provider, no payment): an owner subscribes from
 * Trial through the local checkout link, upgrades and downgrades after confirming, cancels and
 * resumes, and sees every toast; the plan card and the dashboard agree on the month's messages.
 */
describe('subscription journey on the local provider', () => {
  let server: RunningServer;
  let db: Database.Database;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let userId: string;
  let checkoutLink = '';

  const currentPlan = () => page.getByTestId('current-plan');
  const planColumn = (id: string) => page.getByTestId(`plan-${id}`);

  const toastSays = (text: string) => waitForToast(page, text);
  const confirmIn = (title: string, button: string) => confirmDialog(page, title, button);

  beforeAll(async () => {
    server = await startServer({ SEED_DEFAULT_CHATBOT: 'true' });
    db = openDatabase(server.dataDir);
    browser = await launchBrowser();
    // The first account of an install is an administrator: take that seat with another owner.
    const first = await browser.newContext({ baseURL: server.url });
    await signUpThroughApi(await first.newPage(), 'Admin');
    await first.close();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signUpThroughApi(page, 'Sam');
    userId = ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
  });

  afterAll(async () => {
    await browser?.close();
    db?.close();
    await server?.stop();
  });

  it('shows the plans: Trial with no button and no renewal, Subscribe Now on paid plans, the no-payment note and the widget', async () => {
    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    expect(await page.getByRole('note').textContent()).toBe('No payment is taken on this install: plan changes apply at once, free of charge.');
    expect(await planColumn('free').getByRole('button').count()).toBe(0);
    expect(await planColumn('free').getByRole('heading', { name: 'Trial' }).count()).toBe(1);
    for (const id of ['basic', 'premium', 'ultra']) expect(await planColumn(id).getByRole('button').textContent()).toBe('Subscribe Now');
    expect(await planColumn('premium').getByText('Most Popular').count()).toBe(1);
    expect(await currentPlan().textContent()).toContain('Current plan: Trial');
    expect(await currentPlan().textContent()).not.toContain('Renews on');
    expect(await currentPlan().textContent()).toContain('Messages reset on');
    expect(await page.getByText('Cancel anytime. No hidden fees.').count()).toBe(1);
    // The default public chatbot is active, so its widget floats on the plans page.
    await page.locator('chat-widget').waitFor({ state: 'attached', timeout: 15_000 });
  });

  it('subscribes from Trial through the local checkout and comes back to /subscription', async () => {
    const [request] = await Promise.all([
      page.waitForRequest((req) => req.url().includes('/api/subscription/local-checkout/')),
      planColumn('basic').getByRole('button', { name: 'Subscribe Now' }).click(),
    ]);
    checkoutLink = request.url();
    await page.waitForURL(/\/subscription$/);
    expect(checkoutLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/subscription\/local-checkout\/[\w-]{40,}$/);
    await toastSays('You are now on the Basic plan.');
    await expect.poll(() => currentPlan().textContent()).toContain('Current plan: Basic');
    expect(await currentPlan().textContent()).toMatch(/Renews on [A-Z][a-z]+ 1, \d{4}/);
    expect(await planColumn('basic').getByRole('button').textContent()).toBe('Current Plan');
    expect(await planColumn('premium').getByRole('button').textContent()).toBe('Upgrade');
  });

  it('upgrades and downgrades only after confirming, each with its toast', async () => {
    await planColumn('ultra').getByRole('button', { name: 'Upgrade' }).click();
    // Cancelling the confirmation changes nothing.
    await confirmIn('Upgrade plan', 'Cancel');
    expect(await currentPlan().textContent()).toContain('Current plan: Basic');

    await planColumn('premium').getByRole('button', { name: 'Upgrade' }).click();
    expect(await page.locator('dialog[open]').textContent()).toContain('Switch from Basic to Premium for $49/month? The change applies now. No payment is taken on this install.');
    await confirmIn('Upgrade plan', 'Upgrade');
    await toastSays('Subscription updated successfully');
    await expect.poll(() => currentPlan().textContent()).toContain('Current plan: Premium');

    await planColumn('basic').getByRole('button', { name: 'Downgrade' }).click();
    await confirmIn('Downgrade plan', 'Downgrade');
    await toastSays('Subscription updated successfully');
    await expect.poll(() => currentPlan().textContent()).toContain('Current plan: Basic');
  });

  it('cancels at the end of the period, then resumes', async () => {
    await currentPlan().getByRole('button', { name: 'Cancel Subscription' }).click();
    await confirmIn('Cancel subscription', 'Cancel Subscription');
    await toastSays('Your subscription will be canceled at the end of the current billing period.');
    await expect.poll(() => currentPlan().getByText('Canceled', { exact: true }).count()).toBe(1);
    expect(await currentPlan().textContent()).toMatch(/Active until [A-Z][a-z]+ 1, \d{4}/);

    await currentPlan().getByRole('button', { name: 'Resume Subscription' }).click();
    await toastSays('Your subscription has been resumed successfully.');
    await expect.poll(() => currentPlan().getByText('Active', { exact: true }).count()).toBe(1);
    expect(await currentPlan().textContent()).toContain('Current plan: Basic');
  });

  it('a second subscription is refused and a checkout link used twice says so with an error toast; the plan stays', async () => {
    const res = await page.request.post('/api/subscription/create-checkout-session', { data: { planId: 'basic' }, headers: { Origin: server.url } });
    expect(res.status()).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe('You are already on the Basic plan.');
    await page.goto(checkoutLink);
    expect(new URL(page.url()).pathname).toBe('/subscription');
    await toastSays('This checkout link has expired or was already used. Please choose your plan again.');
    expect(await currentPlan().textContent()).toContain('Current plan: Basic');
  });

  it('the dashboard and the plans page show the same monthly message figure', async () => {
    setMonthlyUsage(db, userId, 1234);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('message-usage-text').textContent(), { timeout: 10_000 }).toBe('Monthly messages: 1,234 of 2,000');
    await page.goto('/subscription');
    await expect.poll(() => page.getByTestId('plan-message-usage').textContent()).toBe('1,234 / 2,000');
  });

  it("the landing page's HTML carries JSON-LD offers for the four plans", async () => {
    const html = await (await page.request.get('/')).text();
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeTruthy();
    const graph = (JSON.parse(json!) as { '@graph': { '@type': string; offers?: { name: string; price: string }[] }[] })['@graph'];
    const app = graph.find((node) => node['@type'] === 'SoftwareApplication')!;
    expect(app.offers!.map((o) => `${o.name} ${o.price}`)).toEqual(['Trial 0.00', 'Basic 19.00', 'Premium 49.00', 'Ultra 99.00']);
  });
});

/** A toast with exactly `text` (only one shows at a time). */
async function waitForToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).waitFor({ timeout: 10_000 });
}

/** Clicks `button` in the open confirmation titled `title`. */
async function confirmDialog(page: Page, title: string, button: string) {
  const dialog = page.locator('dialog[open]');
  await dialog.getByText(title, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' }).catch(() => {});
}

/**
 * The same page billed through Stripe: the real SDK in the server talks to a Stripe-compatible
 * test server; the browser is sent to the (stubbed) Checkout page, Stripe's signed completion
 * event reaches the webhook, and the owner comes back on the paid plan. Changes go through Stripe.
 */
describe('subscription journey through Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_e2e';
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startServer({
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_BASIC: 'price_basic',
      STRIPE_PRICE_PREMIUM: 'price_premium',
      STRIPE_PRICE_ULTRA: 'price_ultra',
      STRIPE_API_URL: fake.url,
    });
    browser = await launchBrowser();
    const first = await browser.newContext({ baseURL: server.url });
    await signUpThroughApi(await first.newPage(), 'Admin');
    await first.close();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signUpThroughApi(page, 'Stella');
    // Stripe's hosted Checkout page is on the internet; the journey stops at a stand-in.
    await context.route('https://checkout.stripe.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('checks out on Stripe, comes back on the paid plan once the webhook lands, then upgrades, cancels and resumes through Stripe', async () => {
    await page.goto('/subscription');
    expect(await page.getByRole('note').textContent()).toContain('Payments are handled by Stripe.');
    await page.getByTestId('plan-basic').getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('heading', { name: 'Stripe Checkout' }).waitFor();
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;

    const payload = fake.payCheckout(sessionId);
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const delivered = await fetch(`${server.url}/api/billing/webhook`, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(delivered.status).toBe(200);
    const forged = await fetch(`${server.url}/api/billing/webhook`, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } });
    expect(forged.status).toBe(400);

    await page.goto(fake.sessions.get(sessionId)!.success_url as string);
    await waitForToast(page, 'Thank you! Your plan is being activated.');
    const card = page.getByTestId('current-plan');
    await expect.poll(() => card.textContent()).toContain('Current plan: Basic');

    await page.getByTestId('plan-ultra').getByRole('button', { name: 'Upgrade' }).click();
    expect(await page.locator('dialog[open]').textContent()).toContain('the difference is prorated on your next invoice');
    await confirmDialog(page, 'Upgrade plan', 'Upgrade');
    await waitForToast(page, 'Subscription updated successfully');
    await expect.poll(() => card.textContent()).toContain('Current plan: Ultra');
    const stripeSubscription = fake.subscriptions.get(fake.sessions.get(sessionId)!.subscription as string)!;
    expect(stripeSubscription.items.data[0]!.price.id).toBe('price_ultra');

    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    await confirmDialog(page, 'Cancel subscription', 'Cancel Subscription');
    await waitForToast(page, 'Your subscription will be canceled at the end of the current billing period.');
    expect(stripeSubscription.cancel_at_period_end).toBe(true);
    await card.getByRole('button', { name: 'Resume Subscription' }).click();
    await waitForToast(page, 'Your subscription has been resumed successfully.');
    expect(stripeSubscription.cancel_at_period_end).toBe(false);
  });
});
