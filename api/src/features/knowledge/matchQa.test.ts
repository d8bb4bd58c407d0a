import { describe, expect, it } from 'vitest';
import { matchQa, questionVariants } from './matchQa';

const dogs = {
  question: 'Can I bring my dog on the boat?',
  variants: ['Are pets allowed on board?'],
  answer: 'Yes, dogs are welcome on every boat tour, on a leash.',
};

describe('matchQa', () => {
  it('matches rewordings of the question or of one of its wordings', () => {
    for (const asked of ['Can my dog come on the boat?', 'may I take my dog on the boat', 'Pets on board allowed?', 'can I bring my dog on board?']) {
      expect(matchQa(asked, dogs), asked).not.toBeNull();
    }
  });

  it('scores closer wordings higher', () => {
    expect(matchQa('Can I bring my dog on the boat?', dogs)!).toBeGreaterThan(matchQa('Can my dog come on the boat?', dogs)!);
  });

  it('refuses questions about something else, or that only touch it', () => {
    for (const asked of ['What is the capital of France?', 'Do you sell boat fuel?', 'How much does a boat tour cost?', 'dog?', 'hello']) {
      expect(matchQa(asked, dogs), asked).toBeNull();
    }
  });
});

describe('matchQa with synonyms, compounds and two-topic wordings', () => {
  const pickup = { question: 'Can I pick up my order in the store?', variants: [], answer: 'Yes, collect it the next day.' };
  const student = { question: 'Is there a student discount for online orders?', variants: [], answer: 'Students get 15% off.' };
  const gift = { question: 'Do you sell gift cards?', variants: [], answer: 'Yes, from 10 euros.' };

  it('reads "pick … up", "pick-up" and "pickup" as one topic, and a store question alone as no match', () => {
    for (const asked of ['Is in-store pickup available?', 'Can I pick my order up at the store?', 'store pick-up?']) {
      expect(matchQa(asked, pickup), asked).not.toBeNull();
    }
    for (const asked of ['Where is your store?', 'What are the store opening hours?', 'store?']) expect(matchQa(asked, pickup), asked).toBeNull();
  });

  it('takes half of a wording when every topic of a question of two or more is in the Q&A', () => {
    expect(matchQa('Do you do student deals?', student)).not.toBeNull();
    expect(matchQa("I'm a student, do I get money off?", student)).not.toBeNull();
    // One topic only, or a topic left over: no.
    expect(matchQa('deals?', student)).toBeNull();
    expect(matchQa('Do you have student jobs?', student)).toBeNull();
  });

  it('knows buy, purchase and sell, and card, voucher and certificate', () => {
    for (const asked of ['Can I purchase a gift voucher?', 'Do you have gift certificates?']) expect(matchQa(asked, gift), asked).not.toBeNull();
    for (const asked of ['Can I buy a tent for my brother?', 'Do you take credit cards?']) expect(matchQa(asked, gift), asked).toBeNull();
  });
});

describe('questionVariants', () => {
  it('reads the stored JSON list, keeping strings only', () => {
    expect(questionVariants('["a", 2, "b"]')).toEqual(['a', 'b']);
    expect(questionVariants('not json')).toEqual([]);
    expect(questionVariants(null)).toEqual([]);
  });
});
