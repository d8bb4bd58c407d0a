import { createParser } from 'eventsource-parser';
import type { StreamEvent } from '../protocol';

/**
 * Error raised for every non-OK answer. Its message is `"{status}: {body text}"` (or the status
 * text when the body is empty), exactly as the spec's error catalogue says.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The `message` of a JSON error body (what the server says to show), or null. */
  get serverMessage(): string | null {
    try {
      const body = JSON.parse(this.message.slice(this.message.indexOf(':') + 1)) as { message?: unknown };
      return typeof body.message === 'string' ? body.message : null;
    } catch {
      return null;
    }
  }
}

/**
 * Sends one JSON request; answers the parsed body (null when empty). Like every widget call it
 * carries no credentials: the visitor API needs none, and a Parley cookie must never ride along
 * from a host page.
 */
export async function request<T>(apiUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(resolveApiUrl(apiUrl, path), {
    method,
    credentials: 'omit',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * POSTs `body` and feeds each `data: {json}` server-sent event to `onEvent` as it arrives.
 * Lines that are not JSON objects with a `type` are ignored, so newer servers stay compatible.
 */
export async function streamEvents(
  apiUrl: string,
  path: string,
  body: unknown,
  onEvent: (event: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await fetch(resolveApiUrl(apiUrl, path), {
    method: 'POST',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  await throwIfNotOk(res);
  if (!res.body) throw new Error('The stream has no body');
  const parser = createParser({
    onEvent(message) {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      if (data && typeof (data as { type?: unknown }).type === 'string') onEvent(data as StreamEvent);
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
}

/** Paths are prefixed with the widget's apiUrl unless they already begin with http. */
export function resolveApiUrl(apiUrl: string, path: string): string {
  if (/^https?:/i.test(path)) return path;
  return apiUrl.replace(/\/+$/, '') + path;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
}
