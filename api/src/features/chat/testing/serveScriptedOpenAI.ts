import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from '../../../../test/closeServer';

/**
 * A scripted model for the owner-side assistants' tests: push the next replies to `script`;
 * every request Parley sent is in `requests`, parsed.
 */
export type ScriptedOpenAI<Sent> = { script: (string | null)[]; requests: Sent[]; close: () => Promise<void> };

/**
 * Starts a local OpenAI-compatible server answering each (non-streaming) chat completion with
 * the next scripted reply as the message content, or a 500 for `null` or an empty script, and
 * points Parley's OpenAI-compatible path at it. Call it before the app is first imported: the
 * environment is read once.
 */
export async function serveScriptedOpenAI<Sent = { model: string; messages: { role: string; content: string }[] }>(): Promise<ScriptedOpenAI<Sent>> {
  const script: (string | null)[] = [];
  const requests: Sent[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    requests.push(JSON.parse(raw) as Sent);
    const reply = script.shift();
    if (reply === null || reply === undefined) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model exploded', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-4.1',
        choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.OPENAI_API_KEY = 'test-key';
  process.env.OPENAI_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { script, requests, close: () => closeServer(server) };
}
