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

  it('shows the colours the widget really uses: the theme\'s primary, Parley\'s background and text', async () => {
    const themed = { ...bot, homeScreenConfig: { theme: { primaryColor: '#ff0000', backgroundColor: '#000000', textColor: '#eeeeee' } } };
    renderAt('/chatbots/:guid/embed', <EmbedPage />, true, themed);
    await screen.findByText('Theme colours');
    const colours = [...document.querySelectorAll('dl > div')].map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(colours).toEqual(['Primary #ff0000', 'Background #ffffff', 'Text #1f2937']);
    expect(screen.getByText(/its background and text\s+are always Parley's white and dark grey/)).toBeTruthy();
  });

  it('says where the colours come from and that the UI Designer is coming soon', async () => {
    renderAt('/chatbots/:guid/embed', <EmbedPage />);
    expect(await screen.findByText(/To use other colours on one site, add primaryColor, backgroundColor or\s+textColor to\s+ChatWidget.init/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'UI Designer (coming soon)' }).getAttribute('href')).toBe(`/chatbots/${guid}/ui-designer`);
    expect(screen.getByRole('link', { name: 'Edit chatbot settings' }).getAttribute('href')).toBe(`/chatbots/${guid}`);
    expect(screen.getByRole('link', { name: 'Test your chatbot' }).getAttribute('href')).toBe(`/chatbots/${guid}/test`);
    expect(screen.queryByText('Change colours in the UI Designer.')).toBeNull();
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
