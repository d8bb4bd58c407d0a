import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { db, dialect, sqlite } from '../../db/client';
import { chunks, contentSources } from '../../db/schema';
import { env } from '../../env';
import { logger } from '../../lib/logger';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { addTextSource, waitForIdle } from '../sources/sources.service';
import { retrieve } from './retrieve';

/**
 * A tiny OpenAI-compatible /v1/embeddings server: deterministic hashed bag-of-words vectors,
 * where a few words share a concept bucket so that "automobile" lands near "car" although the
 * two never match lexically. The real `openai` SDK talks to it over HTTP.
 */
const DIM = 64;
const CONCEPTS: Record<string, string> = { automobile: 'car', vehicle: 'car', car: 'car', cars: 'car', leave: 'park', parking: 'park', park: 'park' };
const FILLER = new Set(['where', 'should', 'can', 'the', 'free', 'and', 'our', 'every', 'day', 'what', 'about']);
function embed(text: string): number[] {
  const v = new Array<number>(DIM).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (word.length < 3 || FILLER.has(word)) continue;
    const token = CONCEPTS[word] ?? word;
    v[createHash('sha1').update(token).digest()[0] % DIM] += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

let server: http.Server;
const requests: { model: string; inputs: string[]; auth: string | undefined }[] = [];
let failing = false;
let botId: number;
let warn: MockInstance<typeof logger.warn>;

beforeAll(async () => {
  warn = vi.spyOn(logger, 'warn');
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end('{}');
      if (failing) return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"model overloaded"}}');
      const { model, input } = JSON.parse(body) as { model: string; input: string | string[] };
      const inputs = Array.isArray(input) ? input : [input];
      requests.push({ model, inputs, auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model,
          data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })),
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(env, {
    OPENAI_EMBEDDING_MODEL: 'test-embed-64',
    OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    OPENAI_API_KEY: 'sk-test',
  });
  const { cookie } = await createUserAndCookie();
  botId = (await newBot(cookie)).id;
});
afterAll(async () => {
  warn.mockRestore();
  Object.assign(env, { OPENAI_EMBEDDING_MODEL: undefined, OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined });
  await new Promise((r) => server.close(r));
});

describe('hybrid retrieval with embeddings', () => {
  it('embeds chunks while indexing and finds passages that share no words with the question', async () => {
    const parking = await addTextSource(botId, { title: 'Getting here', textContent: 'Free car parking is available behind the roastery on Glisan Street.' });
    await addTextSource(botId, { title: 'Menu', textContent: 'We serve espresso, filter coffee and seasonal pastries every day.' });
    await waitForIdle();
    const question = 'Where should I leave my automobile?';

    if (dialect === 'postgres') {
      // PostgreSQL stores no vectors yet (pgvector is not used): nothing is embedded, the configured
      // model is reported, and answers come from full-text search alone, so only shared words find a passage.
      expect(requests).toEqual([]);
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith('OPENAI_EMBEDDING_MODEL is set, but vectors are not stored on PostgreSQL yet; retrieval uses full-text search only', {
          pgvector: expect.stringMatching(/^(not installed on the server|available on the server, not used yet)$/),
        }),
      );
      expect(await retrieve(botId, question)).toEqual([]);
      expect((await retrieve(botId, 'Is there free car parking on Glisan Street?')).map((p) => p.sourceId)).toEqual([parking.id]);
      return;
    }

    expect(requests.some((r) => r.inputs.some((i) => i.includes('Free car parking')))).toBe(true);
    expect(requests.every((r) => r.model === 'test-embed-64' && r.auth === 'Bearer sk-test')).toBe(true);
    const stored = sqlite.prepare(`SELECT count(*) AS n FROM chunks_vec_${DIM} WHERE chatbot_id = ?`).get(botId) as { n: number };
    expect(stored.n).toBe(2);

    const hybrid = await retrieve(botId, question);
    expect(hybrid.map((p) => p.sourceId)).toEqual([parking.id]);
    expect(requests.at(-1)!.inputs).toEqual([question]);

    // the same question without vectors finds nothing: the match above came from the vector side
    const model = env.OPENAI_EMBEDDING_MODEL;
    env.OPENAI_EMBEDDING_MODEL = undefined;
    expect(await retrieve(botId, question)).toEqual([]);
    env.OPENAI_EMBEDDING_MODEL = model;
  });

  it('still returns [] for unrelated questions', async () => {
    expect(await retrieve(botId, 'What is the capital of Mongolia?')).toEqual([]);
  });

  it('keeps indexing and answering with full-text search when the embeddings server fails', async () => {
    failing = true;
    try {
      const source = await addTextSource(botId, { title: 'Roasting', textContent: 'We roast on a fifteen kilo Loring every weekday morning.' });
      await waitForIdle(source.id);
      const [row] = await db.select({ status: contentSources.status, n: contentSources.totalChunks }).from(contentSources).where(eq(contentSources.id, source.id));
      expect(row).toEqual({ status: 'completed', n: 1 });
      const found = await retrieve(botId, 'which roaster machine do you use? Loring?');
      expect(found[0]).toMatchObject({ sourceId: source.id });
    } finally {
      failing = false;
    }
  });

  it('drops vectors of deleted chunks', async () => {
    const { deleteSource } = await import('../sources/sources.service');
    const source = await addTextSource(botId, { title: 'Temp', textContent: 'A temporary note about the Glisan vehicle entrance.' });
    await waitForIdle(source.id);
    if (dialect === 'sqlite') {
      const vectors = () => (sqlite.prepare(`SELECT count(*) AS n FROM chunks_vec_${DIM}`).get() as { n: number }).n;
      const before = vectors();
      await deleteSource(botId, source.id);
      expect(vectors()).toBe(before - 1);
    } else {
      // PostgreSQL keeps no vectors to drop: deleting with a model configured removes the chunks, and reaches for no vector table
      await deleteSource(botId, source.id);
      expect(await db.select({ n: count() }).from(chunks).where(eq(chunks.sourceId, source.id))).toEqual([{ n: 0 }]);
    }
  });
});
