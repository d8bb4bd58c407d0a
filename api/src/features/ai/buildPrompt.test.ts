import { describe, expect, it } from 'vitest';
import type { Passage } from '../knowledge/retrieve';
import { buildPrompt } from './buildPrompt';
import type { AnswerRequest, HistoryTurn } from './chatModel';
import { tokens } from './tokenBudget';

// Defaults from env.ts: CHAT_HISTORY_TOKENS 2000, CHAT_CONTEXT_TOKENS 3000.
const bot: AnswerRequest['bot'] = {
  name: 'Acme Helper',
  model: 'gpt-4.1',
  temperature: 7,
  maxTokens: 1000,
  systemPrompt: 'You are the Acme assistant.',
  welcomeMessage: null,
  fallbackMessage: 'Sorry, I only know about Acme.',
};

const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');

function passage(i: number, content: string): Passage {
  return { chunkId: i, content, title: `Page ${i}`, url: `https://acme.test/p${i}`, heading: 'Details', sourceId: 1, score: 10 - i };
}

describe('buildPrompt', () => {
  it('puts the system prompt, grounding rules, fallback and passages with their sources first', () => {
    const messages = buildPrompt({ bot, history: [], visibleQuestion: 'Do you ship to Spain?', passages: [passage(1, 'We ship to all EU countries.')] });
    expect(messages).toHaveLength(2);
    const system = String(messages[0].content);
    expect(messages[0].role).toBe('system');
    expect(system.startsWith('You are the Acme assistant.')).toBe(true);
    expect(system).toContain('reply exactly with: "Sorry, I only know about Acme."');
    expect(system).toContain('[1] Page 1 › Details (https://acme.test/p1)\nWe ship to all EU countries.');
    expect(messages[1]).toEqual({ role: 'user', content: 'Do you ship to Spain?' });
  });

  it("marks the owner's Q&A answers as verified, with their wordings, and tells the model to prefer them", () => {
    const qa: Passage = { ...passage(1, 'Yes, on a leash.'), title: 'Can I bring my dog?', url: null, heading: null, qa: { question: 'Can I bring my dog?', variants: ['Are pets allowed?'] } };
    const system = String(buildPrompt({ bot, history: [], visibleQuestion: 'Pets?', passages: [qa, passage(2, 'We ship to all EU countries.')] })[0].content);
    expect(system).toContain('[1] VERIFIED ANSWER to the question "Can I bring my dog?" (also asked as: "Are pets allowed?")\nYes, on a leash.');
    expect(system).toContain('[2] Page 2 › Details (https://acme.test/p2)');
    expect(system).toContain('Passages marked "VERIFIED ANSWER" were written by the site owner');
    const plain = String(buildPrompt({ bot, history: [], visibleQuestion: 'Pets?', passages: [passage(2, 'We ship.')] })[0].content);
    expect(plain).not.toContain('VERIFIED ANSWER');
    // A saved answer retrieval did not match to the question is plain knowledge, not a verified answer to it.
    const unmatched: Passage = { ...qa, qa: undefined, savedAnswer: true };
    const other = String(buildPrompt({ bot, history: [], visibleQuestion: 'Where do I park?', passages: [unmatched] })[0].content);
    expect(other).not.toContain('VERIFIED ANSWER');
    expect(other).toContain('[1] Can I bring my dog?\nYes, on a leash.');
  });

  it('says so when no passage matched', () => {
    const [system] = buildPrompt({ bot, history: [], visibleQuestion: 'Hi', passages: [] });
    expect(String(system.content)).toContain('(No passage of the knowledge base matched this message.)');
  });

  it('keeps only the most recent whole turns that fit the history budget, in order', () => {
    const history: HistoryTurn[] = Array.from({ length: 40 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `turn${i} ${words(150, 'w')}`,
    }));
    const messages = buildPrompt({ bot, history, visibleQuestion: 'And the last question?', passages: [] });
    const kept = messages.slice(1, -1);
    expect(kept.length).toBeGreaterThan(3);
    expect(kept.length).toBeLessThan(40);
    // a suffix of the history, oldest first, never a cut message
    expect(kept).toEqual(history.slice(history.length - kept.length).map((t) => ({ role: t.role, content: t.content })));
    const used = kept.reduce((sum, m) => sum + tokens(String(m.content)) + 4, 0);
    expect(used).toBeLessThanOrEqual(2000);
    expect(used + tokens(history[history.length - kept.length - 1].content) + 4).toBeGreaterThan(2000);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'And the last question?' });
  });

  it('keeps the best passages that fit the context budget', () => {
    const passages = Array.from({ length: 10 }, (_, i) => passage(i + 1, `passage${i + 1} ${words(700, 'p')}`));
    const system = String(buildPrompt({ bot, history: [], visibleQuestion: 'q', passages })[0].content);
    const included = passages.filter((p) => system.includes(`passage${p.chunkId} `)).map((p) => p.chunkId);
    expect(included.length).toBeGreaterThan(0);
    expect(included.length).toBeLessThan(10);
    expect(included).toEqual(passages.slice(0, included.length).map((p) => p.chunkId));
  });

  it('sends a menu instruction next to what the visitor saw', () => {
    const messages = buildPrompt({ bot, history: [], visibleQuestion: 'Option 2', internalMessage: 'Explain the refund policy.', passages: [] });
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: 'The visitor chose: "Option 2".\nInstruction for you (not shown to the visitor): Explain the refund policy.',
    });
  });
});
