import type { FeedbackRating, FeedbackRequest, FeedbackResponse, StreamEvent } from '@parley/contracts';

/**
 * Error raised for every non-OK answer. Its message is `"{status}: {body text}"` (or the status
 * text when the body is empty), which is what `onError` receives (docs/widget.md).
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
  const res = await call(apiUrl, method, path, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Stores the visitor's vote on one bot answer; a later vote replaces the earlier one. */
export function sendFeedback(apiUrl: string, sessionId: string, messageId: number | string, rating: FeedbackRating): Promise<FeedbackResponse> {
  const body: FeedbackRequest = { rating };
  return request(apiUrl, 'POST', `/api/chat/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(String(messageId))}/feedback`, body);
}

/**
 * POSTs `body` and feeds each `data: {json}` server-sent event to `onEvent` as it arrives.
 * Lines that are not JSON objects with a `type` are ignored, so newer servers stay compatible.
 * Aborting `signal` cancels the request and rejects with the abort reason (an `AbortError`).
 */
export async function streamEvents(
  apiUrl: string,
  path: string,
  body: unknown,
  onEvent: (event: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await call(apiUrl, 'POST', path, body, { Accept: 'text/event-stream' }, signal);
  if (!res.body) throw new Error('The stream has no body');
  const feed = sseReader((text) => {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    if (data && typeof (data as { type?: unknown }).type === 'string') onEvent(data as StreamEvent);
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    feed(decoder.decode(value, { stream: true }));
  }
  feed(decoder.decode());
}

/** Paths are prefixed with the widget's apiUrl unless they already begin with http. */
export function resolveApiUrl(apiUrl: string, path: string): string {
  if (/^https?:/i.test(path)) return path;
  return apiUrl.replace(/\/+$/, '') + path;
}

/** One fetch without credentials; a non-OK answer becomes an {@link ApiError}. */
async function call(apiUrl: string, method: string, path: string, body: unknown, headers?: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(resolveApiUrl(apiUrl, path), {
    method,
    credentials: 'omit',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
}

/**
 * Reads a server-sent event stream fed in chunks and hands over each event's data (several
 * `data` lines joined by "\n"), as the EventSource rules say; comments and the `event`, `id` and
 * `retry` fields are skipped, since the widget needs none of them. Lines end in LF, CRLF or CR;
 * a CR ending a chunk waits for the next one, which may start with the LF of the same CRLF.
 * An event the stream does not finish with a blank line is dropped.
 */
function sseReader(onData: (data: string) => void): (chunk: string) => void {
  let rest = '';
  let data: string | null = null;
  return (chunk) => {
    const lines = (rest + chunk).split(/\r\n|\r(?!$)|\n/);
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line) {
        if (data !== null) onData(data);
        data = null;
        continue;
      }
      const colon = line.indexOf(':');
      if ((colon < 0 ? line : line.slice(0, colon)) !== 'data') continue;
      const value = colon < 0 ? '' : line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1);
      data = data === null ? value : `${data}\n${value}`;
    }
  };
}
