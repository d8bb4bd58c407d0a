import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, usePageTestEnv } from '../../test/renderWithProviders';
import { TestPage } from './TestPage';
import { chatbotFixture } from '../../test/chatbotFixture';

const guid = '00000000-0000-4000-8000-000000000002';
const bot = chatbotFixture(guid, { id: 2 });
const NOTE = 'Test chats are not counted against your monthly messages and are labelled Test in history.';

// A stand-in for the widget bundle: the page only has to hand the element its attributes.
beforeAll(() => {
  if (!customElements.get('chat-widget')) customElements.define('chat-widget', class extends HTMLElement {});
});

function renderTestPage(tokenAnswer: () => Response) {
  const fetchMock = mockFetch(signedInAs({ email: 'owner@example.com' }), (url, init) => {
    if (url.endsWith(`/api/chatbots/${guid}/test-token`) && init?.method === 'POST') return tokenAnswer();
    if (url.endsWith(`/api/chatbots/${guid}`)) return json(bot);
    return undefined;
  });
  renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/test" element={<TestPage />} />
    </Routes>,
    { path: `/chatbots/${guid}/test` },
  );
  return fetchMock;
}

describe('Test page', () => {
  usePageTestEnv();

  it('fetches a test token and gives it to the widget, with the note on counting', async () => {
    const fetchMock = renderTestPage(() => json({ token: 'tok_abc', expiresAt: '2030-01-01T00:00:00.000Z' }, 201));
    expect((await screen.findByTestId('test-chat-note')).textContent).toBe(NOTE);
    await waitFor(() => expect(document.querySelector('chat-widget')).not.toBeNull());
    const el = document.querySelector('chat-widget')!;
    expect(el.getAttribute('test-token')).toBe('tok_abc');
    expect(el.getAttribute('chatbot-id')).toBe(guid);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/test-token'))).toHaveLength(1);
  });

  it('shows no widget, and says so, when no token can be had', async () => {
    renderTestPage(() => json({ message: 'Internal server error' }, 500));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not start a test chat. Reload the page to try again.');
    expect(document.querySelector('chat-widget')).toBeNull();
  });
});
