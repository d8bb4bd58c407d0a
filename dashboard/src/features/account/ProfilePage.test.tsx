import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, usePageTestEnv } from '../../test/renderWithProviders';
import { UserMenu } from '../layout/UserMenu';
import { useAuth } from '../auth/useAuth';
import { ProfilePage } from './ProfilePage';

type User = { id: string; email: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null; createdAt: string };
const ada: User = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, profileImageUrl: null, createdAt: '2026-01-01T00:00:00.000Z' };

/** The navigation's user menu next to the page, as in the app, reading the same cached user. */
function NavbarUser() {
  const { user } = useAuth();
  return user ? <UserMenu user={user} /> : null;
}

/** The server: the stored user, changed by PATCH /api/account/profile and the picture upload. */
function server(initial: User = ada, answers: { patch?: () => Response; upload?: () => Response } = {}) {
  let user = { ...initial };
  const fetchMock = mockFetch((url, init) => {
    if (url.endsWith('/api/auth/user')) return json(user);
    if (url.endsWith('/api/auth/admin-status')) return json({ isAdmin: false });
    if (url.endsWith('/api/subscription/current')) return json({ plan: { id: 'free', name: 'Free' } });
    if (url.endsWith('/api/account/profile') && init?.method === 'PATCH') {
      if (answers.patch) return answers.patch();
      const body = JSON.parse(String(init.body)) as Partial<User>;
      const trim = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
      user = {
        ...user,
        ...(body.firstName !== undefined && { firstName: trim(body.firstName) ?? null }),
        ...(body.lastName !== undefined && { lastName: trim(body.lastName) ?? null }),
        ...(body.profileImageUrl !== undefined && { profileImageUrl: body.profileImageUrl }),
      };
      return json(user);
    }
    if (url.endsWith('/api/upload/profile-image') && init?.method === 'POST') {
      if (answers.upload) return answers.upload();
      user = { ...user, profileImageUrl: '/uploads/profile-1.webp' };
      return json({ url: user.profileImageUrl, user }, 201);
    }
    return undefined;
  });
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method && init.method !== 'GET').map(([, init]) => init!.body);

function render() {
  return renderWithProviders(
    <>
      <NavbarUser />
      <ProfilePage />
    </>,
    { path: '/profile' },
  );
}

const pickFile = (file: File) => fireEvent.change(screen.getByLabelText('Upload profile picture'), { target: { files: [file] } });

describe('ProfilePage: names', () => {
  usePageTestEnv();

  it('saves the first and last name and the user menu shows the new name', async () => {
    const fetchMock = server();
    render();
    const first = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(first.value).toBe('Ada');
    expect((screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(first, { target: { value: ' Grace ' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Hopper' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await screen.findByText('Profile updated');
    expect(screen.getByText('Your name was saved.')).toBeTruthy();
    expect(JSON.parse(String(sent(fetchMock, '/api/account/profile')[0]))).toEqual({ firstName: ' Grace ', lastName: 'Hopper' });
    await waitFor(() => expect(screen.getByRole('button', { name: /^User menu: / }).textContent).toContain('Grace Hopper'));
  });

  it('refuses a name over 100 characters before sending, and shows the server field errors', async () => {
    const fetchMock = server(ada, {
      patch: () =>
        json({ message: 'Last name must be at most 100 characters', details: { fieldErrors: { lastName: ['Last name must be at most 100 characters'] }, formErrors: [] } }, 400),
    });
    render();
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'x'.repeat(101) } });
    await screen.findByText('First name must be at most 100 characters');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(sent(fetchMock, '/api/account/profile')).toEqual([]);

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save name' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await screen.findByText('Update failed');
    // The server's words, in the toast and under the field.
    expect(screen.getAllByText('Last name must be at most 100 characters')).toHaveLength(2);
  });
});

describe('ProfilePage: picture', () => {
  usePageTestEnv();

  it('refuses a file that is not a JPG, PNG, GIF or WebP image, without uploading it', async () => {
    const fetchMock = server();
    render();
    await screen.findByText('Profile picture');
    expect(screen.getByText('JPG, PNG, GIF or WebP up to 10MB; stored at 200×200.')).toBeTruthy();
    pickFile(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    await screen.findByText('Invalid file type');
    expect(screen.getByText('Please select an image file (JPG, PNG, GIF, WebP).')).toBeTruthy();
    pickFile(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(sent(fetchMock, '/api/upload/profile-image')).toEqual([]);
  });

  it('refuses an image over 10MB', async () => {
    const fetchMock = server();
    render();
    await screen.findByText('Profile picture');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    pickFile(big);
    await screen.findByText('File too large');
    expect(screen.getByText('Please select an image smaller than 10MB.')).toBeTruthy();
    expect(sent(fetchMock, '/api/upload/profile-image')).toEqual([]);
  });

  it('uploads a picture; the user menu avatar shows it at once', async () => {
    const fetchMock = server();
    render();
    await screen.findByText('Profile picture');
    pickFile(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    await screen.findByText('Picture updated');
    expect(screen.getByText('Your profile picture was updated.')).toBeTruthy();
    const body = sent(fetchMock, '/api/upload/profile-image')[0] as FormData;
    expect((body.get('picture') as File).name).toBe('me.png');
    await waitFor(() => expect(screen.getByRole('button', { name: /^User menu: / }).querySelector('img')?.getAttribute('src')).toBe('/uploads/profile-1.webp'));
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it("shows the server's message when an upload fails", async () => {
    server(ada, { upload: () => json({ message: 'Please select an image file (JPG, PNG, GIF, WebP).', details: { title: 'Invalid file type' } }, 400) });
    render();
    await screen.findByText('Profile picture');
    pickFile(new File([new Uint8Array([0x89, 0x50])], 'fake.png', { type: 'image/png' }));
    await screen.findByText('Upload failed');
    expect(screen.getByText('Please select an image file (JPG, PNG, GIF, WebP).')).toBeTruthy();
  });

  it('sets a picture by URL (Set URL disabled when empty or unchanged) and removes it', async () => {
    const fetchMock = server();
    render();
    const setUrl = (await screen.findByRole('button', { name: 'Set URL' })) as HTMLButtonElement;
    expect(setUrl.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Picture URL'), { target: { value: '   ' } });
    expect(setUrl.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Picture URL'), { target: { value: ' https://cdn.example.com/ada.png ' } });
    expect(setUrl.disabled).toBe(false);
    fireEvent.click(setUrl);
    await screen.findByText('Picture updated');
    expect(JSON.parse(String(sent(fetchMock, '/api/account/profile')[0]))).toEqual({ profileImageUrl: 'https://cdn.example.com/ada.png' });
    // Unchanged now: nothing to set.
    await waitFor(() => expect(setUrl.disabled).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByText('Picture removed');
    expect(screen.getByText('Your profile picture was removed.')).toBeTruthy();
    expect(JSON.parse(String(sent(fetchMock, '/api/account/profile')[1]))).toEqual({ profileImageUrl: null });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull());
    await act(async () => {});
    expect(screen.getByRole('button', { name: /^User menu: / }).querySelector('img')).toBeNull();
  });
});
