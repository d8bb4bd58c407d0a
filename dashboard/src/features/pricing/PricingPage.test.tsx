import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, signedOut, usePageTestEnv } from '../../test/renderWithProviders';
import { PricingPage } from './PricingPage';

const plan = (id: string, name: string, price: number, features: string[] = []) => ({ id, name, description: `${name} plan`, price, currency: 'usd', features, maxBots: 1, maxMessagesPerMonth: 100, sortOrder: 0 });
const PLANS = [plan('free', 'Free', 0, ['Leads inbox and prompt assistant']), plan('basic', 'Basic', 1900, ['Everything in Trial']), plan('premium', 'Premium', 4900), plan('ultra', 'Ultra', 9900)];
const plans = (url: string) => (url.endsWith('/api/subscription/plans') ? json(PLANS) : undefined);

describe('PricingPage', () => {
  usePageTestEnv();

  it('signed out: "Start Free Trial" and "Get Started" open the sign-up form', async () => {
    mockFetch(signedOut, plans);
    renderWithProviders(<PricingPage />, { path: '/pricing' });
    expect((await within(await screen.findByTestId('plan-free')).findByRole('link', { name: 'Start Free Trial' })).getAttribute('href')).toBe('/api/login?mode=signup');
    for (const id of ['basic', 'premium', 'ultra']) {
      expect(within(screen.getByTestId(`plan-${id}`)).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/api/login?mode=signup');
    }
  });

  it('signed in: Go to Dashboard and Choose Plan', async () => {
    mockFetch(signedInAs({ email: 'ada@example.com' }), plans);
    renderWithProviders(<PricingPage />, { path: '/pricing' });
    expect((await within(await screen.findByTestId('plan-free')).findByRole('link', { name: 'Go to Dashboard' })).getAttribute('href')).toBe('/dashboard');
    expect(within(screen.getByTestId('plan-basic')).getByRole('link', { name: 'Choose Plan' }).getAttribute('href')).toBe('/subscription');
  });

  it('says what is included and how paid plans work today, without features that do not exist', async () => {
    mockFetch(signedOut, plans);
    const { container } = renderWithProviders(<PricingPage />, { path: '/pricing' });
    await screen.findByTestId('plan-free');
    for (const line of [
      'Website, text and file training',
      'One-line embed, custom element or iframe',
      'Leads inbox with email hand-off',
      "Prompt assistant for the bot's instructions",
      'Conversation history',
      'Usage alerts and read-only mode instead of surprise bills',
    ]) {
      expect(screen.getByText(line)).toBeTruthy();
    }
    expect(screen.getByText('Start free with 1 chatbot and 100 messages a month, no credit card required.')).toBeTruthy();
    expect(screen.getByText(/Choose a paid plan on the Subscription page/)).toBeTruthy();
    expect(screen.getByText(/A cancellation takes effect at the end of the billing period; until then you keep your plan and can resume it/)).toBeTruthy();
    expect(screen.getByText(/Your own chats on the Test page do not count/)).toBeTruthy();
    expect(container.textContent).not.toMatch(/designer|survey|analytics|integration/i);
  });
});
