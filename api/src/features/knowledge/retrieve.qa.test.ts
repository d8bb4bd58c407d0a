import { beforeAll, describe, expect, it } from 'vitest';
import { createUserAndCookie, newBot } from '../../../test/helpers';
import { addQaSource, addTextSource, waitForIdle } from '../sources/sources.service';
import { retrieve } from './retrieve';

let botId: number;

beforeAll(async () => {
  const { cookie } = await createUserAndCookie();
  botId = (await newBot(cookie)).id;
  // A page that says "dog" and "boat" far more often than the owner's answer does.
  await addTextSource(botId, {
    title: 'Dog friendly boat tours',
    textContent: 'Dog friendly boat tours: our boat tours love dogs. Every dog owner can see dog photos from past boat tours on the dock board.',
  });
  await addTextSource(botId, { title: 'Moorings', textContent: 'Moorings cost 40 euros a night in the east harbour.' });
  await waitForIdle();
  await addQaSource(botId, {
    question: 'Can I bring my dog on the boat?',
    variants: ['Are pets allowed on board?'],
    answer: 'Yes, on a leash. Please bring water for them.',
  });
});

describe('retrieve with Q&A sources', () => {
  it('puts a Q&A that matches the question first, marked with its question and wordings, above a page that shares more words', async () => {
    const passages = await retrieve(botId, 'Can my dog come on the boat?');
    expect(passages[0]).toMatchObject({
      title: 'Can I bring my dog on the boat?',
      url: null,
      content: 'Yes, on a leash. Please bring water for them.',
      savedAnswer: true,
      qa: { question: 'Can I bring my dog on the boat?', variants: ['Are pets allowed on board?'] },
    });
    expect(passages[1]).toMatchObject({ title: 'Dog friendly boat tours' });
    expect(passages[1].qa).toBeUndefined();
    expect(passages[1].savedAnswer).toBeUndefined();
    expect((await retrieve(botId, 'pets allowed on board?'))[0].qa?.question).toBe('Can I bring my dog on the boat?');
  });

  it('puts a Q&A that does not match the question well after the pages, not marked as its answer', async () => {
    const passages = await retrieve(botId, 'What does a dog boat tour cost?');
    // The page naming the dog, the boat and the tour comes before the one naming only the cost.
    expect(passages.map((p) => [p.title, !!p.savedAnswer, !!p.qa])).toEqual([
      ['Dog friendly boat tours', false, false],
      ['Moorings', false, false],
      ['Can I bring my dog on the boat?', true, false],
    ]);
    // Even where the Q&A outranks every page on the words they share.
    const pets = await retrieve(botId, 'Do you have water for dogs?');
    expect(pets.map((p) => [p.title, !!p.savedAnswer, !!p.qa])).toEqual([
      ['Dog friendly boat tours', false, false],
      ['Can I bring my dog on the boat?', true, false],
    ]);
    expect((await retrieve(botId, 'How much is a mooring?')).map((p) => p.title)).toEqual(['Moorings']);
  });
});
