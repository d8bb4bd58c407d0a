import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../test/fixtures/site/server';

// The offline model (no OPENAI_API_KEY) answering from a crawled web site.
process.env.RATE_LIMIT_CHAT_PER_MINUTE = '0';
process.env.RATE_LIMIT_SESSION_PER_MINUTE = '0';
const kit = await import('./testing/chatKit');
const { addWebsiteSource, waitForIdle } = await import('../sources/sources.service');

let site: FixtureSite;
let guid: string;

beforeAll(async () => {
  site = await startFixtureSite();
  const o = await kit.owner();
  const bot = await kit.newBot(o.cookie, {
    name: 'Brightleaf helper',
    welcomeMessage: 'Hi! I can help with Brightleaf coffee, cafés and orders.',
    fallbackMessage: "I don't know that yet, sorry.",
  });
  guid = bot.guid;
  const source = await addWebsiteSource(bot.id, { url: `${site.url}/`, maxPages: 200 });
  await waitForIdle(source.id);
});
afterAll(() => site.close());

async function ask(question: string) {
  const sessionId = await kit.openSession(guid);
  const { events } = await kit.streamMessage(sessionId, { content: question });
  return kit.completeMessages(events)[1];
}

describe('offline answers from a trained web site', () => {
  it.each([
    ["Can I get my money back if I don't like the beans?", 'Returns and refunds', '/returns', 'give you your money back'],
    ['How much is delivery to Canada?', 'Shipping and delivery', '/shipping', 'Shipping to Canada costs $14'],
    ['When does the Portland café open on Sundays?', 'Portland Pearl District café', '/cafes/portland-pearl', 'Saturday and Sunday 7:30 am to 5 pm'],
    ['Do the pastries contain nuts?', 'Allergens and nutrition', '/allergens', 'may contain gluten, nuts'],
    ['Do gift cards expire?', 'Gift cards', '/gift-cards', 'never expire'],
  ])('%s → cites %s', async (question, title, path, sentence) => {
    const answer = await ask(question);
    expect(answer.sender).toBe('bot');
    expect(answer.content).toContain(sentence);
    expect(answer.metadata?.sources?.[0]).toEqual({ title, url: `${site.url}${path}` });
  });

  it('never answers from a page robots.txt disallows', async () => {
    const answer = await ask('What is roasted on Monday according to the internal roast schedule for staff?');
    expect(answer.content).not.toContain('espresso blend');
  });

  it('gives the fallback message, without sources, when the site does not say', async () => {
    const answer = await ask('What is the boiling point of mercury?');
    expect(answer.content).toBe("I don't know that yet, sorry.");
    expect(answer.metadata?.sources).toEqual([]);
    expect(answer.metadata?.quickReplies).toEqual(['Request Live Agent']);
  });

  it('answers a greeting with the welcome message', async () => {
    const answer = await ask('Good morning!');
    expect(answer.content).toBe('Hi! I can help with Brightleaf coffee, cafés and orders.');
    expect(answer.metadata?.sources).toEqual([]);
  });
});
