import { beforeAll, describe, expect, it } from 'vitest';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { offlineReply } from '../ai/offlineModel';
import { addTextSource, waitForIdle } from '../sources/sources.service';
import { retrieve } from './retrieve';

let bot: Awaited<ReturnType<typeof newBot>>;

beforeAll(async () => {
  const { cookie } = await createUserAndCookie();
  bot = await newBot(cookie);
  await addTextSource(bot.id, { title: 'Authentication', textContent: 'Authentication uses single sign-on: sign in once with your company account and every app trusts it.' });
  await addTextSource(bot.id, { title: 'Billing', textContent: 'Invoices are sent on the first day of each month by email.' });
  await waitForIdle();
});

describe('short forms of words the content uses', () => {
  it('answers a question about "auth" from the page about authentication', async () => {
    const question = 'Tell me about auth';
    const passages = await retrieve(bot.id, question);
    expect(passages[0]?.title).toBe('Authentication');
    const reply = offlineReply({ bot, history: [], visibleQuestion: question, passages });
    expect(reply.sources.map((s) => s.title)).toEqual(['Authentication']);
    expect(reply.text).toContain('single sign-on');
  });
});
