import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeOpenAI } from './testing/fakeOpenAI';
import { readSse } from './testing/readSse';

// A local OpenAI-compatible model whose "[slow]" answer (30 words, 25 ms apart) takes long
// enough to read the history several times while it is being written.
const fake = await serveFakeOpenAI();
const kit = await import('./testing/chatKit');

/** A streaming answer's text is saved at its first token, then at most this often. */
const SAVE_INTERVAL_MS = 200;

let guid: string;

beforeAll(async () => {
  const o = await kit.owner();
  guid = (await kit.newBot(o.cookie, { name: 'Storyteller' })).guid;
});

afterAll(() => fake.close());

describe('a streaming answer is saved while it is written', () => {
  it('shows a visitor who reloads mid-answer the text so far, growing, saved at most every 200 ms', async () => {
    const sessionId = await kit.openSession(guid);
    const started = Date.now();
    const res = await kit.client.api.chat[':sessionId'].messages.stream.$post({
      param: { sessionId },
      json: { content: 'Tell me a long story [slow]' },
    });
    expect(res.status).toBe(200);
    let streaming = true;
    const events = readSse(res).finally(() => {
      streaming = false;
    });

    // What a reload would show while the answer is still being written, read every few ms.
    const partials: string[] = [];
    const ids = new Set<string | number>();
    while (streaming) {
      const answer = (await kit.getMessages(sessionId)).find((m) => m.sender === 'bot');
      if (answer?.metadata?.isStreaming) {
        ids.add(answer.id);
        if (answer.content !== partials.at(-1)) partials.push(answer.content);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const elapsed = Date.now() - started;
    const [, final] = kit.completeMessages(await events);
    expect(final.content.split(' ')).toHaveLength(30);
    expect(final.metadata).toMatchObject({ isStreaming: false, streamingComplete: true });

    // One row, saved at the first token, then again with more of the answer: the first of
    // these saves comes 200 ms in, long before the thirtieth word.
    expect([...ids]).toEqual([final.id]);
    expect(partials[0]).toBe('word0 ');
    expect(partials.length, JSON.stringify(partials)).toBeGreaterThanOrEqual(2);
    const words = (text: string) => text.trim().split(' ').length;
    expect(words(partials[1]!)).toBeGreaterThan(1);
    expect(words(partials[1]!)).toBeLessThan(30);
    for (const [i, partial] of partials.entries()) {
      expect(final.content.startsWith(partial.trimEnd()), partial).toBe(true);
      if (i > 0) expect(partial.length, partial).toBeGreaterThan(partials[i - 1]!.length);
    }

    // Not a save per token: the first token's, then at most one per interval.
    expect(partials.length, JSON.stringify(partials)).toBeLessThanOrEqual(1 + Math.floor(elapsed / SAVE_INTERVAL_MS));
  });
});
