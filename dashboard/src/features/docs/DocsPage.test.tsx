import { screen, within } from '@testing-library/react';
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
      'Surveys',
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
    expect(container.textContent).not.toMatch(/UI Designer[^.]*not available|[Ss]urveys?[^.]*(?:not available|coming soon)|prorated|integrations/);
  });

  it('explains surveys: building, starting from the home screen, the chat and what analytics count', () => {
    mockFetch(signedOut);
    renderWithProviders(<DocsPage />, { path: '/docs' });
    const section = within(document.getElementById('surveys') as HTMLElement);
    expect(section.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Build a survey', 'Start it from the home screen', 'In the chat', 'Survey Analytics']);
    const text = document.getElementById('surveys')?.textContent ?? '';
    for (const fact of [
      'Edits are saved automatically 2 seconds after your last change, or at once with Save Details.',
      'rating (1 to 5 by default, up to 0 to 10, as stars, numbers or a scale)',
      'Choice questions keep at least 2 options and can offer an Other answer',
      'Only active surveys start in the chat: choose Activate once the survey has at least one question.',
      "a topic 'Rate your visit' that starts the Visit feedback survey",
      'ask a normal question in between and pick up again with Continue survey',
      'A survey can be completed once per conversation.',
      'Completed responses count, and unfinished ones too when the survey saves partial responses; chats on the Test page are not counted.',
    ]) {
      expect(text).toContain(fact);
    }
  });
});
