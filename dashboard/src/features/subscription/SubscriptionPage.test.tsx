import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, usePageTestEnv } from '../../test/renderWithProviders';
import { SubscriptionPage } from './SubscriptionPage';

const plan = (id: string, name: string, price: number, sortOrder: number) => ({
  id,
  name,
  description: `${name} plan`,
  price,
  currency: 'usd',
  features: [],
  maxBots: 1,
  maxMessagesPerMonth: 100,
  sortOrder,
});
const plans = [plan('free', 'Free', 0, 0), plan('basic', 'Basic', 1900, 1), plan('premium', 'Premium', 4900, 2), plan('ultra', 'Ultra', 9900, 3)];
const current = {
  id: 1,
  status: 'active',
  plan: plans[0],
  messagesUsedThisMonth: 3,
  currentPeriodStart: '2030-01-01T00:00:00.000Z',
  currentPeriodEnd: '2030-02-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
};
const UNAVAILABLE = 'Online billing is not set up on this server yet. To change your plan, contact us.';

describe('SubscriptionPage without online billing', () => {
  usePageTestEnv();

  it('says checkout is not available and shows the server’s words when a plan is chosen', async () => {
    mockFetch(
      (url) => (url.endsWith('/api/subscription/plans') ? json(plans) : undefined),
      (url) => (url.endsWith('/api/subscription/current') ? json(current) : undefined),
      (url) =>
        url.endsWith('/api/subscription/create-checkout-session') ? json({ message: UNAVAILABLE, details: { reason: 'billing_unavailable' } }, 503) : undefined,
      signedInAs({ email: 'ada@example.com' }),
    );
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Online checkout is not available on this server yet. To change your plan, contact us.');
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');
    expect(document.body.textContent).not.toMatch(/prorated/i);
    expect(screen.getByText('Cancel anytime. No hidden fees.')).toBeTruthy();

    await userEvent.click(screen.getAllByRole('button', { name: 'Subscribe Now' })[0]);
    expect(await screen.findByText(UNAVAILABLE)).toBeTruthy();
  });
});
