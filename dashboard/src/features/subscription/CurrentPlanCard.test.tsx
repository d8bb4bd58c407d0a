import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, usePageTestEnv } from '../../test/renderWithProviders';
import { ProfilePage } from '../account/ProfilePage';
import { CurrentPlanCard } from './CurrentPlanCard';

const subscription = {
  id: 1,
  status: 'active',
  plan: { id: 'free', name: 'Free', description: 'd', price: 0, currency: 'usd', features: [], maxBots: 1, maxMessagesPerMonth: 100, sortOrder: 0 },
  messagesUsedThisMonth: 12,
  currentPeriodStart: '2030-01-01T00:00:00.000Z',
  currentPeriodEnd: '2030-02-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  usageResetsAt: '2030-02-01T00:00:00.000Z',
  billingProvider: 'local',
} as unknown as Parameters<typeof CurrentPlanCard>[0]['subscription'];

function renderCard(isAdmin: boolean) {
  mockFetch((url) => (url.endsWith('/api/auth/admin-status') ? json({ isAdmin }) : undefined), signedInAs({ email: 'ada@example.com' }));
  renderWithProviders(<CurrentPlanCard subscription={subscription} />, { path: '/subscription' });
}

describe('CurrentPlanCard', () => {
  usePageTestEnv();

  it('explains an admin has no limit on active chatbots, next to the plan limit', async () => {
    renderCard(true);
    expect(await screen.findByText('Admin account: no limit on active chatbots (∞)')).toBeTruthy();
    expect(screen.getByText(/1 active chatbot$/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Current plan: Trial' })).toBeTruthy();
  });

  it('says nothing of it to other owners', async () => {
    renderCard(false);
    expect(await screen.findByText(/1 active chatbot$/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Admin account: no limit on active chatbots (∞)')).toBeNull();
  });
});

describe('Profile plan row', () => {
  usePageTestEnv();

  const renderProfile = (isAdmin: boolean) => {
    mockFetch(
      (url) => (url.endsWith('/api/auth/admin-status') ? json({ isAdmin }) : undefined),
      (url) => (url.endsWith('/api/subscription/current') ? json(subscription) : undefined),
      signedInAs({ email: 'ada@example.com', firstName: 'Ada' }),
    );
    renderWithProviders(<ProfilePage />, { path: '/profile' });
  };

  it('explains the admin account has no limit on active chatbots', async () => {
    renderProfile(true);
    expect(await screen.findByText('Admin account: no limit on active chatbots (∞)')).toBeTruthy();
    expect(screen.getByText('Trial')).toBeTruthy();
  });

  it('shows only the plan to other owners', async () => {
    renderProfile(false);
    expect(await screen.findByText('Trial')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Admin account: no limit on active chatbots (∞)')).toBeNull();
  });
});
