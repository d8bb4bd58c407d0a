import { describe, expect, it } from 'vitest';
import { groupSimilarQuestions } from './groupSimilarQuestions';
import { questionKey } from './questionKey';

const asked = (text: string, count = 1) => ({ key: questionKey(text), text, count });

describe('questionKey', () => {
  it('keys a question on its sorted content stems, ignoring case, punctuation and stopwords', () => {
    expect(questionKey('How do I reset my password?')).toBe(questionKey('password RESET'));
    expect(questionKey('Do you ship to Canada?')).toBe(questionKey('shipping to canada'));
    expect(questionKey('Do you ship to Canada?')).not.toBe(questionKey('Do you ship to Mexico?'));
  });

  it('keys a question of stopwords only on its text', () => {
    expect(questionKey('  What?  ')).toBe('what?');
  });
});

describe('groupSimilarQuestions', () => {
  it('merges wordings that share most of their stems and keeps different questions apart', () => {
    const groups = groupSimilarQuestions([
      asked('How do I reset my password?', 3),
      asked('password reset', 2),
      asked('how can I reset my password quickly', 1),
      asked('How do I change my email address?', 2),
      asked('What are your opening hours?', 1),
    ]);
    expect(groups.map((g) => [g.question, g.count])).toEqual([
      ['How do I reset my password?', 6],
      ['How do I change my email address?', 2],
      ['What are your opening hours?', 1],
    ]);
    expect(groups[0].wordings.map((w) => w.text)).toContain('how can I reset my password quickly');
  });

  it('groups 21 questions on 7 topics into 7 groups, whatever order they come in', () => {
    const topics = [
      ['gift card?', 'Do you sell gift cards?', 'Can I buy a gift voucher?'],
      ['Can I pick up my order in the store?', 'Is in-store pickup available?', 'pick up in store?'],
      ['Do you have a student discount?', 'student discount?', 'Is there a student discount for online orders?'],
      ['Do you ship to Belgium?', 'Shipping to Belgium?', 'How long does delivery to Belgium take?'],
      ['How do I return an item?', 'Can I return an item I bought online?', 'return an item'],
      ['How do I reset my password?', 'password reset', 'I forgot my password, how do I reset it?'],
      ['What are your opening hours?', 'When are you open?', 'What are the store opening hours?'],
    ];
    const questions = topics.flat();
    const topicOf = new Map(topics.flatMap((texts, i) => texts.map((text) => [text, i])));
    // Forwards, backwards and interleaved, with every count 1 (the case where ties decide).
    for (const order of [questions, [...questions].reverse(), topics.flatMap((_, i) => topics.map((t) => t[(i + 1) % 3]).concat(topics.map((t) => t[i % 3])))]) {
      const seen = [...new Set(order)];
      const groups = groupSimilarQuestions(seen.map((text) => asked(text)));
      expect(groups.map((g) => g.wordings.map((w) => topicOf.get(w.text)))).toEqual(
        expect.arrayContaining(topics.map((_, i) => [i, i, i])),
      );
      expect(groups).toHaveLength(7);
    }
    // The plainest of equally frequent wordings leads.
    const gift = groupSimilarQuestions([asked('Do you sell gift cards?'), asked('gift card?'), asked('Can I buy a gift voucher?')]);
    expect(gift.map((g) => [g.question, g.count])).toEqual([['gift card?', 3]]);
  });

  it('does not drift: a wording close to one member only joins when that member is about the leading question', () => {
    const groups = groupSimilarQuestions([
      asked('gift card', 3),
      asked('gift card balance', 2),
      asked('card balance', 1),
      asked('gift wrapping', 1),
      asked('wrapping paper', 1),
    ]);
    expect(groups.map((g) => g.wordings.map((w) => w.text))).toEqual([['gift card', 'gift card balance', 'card balance'], ['gift wrapping'], ['wrapping paper']]);
  });

  it('does not join questions that share one common word only', () => {
    const groups = groupSimilarQuestions([asked('reset my password'), asked('my account email')]);
    expect(groups).toHaveLength(2);
  });
});
