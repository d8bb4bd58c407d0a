import { beforeAll, describe, expect, it } from 'vitest';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { offlineReply } from '../ai/offlineModel';
import { addTextSource, waitForIdle } from '../sources/sources.service';
import { identifierWords } from './questionTerms';
import { retrieve } from './retrieve';

describe('identifierWords', () => {
  it('splits camel-case code identifiers into words and leaves brand names and snake case alone', () => {
    expect(identifierWords('Call document.getElementById(name) or new TextTestRunner()')).toBe('get element by id text test runner');
    expect(identifierWords('set maxConnections, parse with XMLHttpRequest')).toBe('max connections xml http request');
    expect(identifierWords('PostgreSQL, JavaScript, iPhone, GitHub, OpenAI and pg_stat_activity')).toBe('');
  });
});

describe('questions in plain words about code identifiers', () => {
  let bot: Awaited<ReturnType<typeof newBot>>;
  beforeAll(async () => {
    const { cookie } = await createUserAndCookie();
    bot = await newBot(cookie);
    await addTextSource(bot.id, {
      title: 'Looking up nodes',
      textContent: 'Call getElementById with the value of an id attribute: it returns that node, or null when no node has it. For a CSS selector use querySelectorAll.',
    });
    await addTextSource(bot.id, { title: 'Styling', textContent: 'Every node takes the theme colours; the id of a theme is set in the settings.' });
    await waitForIdle();
  });

  it('finds and quotes the passage that names getElementById for "an element by its id"', async () => {
    const question = 'How do I get an element by its id?';
    const passages = await retrieve(bot.id, question);
    expect(passages[0]?.title).toBe('Looking up nodes');
    const reply = offlineReply({ bot, history: [], visibleQuestion: question, passages });
    expect(reply.sources.map((s) => s.title)).toEqual(['Looking up nodes']);
    expect(reply.text).toContain('Call getElementById with the value of an id attribute');
  });

  it('still finds the identifier typed whole', async () => {
    const passages = await retrieve(bot.id, 'what does getElementById return?');
    expect(passages[0]?.title).toBe('Looking up nodes');
  });
});
