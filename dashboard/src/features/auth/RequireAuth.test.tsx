import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { mockFetch, renderWithProviders, usePageTestEnv, signedInAs, signedOut } from '../../test/renderWithProviders';

import { announceLoggedOutAndRedirect, handleUnauthorized, LOGGED_OUT_REDIRECT_DELAY } from './loggedOut';
import { RequireAuth } from './RequireAuth';

describe('RequireAuth (owner pages)', () => {
  usePageTestEnv();

  it('signed out: shows the destructive logged-out toast, then goes to /api/login after 500 ms', async () => {
    mockFetch(signedOut);
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderWithProviders(<RequireAuth><p>secret owner page</p></RequireAuth>, { path: '/dashboard' });

    expect(await screen.findByText('Unauthorized')).toBeTruthy();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(screen.getByText('Unauthorized').closest('[data-variant]')?.getAttribute('data-variant')).toBe('destructive');
    expect(screen.queryByText('secret owner page')).toBeNull();
    expect(go).not.toHaveBeenCalled();

    await waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 1500 });
    expect(go.mock.calls[0][0]).toMatch(/^\/api\/login/);
  });

  it('waits the full 500 ms before leaving, and a cancelled redirect never fires', () => {
    vi.useFakeTimers();
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    announceLoggedOutAndRedirect();
    vi.advanceTimersByTime(LOGGED_OUT_REDIRECT_DELAY - 1);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledTimes(1);

    const cancel = announceLoggedOutAndRedirect();
    cancel();
    vi.advanceTimersByTime(1000);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('treats a "401: ...Unauthorized" mutation error as a logged-out session, and nothing else', () => {
    vi.useFakeTimers();
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    expect(handleUnauthorized(new Error('500: boom'))).toBe(false);
    expect(handleUnauthorized(new Error('403: {"message":"Unauthorized"}'))).toBe(false);
    expect(handleUnauthorized(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    vi.advanceTimersByTime(LOGGED_OUT_REDIRECT_DELAY);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('signed in: renders the page and never redirects', async () => {
    mockFetch(signedInAs({ email: 'ada@example.com', firstName: 'Ada' }));
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderWithProviders(<RequireAuth><p>owner content</p></RequireAuth>, { path: '/dashboard' });
    expect(await screen.findByText('owner content')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 600));
    expect(go).not.toHaveBeenCalled();
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });

  it('can show its own signed-out view instead of redirecting (survey builder)', async () => {
    mockFetch(signedOut);
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderWithProviders(<RequireAuth signedOut={<p>Authentication Required</p>}><p>builder</p></RequireAuth>, { path: '/chatbots/x/surveys' });
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 600));
    expect(go).not.toHaveBeenCalled();
  });
});
