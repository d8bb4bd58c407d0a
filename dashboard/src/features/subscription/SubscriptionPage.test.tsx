import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { json, mockFetch, renderWithProviders, signedInAs, usePageTestEnv } from '../../test/renderWithProviders';
import { SubscriptionPage } from './SubscriptionPage';

const plan = (id: string, name: string, price: number, sortOrder: number) => ({
  id,
  name,
  description: `${name} plan`,
  price,
  currency: 'usd',
  features: [],
  maxBots: sortOrder + 1,
  maxMessagesPerMonth: 100 * (sortOrder + 1),
  sortOrder,
});
const plans = [plan('free', 'Free', 0, 0), plan('basic', 'Basic', 1900, 1), plan('premium', 'Premium', 4900, 2), plan('ultra', 'Ultra', 9900, 3)];
const subscription = (planIndex: number, extra: Record<string, unknown> = {}) => ({
  id: 1,
  status: 'active',
  plan: plans[planIndex],
  messagesUsedThisMonth: 3,
  currentPeriodStart: '2030-01-01T00:00:00.000Z',
  currentPeriodEnd: '2030-02-01T00:00:00.000Z',
  usageResetsAt: '2030-02-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  billingProvider: 'local',
  ...extra,
});

type Call = { url: string; body: unknown };

function serve(current: ReturnType<typeof subscription>, answers: Record<string, [unknown, number?]> = {}) {
  const calls: Call[] = [];
  mockFetch(
    (url) => (url.endsWith('/api/subscription/plans') ? json(plans) : undefined),
    (url) => (url.endsWith('/api/subscription/current') ? json(current) : undefined),
    (url, init) => {
      const hit = Object.keys(answers).find((path) => url.endsWith(path));
      if (!hit) return undefined;
      calls.push({ url: hit, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const [body, status] = answers[hit]!;
      return json(body, status);
    },
    signedInAs({ email: 'ada@example.com' }),
  );
  return calls;
}

const column = (id: string) => within(screen.getByTestId(`plan-${id}`));

/** The confirmation on screen (a native <dialog>, which jsdom keeps out of the accessibility tree). */
async function openDialog(title: string): Promise<HTMLElement> {
  await screen.findByText(title);
  return screen.getByText(title).closest('dialog') as HTMLElement;
}

describe('SubscriptionPage', () => {
  usePageTestEnv();
  afterEach(() => vi.restoreAllMocks());

  it('on Trial: Trial has no button, paid plans say Subscribe Now and go to the checkout url; the local install says no payment is taken', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const calls = serve(subscription(0), { '/api/subscription/create-checkout-session': [{ url: 'http://localhost/api/subscription/local-checkout/abc' }] });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('No payment is taken on this install: plan changes apply at once, free of charge.');
    expect(column('free').queryByRole('button')).toBeNull();
    expect(column('free').getByText('Trial')).toBeTruthy();
    expect(column('premium').getByText('Most Popular')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Subscribe Now' })).toHaveLength(3);
    expect(screen.getByText('Cancel anytime. No hidden fees.')).toBeTruthy();
    // Trial bills nothing, so it never "renews"; it says when the message count starts over.
    const card = within(screen.getByTestId('current-plan'));
    expect(card.queryByText(/Renews on/)).toBeNull();
    expect(card.getByText(/Messages reset on February 1, 2030/)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();

    await userEvent.click(column('basic').getByRole('button', { name: 'Subscribe Now' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/api/subscription/local-checkout/abc'));
    expect(calls).toEqual([{ url: '/api/subscription/create-checkout-session', body: { planId: 'basic' } }]);
  });

  it('on Premium: Downgrade and Upgrade ask for confirmation before the modification, then show the server message', async () => {
    const calls = serve(subscription(2, { billingProvider: 'stripe' }), { '/api/subscription/modify': [{ message: 'Subscription updated successfully' }] });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await screen.findByRole('heading', { name: 'Choose Your Plan' });
    expect(screen.getByRole('note').textContent).toContain('Payments are handled by Stripe. Upgrades and downgrades are prorated');
    expect((column('premium').getByRole('button', { name: 'Current Plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(column('ultra').getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.getByText(/Renews on February 1, 2030/)).toBeTruthy();

    await userEvent.click(column('basic').getByRole('button', { name: 'Downgrade' }));
    const dialog = await openDialog('Downgrade plan');
    expect(within(dialog).getByText('Downgrade plan')).toBeTruthy();
    expect(dialog.textContent).toContain('Switch from Premium to Basic for $19/month? The change applies now and the difference is prorated on your next invoice.');
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Downgrade', hidden: true }));
    expect(await screen.findByText('Subscription updated successfully')).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/subscription/modify', body: { planId: 'basic' } }]);
  });

  it('shows the spec failure toast with the server reason when a modification is refused', async () => {
    serve(subscription(1), { '/api/subscription/modify': [{ message: 'You are already on the Premium plan.' }, 409] });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await screen.findByRole('heading', { name: 'Choose Your Plan' });
    await userEvent.click(column('premium').getByRole('button', { name: 'Upgrade' }));
    await userEvent.click(within(await openDialog('Upgrade plan')).getByRole('button', { name: 'Upgrade', hidden: true }));
    expect(await screen.findByText('Failed to modify subscription. Please try again. You are already on the Premium plan.')).toBeTruthy();
  });

  it('a canceled plan shows the Canceled badge, the active-until date and Resume', async () => {
    const calls = serve(subscription(1, { cancelAtPeriodEnd: true }), { '/api/subscription/resume': [{ message: 'Your subscription has been resumed successfully.' }] });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    const card = within(await screen.findByTestId('current-plan'));
    expect(card.getByText('Canceled')).toBeTruthy();
    expect(card.getByText(/Active until February 1, 2030/)).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: 'Resume Subscription' }));
    expect(await screen.findByText('Your subscription has been resumed successfully.')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/subscription/resume']);
  });

  it('cancels after confirmation with the spec default toast when the server sends no message', async () => {
    serve(subscription(1), { '/api/subscription/cancel': [{}] });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    const card = within(await screen.findByTestId('current-plan'));
    await userEvent.click(card.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await openDialog('Cancel subscription');
    expect(dialog.textContent).toContain('Your Basic plan stays active until February 1, 2030, then your account returns to Trial.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription', hidden: true }));
    expect(await screen.findByText('Your subscription will be canceled at the end of the current billing period.')).toBeTruthy();
  });

  it('greets the return from checkout once', async () => {
    serve(subscription(1));
    renderWithProviders(<SubscriptionPage />, { path: '/subscription?checkout=success&plan=Basic' });
    expect(await screen.findByText('You are now on the Basic plan.')).toBeTruthy();
  });
});
