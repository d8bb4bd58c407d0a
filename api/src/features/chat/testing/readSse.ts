import type { StreamEvent } from '@parley/contracts';

/** All `data:` events of a finished SSE response body (a fetch or typed-client response). */
export async function readSse(res: { text(): Promise<string> }): Promise<StreamEvent[]> {
  return parseSse(await res.text());
}

export function parseSse(text: string): StreamEvent[] {
  return text
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as StreamEvent);
}
