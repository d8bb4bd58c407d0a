import { beforeAll, describe, expect, it } from 'vitest';
import { topicWeights } from '../knowledge/topicWeights';
import { RAREST_WEIGHT } from '../knowledge/wordWeight';

// The offline model (no OPENAI_API_KEY) on a bot whose content is a manual, where everyday
// words of one field ("open" a file) are on most pages.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('./testing/chatKit');
const { addTextSource, waitForIdle } = await import('../sources/sources.service');

let bot: Awaited<ReturnType<typeof kit.newBot>>;
const FALLBACK = 'That is not in the file manual.';

beforeAll(async () => {
  const o = await kit.owner();
  bot = await kit.newBot(o.cookie, { name: 'File manual', fallbackMessage: FALLBACK });
  // 200 sections about opening files, 40 naming a weekday (one of them opening too); no afternoons
  const sections = Array.from({ length: 240 }, (_, i) => {
    if (i % 6 !== 0) return `# Mode ${i}\n\nThe file in mode ${i} is opened before writing block ${i}; reading it twice keeps handle ${i}.`;
    const delay = i === 0 ? ' If delay is set, file opening is deferred until the first write.' : '';
    return `# Rotation ${i}\n\nFor weekly rotation of log ${i}, specify W0 for Monday and so on up to W6 for Sunday.${delay}`;
  });
  await addTextSource(bot.id, { title: 'File manual', textContent: sections.join('\n\n') });
  await addTextSource(bot.id, { title: 'Archive settings', textContent: 'Archives are compressed with zstd at level 3 by default.' });
  await waitForIdle();
});

async function ask(question: string) {
  const sessionId = await kit.openSession(bot.guid);
  const { events } = await kit.streamMessage(sessionId, { content: question });
  return kit.completeMessages(events)[1]!;
}

describe('questions whose telling words the content lacks', () => {
  it('weighs each question word by how rare it is in the content, 0 for a word it never uses', async () => {
    const weights = await topicWeights(bot.id, ['Are you open on Sunday afternoons?', 'What compression level?']);
    expect(weights.afternoons).toBe(0);
    expect(weights.open).toBeGreaterThan(0);
    expect(weights.open).toBeLessThan(weights.sunday!);
    expect(weights.sunday).toBeLessThan(weights.zstd ?? RAREST_WEIGHT);
    // "compression" is found through its family ("compressed"): not 0
    expect(weights.compression).toBeGreaterThan(0);
    // an everyday word the content never uses is no topic at all
    expect(Object.keys(await topicWeights(bot.id, ['Which zstd level do archives take?'])).sort()).toEqual(['archives', 'level', 'zstd']);
  });

  it('falls back when the words it has (common "open", "Sunday") weigh less than the one it lacks', async () => {
    const answer = await ask('Are you open on Sunday afternoons?');
    expect(answer.content).toBe(FALLBACK);
    expect(answer.metadata?.sources).toEqual([]);
  });

  it('still answers from the content when the only word it lacks is an everyday one', async () => {
    const answer = await ask('Which zstd level do archives take?');
    expect(answer.content).toContain('level 3');
  });
});
