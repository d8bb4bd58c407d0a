import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders, signedOut, usePageTestEnv } from '../../test/renderWithProviders';
import { LandingPage } from './LandingPage';

/** Features this version does not have: public pages must not claim them. */
// Plan changes (prorated through Stripe, cancel at the end of the billing period) exist now.
const NOT_BUILT = /integration/i;

describe('LandingPage', () => {
  usePageTestEnv();

  it('signed out: every "Get Started Free" opens the sign-up form, "Contact Sales" goes to /contact', async () => {
    mockFetch(signedOut);
    renderWithProviders(<LandingPage />);
    const ctas = await screen.findAllByRole('link', { name: /Get Started Free/ });
    expect(ctas.length).toBe(2);
    for (const cta of ctas) expect(cta.getAttribute('href')).toBe('/api/login?mode=signup');
    for (const link of screen.getAllByRole('link', { name: 'Contact Sales' })) expect(link.getAttribute('href')).toBe('/contact');
  });

  it('makes the spec marketing claims and only true feature claims', async () => {
    mockFetch(signedOut);
    const { container } = renderWithProviders(<LandingPage />);
    await screen.findAllByRole('link', { name: /Get Started Free/ });
    expect(screen.getByText(/5-minute setup · one-line embed/)).toBeTruthy();
    expect(screen.getByText('Free plan: 1 chatbot, 100 messages a month')).toBeTruthy();
    expect(screen.getByText('No credit card required')).toBeTruthy();
    expect(screen.getByText('Start free with 1 chatbot and 100 messages a month. No credit card required.')).toBeTruthy();
    const features = within(container.querySelector('#features') as HTMLElement);
    expect(features.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Train on your website',
      'Text and file knowledge',
      'Fix what the bot got wrong',
      'Leads inbox',
      'One-line embed',
      'Home screen designer',
      'Surveys in the chat',
      'Prompt assistant',
      'Limits without surprises',
    ]);
    // Only answers drawn from the owner's content have a source to cite (not the fallback message).
    expect(features.getByText(/Answers drawn from your content cite their source\./)).toBeTruthy();
    expect(container.textContent).not.toMatch(/Every answer cites/);
    expect(features.getByText(/the UI Designer builds it: a welcome header, topics, categories and your colours/)).toBeTruthy();
    expect(features.getByText(/your bot asks it right in the conversation: choices, ratings and free text\. See completion rates and every answer, and export them as CSV\./)).toBeTruthy();
    // Surveys exist, but nothing says they are still to come.
    expect(container.textContent).not.toMatch(/surveys?[^.]*(?:coming soon|not available)/i);
    expect(screen.getByText('Can I change plans later?')).toBeTruthy();
    expect(screen.getByText(/a cancellation takes effect at the end of the billing period, so you can resume until then/)).toBeTruthy();
    expect(container.textContent).not.toMatch(NOT_BUILT);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '').not.toMatch(NOT_BUILT);
  });
});
