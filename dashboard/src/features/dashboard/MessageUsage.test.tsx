import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, usePageTestEnv } from '../../test/renderWithProviders';
import { DashboardPage } from './DashboardPage';
import { computeMessageLimit, usageResetDate } from './messageLimit';

const bot = (n: number) => ({ id: n, guid: `00000000-0000-4000-8000-00000000000${n}`, name: `Bot ${n}`, description: '', model: 'gpt-4o', isActive: true, avatarUrl: null });

function serve({ used, maxMessagesPerMonth, bots = [bot(1)], maxBots = 3 }: { used: number; maxMessagesPerMonth: number; bots?: ReturnType<typeof bot>[]; maxBots?: number }) {
  return mockFetch(
    signedInAs({ email: 'ada@example.com', firstName: 'Ada' }),
    (url) => (url.endsWith('/api/chatbots') ? json(bots) : undefined),
    (url) => (url.endsWith('/api/system/status') ? json({ modelConfigured: true, emailConfigured: true }) : undefined),
    (url) =>
      url.endsWith('/api/subscription/current')
        ? json({
            status: 'active',
            plan: { id: 'free', name: 'Free', maxBots, maxMessagesPerMonth },
            messagesUsedThisMonth: used,
            currentPeriodEnd: '2030-01-01',
            cancelAtPeriodEnd: false,
            usageResetsAt: '2030-01-01T00:00:00.000Z',
          })
        : undefined,
  );
}

describe('dashboard: monthly messages', () => {
  usePageTestEnv();
  beforeEach(() => localStorage.clear());
  // The server's reset day, never the browser's own calendar.
  const resets = usageResetDate({ usageResetsAt: '2030-01-01T00:00:00.000Z' });
  it('reads the reset day the server answers', () => expect(resets).toBe('January 1, 2030'));

  it('shows the meter without a banner below 80 %', async () => {
    serve({ used: 79, maxMessagesPerMonth: 100 });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    expect((await screen.findByTestId('message-usage-text')).textContent).toBe('Monthly messages: 79 of 100');
    expect(screen.getByRole('progressbar', { name: 'Monthly messages used' }).getAttribute('aria-valuenow')).toBe('79');
    expect(screen.getByText(`Resets on ${resets}`)).toBeTruthy();
    expect(screen.queryByTestId('message-limit-banner')).toBeNull();
  });

  it('warns at 80 % with the amber "Approaching Monthly Message Limit" banner', async () => {
    serve({ used: 80, maxMessagesPerMonth: 100 });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    const banner = await screen.findByTestId('message-limit-banner');
    expect(within(banner).getByText('Approaching Monthly Message Limit')).toBeTruthy();
    expect(banner.textContent).toBe(
      `Approaching Monthly Message LimitYour chatbots have used 80 of 100 messages this month on the Trial plan. At the limit they stop answering and show visitors a contact form until the count resets on ${resets}. Upgrade your plan`,
    );
    expect(banner.className).toContain('bg-amber-50');
    expect(within(banner).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/subscription');
    expect(screen.getByTestId('message-usage-text').textContent).toBe('Monthly messages: 80 of 100');
  });

  it('at the limit shows the red "Monthly Message Limit Reached" banner beside the bot-limit banner', async () => {
    serve({ used: 2000, maxMessagesPerMonth: 2000, bots: [bot(1), bot(2), bot(3)], maxBots: 3 });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    const banner = await screen.findByTestId('message-limit-banner');
    expect(banner.textContent).toBe(
      `Monthly Message Limit ReachedYour chatbots have used all 2,000 messages of the Trial plan this month. Until the count resets on ${resets}, they show visitors a contact form instead of answering; what visitors send arrives in your Leads inbox. Upgrade your plan`,
    );
    expect(banner.className).toContain('bg-red-50');
    expect(screen.getByText('Active Chatbot Limit Reached')).toBeTruthy();
    expect(screen.getByTestId('message-usage-text').textContent).toBe('Monthly messages: 2,000 of 2,000');
  });

  it('an unlimited plan shows "Unlimited" and never a banner', async () => {
    serve({ used: 123456, maxMessagesPerMonth: -1 });
    renderWithProviders(<DashboardPage />, { path: '/dashboard' });
    expect((await screen.findByTestId('message-usage-text')).textContent).toBe('Monthly messages: 123,456 of Unlimited');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('message-limit-banner')).toBeNull();
  });
});

describe('computeMessageLimit', () => {
  it('is approaching from 80 %, reached at the limit, unlimited at -1', () => {
    expect(computeMessageLimit({ used: 79, maxMessagesPerMonth: 100 })).toEqual({ used: 79, limit: 100, percent: 79, level: 'ok' });
    expect(computeMessageLimit({ used: 80, maxMessagesPerMonth: 100 }).level).toBe('approaching');
    expect(computeMessageLimit({ used: 1599, maxMessagesPerMonth: 2000 }).level).toBe('ok');
    expect(computeMessageLimit({ used: 1600, maxMessagesPerMonth: 2000 }).level).toBe('approaching');
    expect(computeMessageLimit({ used: 100, maxMessagesPerMonth: 100 })).toEqual({ used: 100, limit: 100, percent: 100, level: 'reached' });
    expect(computeMessageLimit({ used: 5, maxMessagesPerMonth: -1 })).toEqual({ used: 5, limit: null, percent: 0, level: 'ok' });
    expect(computeMessageLimit({ used: 0, maxMessagesPerMonth: 0 }).level).toBe('reached');
  });
});
