/**
 * Embedded mode (the dashboard inside an iframe): only the `?embedded=true` query turns it on.
 * The iframe page the API serves at /widget/{userId}/{guid} is not the dashboard, so nothing the
 * API injects there ever reaches this code.
 */
export function isEmbeddedMode(search: string = typeof window === 'undefined' ? '' : window.location.search): boolean {
  return new URLSearchParams(search).get('embedded') === 'true';
}
