import { env } from '../../env';

/**
 * An absolute link into the dashboard for mail, from PUBLIC_URL. Without it the server cannot
 * know the address people reach it by, so the mail carries the bare path, which still tells
 * the owner where to go.
 */
export function appLink(path: string): string {
  return env.PUBLIC_URL ? new URL(path, env.PUBLIC_URL).toString() : path;
}
