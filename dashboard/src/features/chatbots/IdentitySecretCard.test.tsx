import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInAs, usePageTestEnv } from '../../test/renderWithProviders';
import { EmbedPage } from './EmbedPage';

const guid = '00000000-0000-4000-8000-000000000009';
const bot = { id: 9, guid, name: 'Harbor Help', description: null, avatarUrl: null, model: 'gpt-4o', isActive: true, homeScreenConfig: null };
const FIRST = 'a1'.repeat(32);
const SECOND = 'b2'.repeat(32);

/** The Embed page over a server whose secret is `FIRST` until rotated (or whose rotation fails with `rotateStatus`). */
function renderEmbed({ rotateStatus = 200 } = {}) {
  let secret = FIRST;
  const fetchMock = mockFetch(
    signedInAs({ email: 'owner@example.com' }),
    (url) => (url.endsWith(`/api/chatbots/${guid}`) ? json(bot) : undefined),
    (url, init) => {
      if (url.endsWith(`/api/chatbots/${guid}/identity-secret`) && (init?.method ?? 'GET') === 'GET') return json({ secret });
      if (url.endsWith(`/api/chatbots/${guid}/identity-secret/rotate`) && init?.method === 'POST') {
        if (rotateStatus !== 200) return json({ message: 'Chatbot not found' }, rotateStatus);
        secret = SECOND;
        return json({ secret });
      }
      return undefined;
    },
  );
  renderWithProviders(
    <Routes>
      <Route path="/chatbots/:guid/embed" element={<EmbedPage />} />
    </Routes>,
    { path: `/chatbots/${guid}/embed` },
  );
  return fetchMock;
}

async function card() {
  const heading = await screen.findByRole('heading', { name: 'Verified identity' });
  return heading.closest(`[aria-labelledby="${heading.id}"]`) as HTMLElement;
}

const secretText = () => screen.getByTestId('identity-secret').textContent;

/**
 * The open confirmation. jsdom has no `showModal`, so the native dialog never counts as open for
 * the accessibility tree: it is found by its heading and searched with `hidden`.
 */
async function confirmation() {
  const heading = await waitFor(() => {
    const h = document.querySelector('dialog h2');
    if (!h) throw new Error('no confirmation open');
    return h;
  });
  return heading.closest('dialog') as HTMLElement;
}
const inDialog = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name, hidden: true });
const rotateCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/identity-secret/rotate') && init?.method === 'POST');

describe('Embed page: Verified identity', () => {
  usePageTestEnv();

  it('shows the secret masked until Show is pressed, and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderEmbed();
    const region = await card();
    await waitFor(() => expect(screen.getByTestId('identity-secret')).toBeTruthy());
    expect(secretText()).toBe('•'.repeat(64));
    expect(region.textContent).not.toContain(FIRST);

    const show = within(region).getByRole('button', { name: 'Show' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(show);
    expect(secretText()).toBe(FIRST);
    expect(within(region).getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(region).getByRole('button', { name: 'Hide' }));
    expect(secretText()).toBe('•'.repeat(64));

    fireEvent.click(within(region).getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FIRST));
    expect(await screen.findByText('The identity secret is on your clipboard.')).toBeTruthy();
  });

  it('explains the feature and shows the server hash and the identify call', async () => {
    renderEmbed();
    const region = await card();
    expect(region.textContent).toMatch(/computes an HMAC-SHA256 of the user's id with\s+this secret/);
    expect(region.textContent).toMatch(/A wrong hash is refused and the\s+visitor goes on chatting anonymously/);
    const example = within(region).getByRole('group', { name: 'Verified identity example' }).textContent ?? '';
    expect(example).toContain("crypto.createHmac('sha256', SECRET).update(user.id).digest('hex')");
    expect(example).toContain('ChatWidget.identify({');
    expect(example).toContain('userHash,');
    // The example never carries the secret itself: it belongs in the server's configuration.
    expect(example).not.toContain(FIRST);
  });

  it('rotates only after the confirmation, then shows the new secret and says so', async () => {
    const fetchMock = renderEmbed();
    const region = await card();
    await waitFor(() => expect(screen.getByTestId('identity-secret')).toBeTruthy());
    fireEvent.click(within(region).getByRole('button', { name: 'Show' }));

    fireEvent.click(within(region).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await confirmation();
    expect(dialog.querySelector('h2')?.textContent).toBe('Rotate the identity secret?');
    expect(dialog.textContent).toContain('Hashes made with the current secret stop verifying');
    fireEvent.click(inDialog(dialog, 'Cancel'));
    await waitFor(() => expect(document.querySelector('dialog h2')).toBeNull());
    expect(rotateCalls(fetchMock)).toHaveLength(0);
    expect(secretText()).toBe(FIRST);

    fireEvent.click(within(region).getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(inDialog(await confirmation(), 'Rotate secret'));
    await waitFor(() => expect(secretText()).toBe(SECOND));
    expect(rotateCalls(fetchMock)).toHaveLength(1);
    expect(await screen.findByText('Secret rotated')).toBeTruthy();
    expect(screen.getByText('Put the new secret on your server: hashes made with the old one no longer verify.')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('dialog h2')).toBeNull());
  });

  it('keeps the secret and shows the server’s words when the rotation fails', async () => {
    renderEmbed({ rotateStatus: 404 });
    const region = await card();
    await waitFor(() => expect(screen.getByTestId('identity-secret')).toBeTruthy());
    fireEvent.click(within(region).getByRole('button', { name: 'Show' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(inDialog(await confirmation(), 'Rotate secret'));
    expect(await screen.findByText('Chatbot not found')).toBeTruthy();
    expect(secretText()).toBe(FIRST);
  });
});
