import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from '../../../../test/closeServer';

type FakeRequest = {
  model: string;
  temperature?: number;
  max_tokens?: number;
  stream?: boolean;
  tools?: { function: { name: string } }[];
  messages: { role: string; content: string }[];
};

export type FakeOpenAI = { url: string; requests: FakeRequest[]; close: () => Promise<void> };

/**
 * A tiny OpenAI-compatible server for tests and benchmarks: POST /v1/chat/completions streams
 * SSE chunks like the real API. What it does depends on the last user message:
 * "[tool:quick]" streams text then a show_quick_replies call (arguments split over chunks),
 * "[tool:form]" calls request_contact_details, "[error]" answers 500, "[slow]" streams 30
 * tokens 25 ms apart, "[long]" streams LONG_ANSWER (three paragraphs) word by word, anything
 * else streams "Hello from the model." in four tokens.
 */
export async function startFakeOpenAI(options: { delayMs?: number } = {}): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    handle(req, res, requests, options.delayMs ?? 0).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => closeServer(server),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, requests: FakeRequest[], delayMs: number) {
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
    return;
  }
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const body = JSON.parse(raw) as FakeRequest;
  requests.push(body);
  const last = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

  if (last.includes('[error]')) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'model exploded', type: 'server_error' } }));
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion.chunk',
        created: 1,
        model: body.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`,
    );
  const pause = (ms: number) => (ms ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

  send({ role: 'assistant', content: '' });
  if (last.includes('[slow]')) {
    for (let i = 0; i < 30; i++) {
      if (res.destroyed) return;
      send({ content: `word${i} ` });
      await pause(25);
    }
  } else if (last.includes('[long]')) {
    for (const token of LONG_ANSWER.match(/\S+\s*|\s+/g)!) send({ content: token });
    send({}, 'stop');
  } else if (last.includes('[tool:quick]')) {
    send({ content: 'Here are some options.' });
    send({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'show_quick_replies', arguments: '' } }] });
    send({ tool_calls: [{ index: 0, function: { arguments: '{"replies":["Pricing",' } }] });
    send({ tool_calls: [{ index: 0, function: { arguments: '"Talk to sales"]}' } }] });
    send({}, 'tool_calls');
  } else if (last.includes('[tool:form]')) {
    send({
      tool_calls: [
        {
          index: 0,
          id: 'call_2',
          type: 'function',
          function: { name: 'request_contact_details', arguments: '{"message":"Leave your details and our team will call you."}' },
        },
      ],
    });
    send({}, 'tool_calls');
  } else {
    for (const token of ['Hello', ' from', ' the', ' model.']) {
      send({ content: token });
      await pause(delayMs);
    }
    send({}, 'stop');
  }
  res.write('data: [DONE]\n\n');
  res.end();
}

/**
 * Starts the fake model and points Parley's OpenAI-compatible path at it, with the chat rate
 * limits off. Call it before the app is first imported: the environment is read once.
 */
export async function serveFakeOpenAI(): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI();
  process.env.OPENAI_API_KEY = 'test-key';
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
  process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
  return fake;
}

/** A long answer of three paragraphs: the chat engine splits it into three bubbles. */
export const LONG_ANSWER = [
  'Our kettles come in three sizes. The compact model holds one litre and boils in about two minutes, which suits a single person or a small office.',
  'The family model holds 1.7 litres and has a keep-warm setting that holds the water at 80 degrees for up to thirty minutes after it boils.',
  'The professional model is built for cafés: it holds three litres, has a stainless steel body and comes with a two-year warranty like every Acme kettle.',
].join('\n\n');
