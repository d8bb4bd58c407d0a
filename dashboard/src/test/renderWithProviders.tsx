import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient } from '../lib/queryClient';
import { ThemeProvider } from '../features/theme/ThemeProvider';
import { Toaster } from '../features/toast/Toaster';
import { resetToasts } from '../features/toast/toastStore';

/** The app's providers around a component, at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  // jsdom does not scroll; the layout scrolls to the top on every navigation.
  window.scrollTo = () => {};
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <Toaster />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

type Handler = (url: string, init?: RequestInit) => Response | undefined;

/** Replaces fetch: the first handler that answers wins; anything else is a 404 JSON error. */
export function mockFetch(...handlers: Handler[]) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    for (const handler of handlers) {
      const res = handler(url, init);
      if (res) return res;
    }
    return json({ message: `No route for ${url}` }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const signedOut: Handler = (url) => (url.endsWith('/api/auth/user') ? json({ message: 'Unauthorized' }, 401) : undefined);

export const signedInAs =
  (user: { firstName?: string | null; email: string }): Handler =>
  (url) => {
    if (url.endsWith('/api/auth/user')) return json({ id: 'u1', lastName: null, profileImageUrl: null, firstName: null, ...user });
    if (url.endsWith('/api/auth/admin-status')) return json({ isAdmin: false });
    return undefined;
  };

/** jsdom has no matchMedia; this one can flip the dark preference like an OS switch. */
export function mockMatchMedia(initialDark = false) {
  let dark = initialDark;
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  const mql = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', vi.fn(() => mql));
  return {
    setDark(next: boolean) {
      dark = next;
      for (const l of listeners) l({ matches: next } as MediaQueryListEvent);
    },
  };
}

/**
 * Per-test setup for page tests: a light colour scheme, no toasts left over, and after each test
 * the DOM, timers, mocks and stubbed globals (fetch) put back.
 */
export function usePageTestEnv() {
  beforeEach(() => {
    mockMatchMedia(false);
    resetToasts();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    act(() => resetToasts());
  });
}
