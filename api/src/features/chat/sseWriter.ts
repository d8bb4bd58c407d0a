import type { SSEStreamingApi } from 'hono/streaming';
import type { StreamEvent } from '@parley/contracts';

/**
 * Writes stream events as `data: {json}` lines. Events produced in the same turn of the event
 * loop (a burst of tokens, or bubble + complete + end) go out as one socket write instead of
 * one each. Nothing is awaited by the producer: a slow or vanished client never holds up the
 * turn, and after the client has gone events are dropped.
 */
export function createSseWriter(stream: SSEStreamingApi) {
  let open = true;
  let pending = '';
  let scheduled: NodeJS.Immediate | null = null;
  stream.onAbort(() => {
    open = false;
  });

  const flush = () => {
    scheduled = null;
    if (!pending) return Promise.resolve();
    const chunk = pending;
    pending = '';
    return open ? stream.write(chunk).then(() => undefined) : Promise.resolve();
  };

  return {
    send(event: StreamEvent) {
      if (!open) return;
      pending += `data: ${JSON.stringify(event)}\n\n`;
      scheduled ??= setImmediate(flush);
    },
    /** An SSE comment, written at once (event parsers ignore it). */
    comment(text: string) {
      if (open) void stream.write(`: ${text}\n\n`);
    },
    /** Writes what is still buffered; call before the stream closes. */
    async end() {
      if (scheduled) clearImmediate(scheduled);
      await flush();
    },
  };
}
