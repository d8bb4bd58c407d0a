import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './AppRoutes';
import { json, mockFetch, mockMatchMedia, renderWithProviders, signedInAs, signedOut } from './test/renderWithProviders';

const PLANS = [
  { id: 'free', name: 'Free', description: 'd', price: 0, currency: 'usd', features: [], maxBots: 1, maxMessagesPerMonth: 100, sortOrder: 0 },
  { id: 'basic', name: 'Basic', description: 'd', price: 1900, currency: 'usd', features: [], maxBots: 3, maxMessagesPerMonth: 2000, sortOrder: 1 },
  { id: 'premium', name: 'Premium', description: 'd', price: 4900, currency: 'usd', features: [], maxBots: 10, maxMessagesPerMonth: 10000, sortOrder: 2 },
  { id: 'ultra', name: 'Ultra', description: 'd', price: 9900, currency: 'usd', features: [], maxBots: -1, maxMessagesPerMonth: -1, sortOrder: 3 },
];
const plans = (url: string) => (url.endsWith('/api/subscription/plans') ? json(PLANS) : undefined);

describe('routes', () => {
  beforeEach(() => mockMatchMedia(false));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows the 404 page with a way home for unknown paths', async () => {
    mockFetch(signedOut);
    renderWithProviders(<AppRoutes />, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home Page' }).getAttribute('href')).toBe('/');
  });

  it('signed out: navigation offers Log In and no owner links', async () => {
    mockFetch(signedOut);
    renderWithProviders(<AppRoutes />, { path: '/privacy' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect((await within(nav).findByRole('link', { name: 'Log In' })).getAttribute('href')).toBe('/api/login');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Documentation' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Privacy Policy' })).toBeTruthy();
  });

  it('/support shows the documentation signed in and is not found signed out (spec route tables)', async () => {
    mockFetch(signedOut);
    const out = renderWithProviders(<AppRoutes />, { path: '/support' });
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
    out.unmount();
    mockFetch(signedInAs({ email: 'ada@example.com' }));
    renderWithProviders(<AppRoutes />, { path: '/support' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Build, train and embed your chatbot' })).toBeTruthy();
  });

  it('signed in: navigation shows Dashboard and Subscription, the landing CTA is "Go to Dashboard"', async () => {
    mockFetch(signedInAs({ email: 'ada@example.com', firstName: 'Ada' }));
    renderWithProviders(<AppRoutes />, { path: '/' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Subscription' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Go to Dashboard/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /Get Started Free/ })).toBeNull();
  });

  it('pricing: four plans, Free shown as Trial, prices per month, Premium most popular, -1 unlimited', async () => {
    mockFetch(signedOut, plans);
    renderWithProviders(<AppRoutes />, { path: '/pricing' });
    const premium = await screen.findByTestId('plan-premium');
    expect(within(premium).getByText('Most Popular')).toBeTruthy();
    expect(within(premium).getByText('$49')).toBeTruthy();
    expect(within(screen.getByTestId('plan-free')).getByRole('heading', { name: 'Trial' })).toBeTruthy();
    expect(within(screen.getByTestId('plan-ultra')).getByText('Unlimited messages per month')).toBeTruthy();
    expect(within(screen.getByTestId('plan-basic')).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/api/login?mode=signup');
    expect(within(screen.getByTestId('plan-free')).getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/api/login?mode=signup');
    expect(screen.getAllByText('/month')).toHaveLength(4);
  });

  it('embedded mode: no navigation, the widget page for any path, with the configuration error (the dashboard carries no bot configuration)', async () => {
    const fetch = mockFetch(signedOut);
    window.history.replaceState(null, '', '/anything?embedded=true');
    renderWithProviders(<AppRoutes />, { path: '/anything?embedded=true' });
    expect(await screen.findByText('Chat widget configuration error')).toBeTruthy();
    expect(screen.getByText('No valid chatbot configuration found')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/auth/user'))).toBe(false);
  });
});
