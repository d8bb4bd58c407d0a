import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, usePageTestEnv } from '../../test/renderWithProviders';
import { DashboardPage } from './DashboardPage';
import { markEmbedCopied } from './nextSteps';

const guid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const bot = (n: number, progress: { sourceCount?: number; testConversationCount?: number; visitorConversationCount?: number } = {}) => ({
  id: n,
  guid: guid(n),
  name: `Bot ${n}`,
  description: null,
  model: 'gpt-4o',
  isActive: true,
  avatarUrl: null,
  sourceCount: 0,
  testConversationCount: 0,
  visitorConversationCount: 0,
  ...progress,
});

function serve(bots: ReturnType<typeof bot>[], { modelConfigured = true, isAdmin = false } = {}) {
  mockFetch(
    (url) => (url.endsWith('/api/auth/admin-status') ? json({ isAdmin }) : undefined),
    (url) => (url.endsWith('/api/system/status') ? json({ modelConfigured, emailConfigured: false }) : undefined),
    signedInAs({ email: 'ada@example.com', firstName: 'Ada' }),
    (url) => (url.endsWith('/api/chatbots') ? json(bots) : undefined),
    (url) =>
      url.endsWith('/api/subscription/current')
        ? json({ status: 'active', plan: { id: 'free', name: 'Free', maxBots: 1, maxMessagesPerMonth: 100 }, messagesUsedThisMonth: 0, currentPeriodEnd: '2030-01-01', cancelAtPeriodEnd: false })
        : undefined,
  );
  return renderWithProviders(<DashboardPage />, { path: '/dashboard' });
}

const stepState = (card: HTMLElement) =>
  ['add-data', 'test', 'embed'].map((key) => within(card).getByTestId(`step-${key}`).getAttribute('data-done'));

describe('Next steps on the dashboard', () => {
  usePageTestEnv();
  afterEach(() => localStorage.clear());

  it('a new bot shows "Next steps for {name}" with add data → test → embed, each one click away', async () => {
    serve([bot(2), bot(1, { sourceCount: 1, testConversationCount: 1, visitorConversationCount: 1 })]);
    const card = await screen.findByTestId('next-steps');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Next steps for Bot 2');
    expect(within(card).getByText('0 of 3 done')).toBeTruthy();
    expect(within(card).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['1. Add data', '2. Test', '3. Embed']);
    expect(within(card).getByText('Train it on your website, a text or a file.')).toBeTruthy();
    expect(within(card).getByText('Chat with it on the Test page before visitors do.')).toBeTruthy();
    expect(within(card).getByText('Copy the embed code into your website.')).toBeTruthy();
    expect(within(card).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Add data', `/chatbots/${guid(2)}/add-data`],
      ['Test', `/chatbots/${guid(2)}/test`],
      ['Embed', `/chatbots/${guid(2)}/embed`],
    ]);
  });

  it('ticks Add data with a source, Test with any conversation, Embed once the code was copied', async () => {
    const first = serve([bot(1, { sourceCount: 2, testConversationCount: 1 })]);
    let card = await screen.findByTestId('next-steps');
    expect(stepState(card)).toEqual(['true', 'true', 'false']);
    expect(within(card).getByText('2 of 3 done')).toBeTruthy();
    expect(within(card).getAllByText('(done)')).toHaveLength(2);
    first.unmount();

    markEmbedCopied(guid(1));
    const second = serve([bot(1, { sourceCount: 2, testConversationCount: 1 }), bot(3, { visitorConversationCount: 1 })]);
    card = await screen.findByTestId('next-steps');
    // Bot 1 is done; the next bot not set up is shown: a visitor's conversation counts as tested and embedded.
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Next steps for Bot 3');
    expect(stepState(card)).toEqual(['false', 'true', 'true']);
    second.unmount();

    serve([bot(1, { sourceCount: 2, testConversationCount: 1 })]);
    expect(await screen.findAllByTestId('chatbot-card')).toHaveLength(1);
    expect(screen.queryByTestId('next-steps')).toBeNull();
  });

  it('can be dismissed, and stays dismissed for that bot', async () => {
    const first = serve([bot(1)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss next steps' }));
    expect(screen.queryByTestId('next-steps')).toBeNull();
    first.unmount();
    serve([bot(1)]);
    expect(await screen.findAllByTestId('chatbot-card')).toHaveLength(1);
    expect(screen.queryByTestId('next-steps')).toBeNull();
  });
});

describe('Chatbot card', () => {
  usePageTestEnv();
  afterEach(() => localStorage.clear());

  it('has Add data, Test and Embed one click away, keeps Configure and names the model', async () => {
    serve([bot(1)]);
    const [card] = await screen.findAllByTestId('chatbot-card');
    const steps = within(card!).getByRole('group', { name: 'Set up Bot 1' });
    expect(within(steps).getAllByRole('link').map((a) => [a.textContent?.trim(), a.getAttribute('href')])).toEqual([
      ['Add data', `/chatbots/${guid(1)}/add-data`],
      ['Test', `/chatbots/${guid(1)}/test`],
      ['Embed', `/chatbots/${guid(1)}/embed`],
    ]);
    expect(within(card!).getByRole('link', { name: /Configure/ }).getAttribute('href')).toBe(`/chatbots/${guid(1)}`);
    await waitFor(() => expect(within(card!).getByText('gpt-4o')).toBeTruthy());
    expect(within(card!).queryByText('Offline answers (no model configured)')).toBeNull();
  });

  it('without a model key says "Offline answers (no model configured)" with the how-to', async () => {
    serve([bot(1)], { modelConfigured: false });
    const [card] = await screen.findAllByTestId('chatbot-card');
    expect(await within(card!).findByText('Offline answers (no model configured)')).toBeTruthy();
    expect(within(card!).getByText('Set OPENAI_API_KEY on the server to use gpt-4o.')).toBeTruthy();
    expect(within(card!).queryByText('gpt-4o')).toBeNull();
  });
});

describe('Plan line', () => {
  usePageTestEnv();

  it('explains the admin account has no limit on active chatbots', async () => {
    serve([bot(1, { sourceCount: 1, testConversationCount: 1, visitorConversationCount: 1 })], { isAdmin: true });
    expect(await screen.findByText('Admin account: no limit on active chatbots (∞)')).toBeTruthy();
    expect(screen.getByText(/Trial plan · 1 \/ ∞ active chatbots/)).toBeTruthy();
  });

  it('says nothing of the sort to other owners', async () => {
    serve([bot(1, { sourceCount: 1, testConversationCount: 1, visitorConversationCount: 1 })]);
    expect(await screen.findByText(/Trial plan · 1 \/ 1 active chatbots/)).toBeTruthy();
    expect(screen.queryByText('Admin account: no limit on active chatbots (∞)')).toBeNull();
  });
});
