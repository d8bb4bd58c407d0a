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

  it('does not join questions that share one common word only', () => {
    const groups = groupSimilarQuestions([asked('reset my password'), asked('my account email')]);
    expect(groups).toHaveLength(2);
  });
});
