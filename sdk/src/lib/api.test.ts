import { describe, expect, it, vi } from 'vitest';
import { controlledSse, FakeApi, json, sse } from '../test/fakeApi';
import { ApiError, request, resolveApiUrl, streamEvents } from './api';

describe('request', () => {
  it('prefixes the apiUrl unless the path is absolute', () => {
    expect(resolveApiUrl('https://a.example/', '/api/x')).toBe('https://a.example/api/x');
    expect(resolveApiUrl('https://a.example', 'https://b.example/y')).toBe('https://b.example/y');
    expect(resolveApiUrl('', '/api/x')).toBe('/api/x');
  });

  it('sends JSON without credentials, so no cookie of the host or of Parley rides along', async () => {
    const api = new FakeApi()
      .on('POST', '/api/echo', (c: { body: unknown }) => json({ got: c.body }))
      .on('POST', '/api/s', () => sse([{ type: 'end' }]))
      .install();
    expect(await request('http://api.test', 'POST', '/api/echo', { a: 1 })).toEqual({ got: { a: 1 } });
    await streamEvents('http://api.test', '/api/s', {}, () => {});
    expect(api.calls.map((c) => c.credentials)).toEqual(['omit', 'omit']);
  });

  it("reads the server's own message from an error body", async () => {
    new FakeApi().on('POST', '/api/x', () => new Response('{"message":"Slow down"}', { status: 429 })).install();
    const error = (await request('http://api.test', 'POST', '/api/x', {}).catch((e) => e)) as ApiError;
    expect(error.serverMessage).toBe('Slow down');
    expect(new ApiError(500, '500: oops').serverMessage).toBeNull();
  });

  it('raises "{status}: {body text}" for non-OK answers, or the status text when empty', async () => {
    new FakeApi()
      .on('GET', '/api/a', () => new Response('{"message":"Chatbot not found"}', { status: 404 }))
      .on('GET', '/api/b', () => new Response('', { status: 503, statusText: 'Service Unavailable' }))
      .install();
    const a = (await request('http://api.test', 'GET', '/api/a').catch((e) => e)) as ApiError;
    expect(a).toBeInstanceOf(ApiError);
    expect(a.message).toBe('404: {"message":"Chatbot not found"}');
    expect(a.status).toBe(404);
    expect(((await request('http://api.test', 'GET', '/api/b').catch((e) => e)) as ApiError).message).toBe('503: Service Unavailable');
  });
});

describe('streamEvents', () => {
  it('parses data lines split across network chunks and skips non-JSON lines', async () => {
    new FakeApi()
      .on('POST', '/api/s', () => {
        const body = 'data: {"type":"delta","id":1,"content":"Hi"}\n\n: comment\n\ndata: not json\n\ndata: {"type":"end"}\n\n';
        const enc = new TextEncoder();
        return new Response(
          new ReadableStream({
            start(c) {
              for (const part of body.match(/.{1,7}/gs) ?? []) c.enqueue(enc.encode(part));
              c.close();
            },
          }),
        );
      })
      .install();
    const events: unknown[] = [];
    await streamEvents('http://api.test', '/api/s', {}, (e) => events.push(e));
    expect(events).toEqual([{ type: 'delta', id: 1, content: 'Hi' }, { type: 'end' }]);
  });

  it('reads LF, CRLF and CR line endings, also a CRLF split between chunks, and joins data lines', async () => {
    const chunks = [
      'data: {"type":"delta",\r',
      '\ndata:"id":1,"content":"a"}\r\n\r',
      '\nevent: message\nid: 7\nretry: 10\ndata: {"type":"delta","id":2,"content":"b"}\n\n',
      'data: {"type":"end"}\r\r',
      'data\n\ndata: {"type":"delta","id":3,"content":"never finished"}\n',
    ];
    new FakeApi()
      .on('POST', '/api/s', () => {
        const enc = new TextEncoder();
        return new Response(
          new ReadableStream({
            start(c) {
              for (const part of chunks) c.enqueue(enc.encode(part));
              c.close();
            },
          }),
        );
      })
      .install();
    const events: unknown[] = [];
    await streamEvents('http://api.test', '/api/s', {}, (e) => events.push(e));
    expect(events).toEqual([{ type: 'delta', id: 1, content: 'a' }, { type: 'delta', id: 2, content: 'b' }, { type: 'end' }]);
  });

  it('fails with the status message on a non-OK answer', async () => {
    new FakeApi().on('POST', '/api/s', () => new Response('Too many requests', { status: 429 })).install();
    await expect(streamEvents('http://api.test', '/api/s', {}, () => {})).rejects.toThrow('429: Too many requests');
  });

  it('delivers events of a normal stream in order', async () => {
    new FakeApi().on('POST', '/api/s', () => sse([{ type: 'delta', id: 1, content: 'a' }, { type: 'end' }])).install();
    const events: string[] = [];
    await streamEvents('http://api.test', '/api/s', {}, (e) => events.push(e.type));
    expect(events).toEqual(['delta', 'end']);
  });
});

describe('streamEvents with an abort signal', () => {
  it('hands the signal to the request, stops reading when it aborts and rejects with an AbortError', async () => {
    const stream = controlledSse();
    const api = new FakeApi().on('POST', '/api/s', () => stream.response()).install();
    const abort = new AbortController();
    const events: unknown[] = [];
    const done = streamEvents('http://api.test', '/api/s', {}, (e) => events.push(e), abort.signal).catch((e: unknown) => e);
    stream.push({ type: 'delta', id: 1, content: 'Hi' });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(api.calls[0]!.signal).toBe(abort.signal);
    abort.abort();
    expect(((await done) as Error).name).toBe('AbortError');
    expect(stream.cancelled).toBe(true);
    stream.push({ type: 'end' });
    expect(events).toEqual([{ type: 'delta', id: 1, content: 'Hi' }]);
  });

  it('does not start a request whose signal is already aborted', async () => {
    new FakeApi().on('POST', '/api/s', () => sse([{ type: 'end' }])).install();
    const events: unknown[] = [];
    const error = (await streamEvents('http://api.test', '/api/s', {}, (e) => events.push(e), AbortSignal.abort()).catch((e: unknown) => e)) as Error;
    expect(error.name).toBe('AbortError');
    expect(events).toEqual([]);
  });
});
