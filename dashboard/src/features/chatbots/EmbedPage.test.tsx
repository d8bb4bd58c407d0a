import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, usePageTestEnv } from '../../test/renderWithProviders';
import { EmbedPage } from './EmbedPage';
import { TestPage } from './TestPage';

const guid = '00000000-0000-4000-8000-000000000003';
const bot = { id: 3, guid, name: 'Harbor Help', description: null, avatarUrl: null, model: 'gpt-4o', temperature: 7, maxTokens: 1000, welcomeMessage: null, fallbackMessage: null, isActive: true, homeScreenConfig: null };

function renderAt(path: string, element: React.ReactElement, modelConfigured = true, saved: Record<string, unknown> = bot) {
  mockFetch(
    signedInAs({ email: 'owner@example.com' }),
    (url) => (url.endsWith('/api/system/status') ? json({ modelConfigured, emailConfigured: false }) : undefined),
    (url) => (url.endsWith(`/api/chatbots/${guid}`) ? json(saved) : undefined),
  );
  renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
    </Routes>,
    { path: path.replace(':guid', guid) },
  );
}

describe('Embed page', () => {
  usePageTestEnv();
  afterEach(() => localStorage.clear());

  it('copying a snippet marks the Embed step done for that bot', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => undefined) } });
    renderAt('/chatbots/:guid/embed', <EmbedPage />);
    const script = await screen.findByRole('group', { name: 'Script tag' });
    expect(localStorage.getItem(`parley:embed-copied:${guid}`)).toBeNull();
    fireEvent.click(within(script).getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(localStorage.getItem(`parley:embed-copied:${guid}`)).toBe('1'));
  });

  it('shows the colours saved in the home-screen theme, with a link to change them in the UI Designer', async () => {
    const themed = { ...bot, homeScreenConfig: { version: 1, components: [], theme: { primaryColor: '#ff0000', backgroundColor: '#000000', textColor: '#eeeeee' } } };
    renderAt('/chatbots/:guid/embed', <EmbedPage />, true, themed);
    await screen.findByText('Theme colours');
    const colours = [...document.querySelectorAll('dl > div')].map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(colours).toEqual(['Primary #ff0000', 'Background #000000', 'Text #eeeeee']);
    const change = screen.getByRole('link', { name: 'Change colors in the UI Designer' });
    expect(change.getAttribute('href')).toBe(`/chatbots/${guid}/ui-designer`);
    // the link sits with the colours, not only among the quick links
    expect(change.closest('div')?.querySelector('dl')).toBeTruthy();
    expect(screen.getByText(/picks up saved colours and home screen the\s+next time a visitor opens it, with no change to the snippet/)).toBeTruthy();
  });

  it('without a saved theme shows the default colours', async () => {
    renderAt('/chatbots/:guid/embed', <EmbedPage />);
    await screen.findByText('Theme colours');
    const rows = () => [...document.querySelectorAll('dl > div')].map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows()).toEqual(['Primary #2563eb', 'Background #ffffff', 'Text #1f2937']);
  });

  it('keeps the colour-on-one-site tip and links the UI Designer among the quick links, no longer "coming soon"', async () => {
    renderAt('/chatbots/:guid/embed', <EmbedPage />, true, { ...bot, homeScreenConfig: { theme: { textColor: '#111111' } } });
    expect(await screen.findByText(/To use other colours on one site, add primaryColor,\s+backgroundColor or textColor as data attributes of the script tag/)).toBeTruthy();
    expect([...document.querySelectorAll('dl > div')].map((row) => row.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Primary #2563eb',
      'Background #ffffff',
      'Text #111111',
    ]);
    expect(screen.getByRole('link', { name: 'UI Designer' }).getAttribute('href')).toBe(`/chatbots/${guid}/ui-designer`);
    expect(screen.getByRole('link', { name: 'Edit chatbot settings' }).getAttribute('href')).toBe(`/chatbots/${guid}`);
    expect(screen.getByRole('link', { name: 'Test your chatbot' }).getAttribute('href')).toBe(`/chatbots/${guid}/test`);
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });
});

describe('Test page configuration summary', () => {
  usePageTestEnv();

  it('without a model key says "Offline answers (no model configured)" with the how-to', async () => {
    renderAt('/chatbots/:guid/test', <TestPage />, false);
    expect(await screen.findByText('Offline answers (no model configured)')).toBeTruthy();
    expect(screen.getByText('Set OPENAI_API_KEY on the server to use gpt-4o.')).toBeTruthy();
  });

  it('with a model configured names only the model', async () => {
    renderAt('/chatbots/:guid/test', <TestPage />, true);
    expect(await screen.findByText('gpt-4o')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Offline answers (no model configured)')).toBeNull();
  });
});
