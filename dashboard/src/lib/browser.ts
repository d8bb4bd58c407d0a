/** Full-page navigation, behind an object so tests can observe it instead of leaving jsdom. */
export const browser = {
  go(url: string) {
    window.location.href = url;
  },
};

/** The sign-in entry point, bringing the visitor back to where they were. */
export function loginUrl(returnTo?: string): string {
  const target = returnTo ?? `${window.location.pathname}${window.location.search}`;
  return target && target !== '/' ? `/api/login?returnTo=${encodeURIComponent(target)}` : '/api/login';
}
