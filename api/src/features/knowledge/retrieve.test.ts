import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';
import { addTextSource, addWebsiteSource, waitForIdle } from '../sources/sources.service';
import { retrieve } from './retrieve';
import { SITE_QUESTIONS } from '../../../test/fixtures/site/visitorQuestions';

let site: FixtureSite;
let botId: number;
let otherBotId: number;

beforeAll(async () => {
  site = await startFixtureSite();
  const { cookie } = await createUserAndCookie();
  botId = (await newBot(cookie)).id;
  otherBotId = (await newBot(cookie, { name: 'Other bot' })).id;
  await addWebsiteSource(botId, { url: `${site.url}/`, maxPages: 200 });
  await addTextSource(otherBotId, { title: 'Other knowledge', textContent: 'Our subscription costs nothing; refunds are instant.' });
  await waitForIdle();
});
afterAll(() => site.close());

const pathOf = (url: string | null) => (url ?? '').slice(site.url.length) || '/';

describe('retrieve over the crawled fixture site', () => {
  it.each(SITE_QUESTIONS)('%s → %s in the top 3', async (question, expected) => {
    const passages = await retrieve(botId, question);
    expect(passages.slice(0, 3).map((p) => pathOf(p.url))).toContain(expected);
  });

  it('returns passages with their source: title, url, heading, source id and a score, best first', async () => {
    const passages = await retrieve(botId, 'opening hours of the Seattle café');
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.length).toBeLessThanOrEqual(5);
    expect(passages[0]).toMatchObject({
      title: 'Seattle Capitol Hill café',
      url: `${site.url}/cafes/seattle-capitol-hill`,
      heading: 'Opening hours',
      content: 'Every day from 7 am to 7 pm, including most holidays.',
    });
    expect(passages[0].sourceId).toBeTypeOf('number');
    expect(passages[0].chunkId).toBeTypeOf('number');
    const scores = passages.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('honours the limit', async () => {
    expect(await retrieve(botId, 'coffee', { limit: 2 })).toHaveLength(2);
    expect(await retrieve(botId, 'coffee', { limit: 12 })).toHaveLength(12);
  });

  it('returns [] when nothing is relevant or the question has no content words', async () => {
    expect(await retrieve(botId, 'What is the capital of Mongolia?')).toEqual([]);
    expect(await retrieve(botId, 'Hello! How are you?')).toEqual([]);
    expect(await retrieve(botId, '')).toEqual([]);
  });

  it('treats FTS5 syntax in questions as plain words', async () => {
    for (const q of ['"unbalanced', 'NEAR(coffee beans)', 'title:secret OR *', 'chatbot_id:1', "refund'); DROP TABLE chunks;--", '{content}: ^price']) {
      await expect(retrieve(botId, q)).resolves.toBeInstanceOf(Array);
    }
    expect((await retrieve(botId, 'NEAR(refund money)')).slice(0, 3).map((p) => pathOf(p.url))).toContain('/returns');
  });

  it('only searches the given bot', async () => {
    const theirs = await retrieve(otherBotId, 'how much is the subscription and can I get a refund');
    expect(theirs.map((p) => p.title)).toEqual(['Other knowledge']);
    expect(await retrieve(otherBotId, 'Portland café opening hours')).toEqual([]);
    expect(await retrieve(999_999, 'coffee')).toEqual([]);
  });
});
