import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders, signedOut, usePageTestEnv } from '../../test/renderWithProviders';
import { DocsPage } from './DocsPage';

describe('DocsPage', () => {
  usePageTestEnv();

  it('sends new owners to the sign-up form and describes the features that exist', () => {
    mockFetch(signedOut);
    const { container } = renderWithProviders(<DocsPage />, { path: '/docs' });
    expect(screen.getByRole('link', { name: 'Create a free account' }).getAttribute('href')).toBe('/api/login?mode=signup');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Quick start',
      'Core features',
      'Embedding',
      'AI configuration',
      'Interactive features',
      'Troubleshooting',
      'Need more help?',
    ]);
    for (const feature of ['Prompt assistant', 'Leads inbox', 'Chat history', 'Plans and limits']) expect(screen.getByText(feature)).toBeTruthy();
    expect(screen.getByText(/0\.0 \(focused\)/)).toBeTruthy();
    expect(screen.getByText(/the\s+dashboard then says "Offline answers \(no model configured\)" where the model is shown/)).toBeTruthy();
    expect(container.textContent).toContain(
      "every submission is kept in your Leads inbox. When the server has a mail server configured (SMTP_URL), it is also emailed to the address in the chatbot's Email Configuration, or to your account's email when that is empty.",
    );
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact');
    expect(container.textContent).toContain('Design your own in the UI Designer');
    expect(container.textContent).not.toMatch(/UI Designer[^.]*not available|Surveys|Survey Analytics|prorated|integrations/);
  });
});
