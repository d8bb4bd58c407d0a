import { beforeAll, describe, expect, it } from 'vitest';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { retrieve } from '../knowledge/retrieve';
import { addQaSource, addTextSource, waitForIdle } from '../sources/sources.service';
import { offlineReply } from './offlineModel';

// A shop's help center and three answers its owner saved from the Unanswered inbox.
const HELP_CENTER = `# Help Center

## Shipping
We ship to the Netherlands, Belgium and Germany. Orders placed before 16:00 ship the same day and arrive in 1 to 3 working days. Shipping is free from 50 euros; below that it costs 4.95 euros.

## Returns
You can return any item within 30 days of delivery for a full refund. Items must be unworn, with their labels attached. Print the return label from your account and drop the parcel at any PostNL point.

## Payment
We accept iDEAL, credit cards (Visa, Mastercard, American Express), PayPal and Klarna, which lets you pay within 30 days.

## Sizing
Our clothes follow European sizes. Every product page has a size chart with measurements in centimetres. Between two sizes? Choose the larger one.

## Warranty
All products carry a two-year warranty against manufacturing defects. Send us your order number and a photo of the defect.

## Our store
Visit our flagship store at Coolsingel 42, 3011 AD Rotterdam. The store is open Monday to Saturday 10:00–18:00 and closed on Sundays.

## Your account
Create an account to track your orders, save addresses and see your order history. Forgot your password? Use "Reset password" on the login page and we email you a link.`;

const GIFT = {
  question: 'Do you sell gift cards?',
  variants: ['gift card?'],
  answer: 'Yes! Digital gift cards from 10 to 250 euros arrive by email within minutes and never expire. They can be spent online and in our Rotterdam store.',
};
const PICKUP = {
  question: 'Can I pick up my order in the store?',
  variants: ['click and collect?'],
  answer:
    'Yes: choose "Pick up in store" at checkout and collect your order from our Rotterdam store the next working day. Pickup is free, and we email you when your order is ready.',
};
const STUDENT = {
  question: 'Do you have a student discount?',
  variants: [],
  answer: 'Students get 15% off everything. Verify once with UNiDAYS when you check out online, or show your student card in the store.',
};

let botId: number;
const bot = { name: 'Shop helper', model: 'offline', temperature: 0.7, maxTokens: 500, systemPrompt: '', welcomeMessage: 'Hi!', fallbackMessage: 'I do not know that yet.' };

async function reply(question: string) {
  return offlineReply({ bot, history: [], visibleQuestion: question, passages: await retrieve(botId, question, { limit: 5 }) });
}

beforeAll(async () => {
  const { cookie } = await createUserAndCookie();
  botId = (await newBot(cookie)).id;
  const source = await addTextSource(botId, { title: 'Help Center', textContent: HELP_CENTER });
  await waitForIdle(source.id);
  for (const qa of [GIFT, PICKUP, STUDENT]) await addQaSource(botId, qa);
});

describe('saved answers in offline replies', () => {
  it('reaches a saved answer from the ways visitors reword its question, with no source shown', async () => {
    const rewordings: [string, typeof GIFT][] = [
      ['Can I buy a gift card?', GIFT],
      ['Do you have gift cards?', GIFT],
      ['gift cards?', GIFT],
      ['Do gift cards expire?', GIFT],
      ['Can I purchase a gift voucher?', GIFT],
      ["I'd like to give a gift card to a friend, is that possible?", GIFT],
      ['Do you offer gift certificates?', GIFT],
      ['Can I collect my order in the store?', PICKUP],
      ['Can I pick up my order?', PICKUP],
      ['Do you offer store pickup?', PICKUP],
      ['Is in-store pickup available?', PICKUP],
      ['Can I pick my order up in Rotterdam instead of shipping?', PICKUP],
      ['Can I pick up my purchase at the store?', PICKUP],
      ['Is click and collect possible?', PICKUP],
      ['Is there a student discount?', STUDENT],
      ['Do students get a discount?', STUDENT],
      ['student discount?', STUDENT],
      ["I'm a student, do I get money off?", STUDENT],
      ['Is there a student deal?', STUDENT],
      ['Are there student prices?', STUDENT],
      // Only the answer names UNiDAYS; a word of the answer alone is no match (see "Where is your store?").
      ['Do you accept UNiDAYS?', STUDENT],
    ];
    const missed: string[] = [];
    for (const [question, qa] of rewordings) {
      const answer = await reply(question);
      if (answer.text !== qa.answer) missed.push(question);
      else expect(answer.sources, question).toEqual([]);
    }
    expect(missed).toEqual(['Do you accept UNiDAYS?']);
  });

  it('answers other questions from the pages, never with a saved answer', async () => {
    const saved = [GIFT, PICKUP, STUDENT].map((qa) => qa.answer);
    // null: whatever the pages say, or the fallback.
    const expected: [string, string | null][] = [
      ['Where is your store?', 'Coolsingel 42'],
      ['What are the store opening hours?', 'Monday to Saturday 10:00–18:00'],
      ['Are you open on Sunday?', 'closed on Sundays'],
      ['Can I buy a tent for my brother?', 'I do not know that yet.'],
      ['Do you take credit cards?', 'credit cards (Visa'],
      ['Can I pay in the store?', null],
      ['Do you have student jobs?', null],
      ['Is there a discount on shipping?', null],
      ['How long does shipping take?', '1 to 3 working days'],
      ['Can I return an item?', 'within 30 days'],
      ['How do I reset my password?', 'Reset password'],
    ];
    for (const [question, sentence] of expected) {
      const answer = await reply(question);
      expect(saved, question).not.toContain(answer.text);
      expect(saved.some((text) => answer.text.includes(text.slice(0, 30))), question).toBe(false);
      if (sentence) expect(answer.text, question).toContain(sentence);
      for (const source of answer.sources) expect(source.title, question).toBe('Help Center');
    }
  });

  it('ranks saved answers that do not match below the pages, unmarked', async () => {
    const passages = await retrieve(botId, 'Where is your store?', { limit: 5 });
    expect(passages[0]).toMatchObject({ title: 'Help Center' });
    expect(passages[0].savedAnswer).toBeUndefined();
    const saved = passages.filter((p) => p.savedAnswer);
    expect(saved.length).toBeGreaterThan(0);
    for (const p of saved) expect(p.qa).toBeUndefined();
    expect(passages.findIndex((p) => p.savedAnswer)).toBeGreaterThan(passages.findLastIndex((p) => !p.savedAnswer));
  });
});
