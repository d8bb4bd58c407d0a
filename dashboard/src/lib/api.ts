import { hc, type InferResponseType } from 'hono/client';
import type { AppType } from '@parley/api';

/** Typed calls for every route the API already has; every call sends the session cookie. */
export const client = hc<AppType>('/api', { init: { credentials: 'include' } });

/** Any non-OK answer becomes an error "{status}: {body text or status text}", so callers can match on the status prefix. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }

  /** The JSON error body `{message, details}` when the server sent one. */
  get body(): { message?: string; details?: Record<string, unknown> } | null {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return parsed && typeof parsed === 'object' ? (parsed as { message?: string; details?: Record<string, unknown> }) : null;
    } catch {
      return null;
    }
  }

  /** The server's own words, for toasts; falls back to the raw text. */
  get serverMessage(): string {
    return this.body?.message ?? this.bodyText;
  }
}

/** The server's message for a failed call (`{message}` of its JSON error), else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.body?.message) || fallback;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, text);
}

/** Awaits a typed client call, throws on non-OK and returns the parsed JSON. */
export async function unwrap<R extends Response & { json(): Promise<unknown> }>(call: Promise<R>): Promise<Awaited<ReturnType<R['json']>>> {
  const res = await call;
  await throwIfResNotOk(res);
  return (await res.json()) as Awaited<ReturnType<R['json']>>;
}

/**
 * Untyped request for the subscription checkout/modify/resume/cancel calls: their routes only
 * answer "billing unavailable" until online billing lands, so they declare no body to type.
 * Same rules as the typed client: JSON body, credentials, the same error text. Move each call
 * to `client` when its route takes its body.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** An error starting with 401 and mentioning Unauthorized means the session ended. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/s.test(error.message);
}

export type CurrentUser = InferResponseType<typeof client.auth.user.$get, 200>;
export type Chatbot = InferResponseType<(typeof client.chatbots)[':guid']['$get'], 200>;
export type Plan = InferResponseType<typeof client.subscription.plans.$get, 200>[number];
export type CurrentSubscription = InferResponseType<typeof client.subscription.current.$get, 200>;
