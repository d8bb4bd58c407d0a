import { CHATBOT_DEFAULTS } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { offlineAssistant } from './offlineAssistant';
import { sentencesOf } from './promptInstructions';
import { improveSystemPrompt, writeSystemPrompt, type PromptDetails } from './writeSystemPrompt';

const SOURCES = [
  { title: 'Refund policy', url: null, fileName: null },
  { title: 'Kettle pricing', url: 'https://www.acme.test/pricing', fileName: null },
  { title: null, url: 'https://acme.test/faq', fileName: null },
  { title: null, url: null, fileName: 'warranty.txt' },
];
const ACME: PromptDetails = {
  name: 'Acme Support',
  description: 'Answers questions about Acme kettles, shipping and refunds.',
  ownerWords: 'be concise, answer in french, focus on billing',
  sources: SOURCES,
};

/** The prompt's section headings, in order. */
const headings = (prompt: string) => prompt.split('\n').filter((l) => /^[A-Z][\w ]+:$/.test(l));

describe('writeSystemPrompt (generate)', () => {
  const { prompt } = writeSystemPrompt(ACME);

  it('opens with the role and the scope taken from the description', () => {
    expect(prompt.split('\n')[0]).toBe('You are Acme Support, the support assistant for Acme. You answer questions about Acme kettles, shipping and refunds.');
  });

  it('has every section a support prompt needs, in order', () => {
    expect(headings(prompt)).toEqual(['Scope:', 'Knowledge and sources:', 'Tone and style:', 'Format:', 'When you are unsure:', 'Handing off to a person:']);
  });

  it("files the owner's words where they belong and acts on them", () => {
    const section = (title: string) => prompt.split('\n\n').find((b) => b.startsWith(`${title}:`)) ?? '';
    expect(section('Scope')).toContain('- Focus on billing.');
    expect(section('Tone and style')).toContain('- Be concise.');
    expect(section('Tone and style')).toContain('- Answer in French.');
    expect(section('Tone and style')).toContain('- Always answer in French, even when the visitor writes in another language.');
    expect(section('Tone and style')).toContain('- Keep answers to two or three sentences unless the visitor asks for more detail.');
    // The owner set a language and a length, so the defaults for them are left out.
    expect(prompt).not.toContain('Reply in the language the visitor writes in.');
    expect(prompt).not.toContain('Give the direct answer first and keep it short.');
  });

  it('names the sources by title and site, address or file name', () => {
    expect(prompt).toContain('- Answer from the knowledge you were given: "Refund policy", "Kettle pricing" (acme.test), acme.test/faq, "warranty.txt".');
    expect(prompt).toContain('- Use only that content and this prompt for facts about Acme, such as prices, policies, dates and contact details.');
    expect(prompt).toContain('mention its title or link');
  });

  it('says what to do when unsure and when to hand over to a person', () => {
    expect(prompt).toContain('- If the answer is not in your knowledge, or you are not sure, say so plainly. Do not guess, and never invent facts, links or policies.');
    expect(prompt).toContain('offer the contact form so the team can reply');
    expect(prompt).toContain('- When the visitor asks for a person, is frustrated, or needs help with their own account, order, booking or payment (which you cannot see), offer the contact form so a member of the team can follow up.');
  });

  it('is deterministic: the same details give the same prompt', () => {
    expect(writeSystemPrompt({ ...ACME, sources: [...SOURCES] }).prompt).toBe(prompt);
    expect(writeSystemPrompt({ ...ACME, ownerWords: 'be formal' }).prompt).not.toBe(prompt);
  });

  it('fits the chatbot form: under the system prompt bound', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ title: `Page ${i}`, url: `https://acme.test/${i}`, fileName: null }));
    const { prompt: long } = writeSystemPrompt({ ...ACME, sources: many });
    expect(long).toContain('"Page 9" (acme.test), and 40 more.');
    expect(long.length).toBeLessThan(20000);
  });

  it('reads descriptions of several shapes as a sentence about the job', () => {
    const opening = (description: string, name = 'Harbor Help') => writeSystemPrompt({ name, description, ownerWords: '', sources: [] }).prompt.split('\n')[0];
    expect(opening('A chatbot for my marina')).toBe('You are Harbor Help, the support assistant for Harbor. You help visitors with questions about our marina.');
    expect(opening('An assistant that books moorings and explains harbour fees.')).toBe(
      'You are Harbor Help, the support assistant for Harbor. You book moorings and explain harbour fees.',
    );
    expect(opening('Questions about moorings and fuel')).toBe('You are Harbor Help, the support assistant for Harbor. You help visitors with questions about moorings and fuel.');
    expect(opening('', 'Sunny Bakery')).toBe('You are the support assistant for Sunny Bakery.');
    expect(opening('', 'Support Bot')).toBe('You are Support Bot, the support assistant for this website.');
  });

  it('uses a formal register and drops the friendly default when asked', () => {
    const { prompt: formal } = writeSystemPrompt({ ...ACME, ownerWords: 'Make it more formal.' });
    expect(formal).toContain('- Be more formal.');
    expect(formal).toContain('- Write in a formal, professional register: complete sentences, no slang and no emoji.');
    expect(formal).not.toContain('Be friendly and clear');
    expect(formal).toContain('- Reply in the language the visitor writes in.');
  });
});

describe('improveSystemPrompt', () => {
  const current = [
    'You are the help desk of Acme. Always greet visitors by saying "Hi from Acme!"',
    '',
    'Rules:',
    '- Never discuss competitors. This includes price comparisons.',
    '- Mention the 30-day refund window when refunds come up.',
    '1. Prices are in euros.',
  ].join('\n');

  it('keeps every sentence of the current prompt, verbatim', () => {
    const { prompt, kept } = improveSystemPrompt(current, ACME);
    const originals = sentencesOf(current).map((s) => s.sentence);
    expect(originals).toHaveLength(6);
    expect(kept).toBe(6);
    for (const sentence of originals) expect(prompt).toContain(sentence);
  });

  it('keeps a sentence that leans on the previous one next to it', () => {
    const { prompt } = improveSystemPrompt(current, ACME);
    expect(prompt).toContain('- Never discuss competitors. This includes price comparisons.');
  });

  it('adds the missing sections and folds in the owner words and sources', () => {
    const { prompt, added } = improveSystemPrompt(current, ACME);
    expect(added).toEqual(['Knowledge and sources', 'Tone and style', 'Format', 'When you are unsure', 'Handing off to a person']);
    expect(prompt).toContain('Your name is Acme Support.');
    expect(prompt).toContain('You answer questions about Acme kettles, shipping and refunds.');
    expect(prompt).toContain('"Refund policy"');
    expect(prompt).toContain('- Be concise.');
    expect(prompt).toContain('- Focus on billing.');
    expect(prompt).toContain('When you are unsure:\n- If the answer is not in your knowledge');
  });

  it('does not add what the prompt already covers', () => {
    const { prompt, added } = improveSystemPrompt(CHATBOT_DEFAULTS.systemPrompt, { name: '', description: '', ownerWords: '', sources: [] });
    expect(added).toEqual(['Knowledge and sources', 'Format', 'Handing off to a person']);
    expect(prompt.startsWith('You are a helpful customer support assistant.')).toBe(true);
    expect(prompt).toContain('When you are unsure:\n- If you do not know the answer, say so and offer to connect the visitor with a human.');
    expect(prompt).not.toContain('Be friendly and clear');
    for (const { sentence } of sentencesOf(CHATBOT_DEFAULTS.systemPrompt)) expect(prompt).toContain(sentence);
  });

  it('is stable: improving a prompt it wrote changes nothing', () => {
    const once = improveSystemPrompt(current, ACME).prompt;
    const twice = improveSystemPrompt(once, ACME);
    expect(twice.added).toEqual([]);
    expect(twice.prompt).toBe(once);
    const generated = writeSystemPrompt(ACME).prompt;
    expect(improveSystemPrompt(generated, ACME).prompt).toBe(generated);
  });

  it("follows the owner's own headings", () => {
    const { prompt } = improveSystemPrompt('You help sailors.\n\nTone:\n- Keep it cheerful. Use first names.\n\nAlways check the tide tables.', ACME);
    expect(prompt).toContain('Tone and style:\n- Keep it cheerful. Use first names.');
    expect(prompt).toContain('Other instructions:\n- Always check the tide tables.');
  });
});

describe('offlineAssistant', () => {
  const context = { chatbotName: 'Acme Support', description: ACME.description, currentPrompt: 'You help Acme customers.' };

  it('generate: the prompt first, then notes that say it was written offline', () => {
    const reply = offlineAssistant({ action: 'generate', context, userMessage: '' }, SOURCES);
    if (!('bubbles' in reply)) throw new Error('expected bubbles');
    expect(reply.action).toBe('generate');
    expect(reply.bubbles[0].content).toBe(writeSystemPrompt({ ...ACME, ownerWords: '' }).prompt);
    expect(reply.bubbles[1].content).toBe(
      "Written offline from the bot's name, its description and the titles of its 4 sources. Review it before you save: it is a draft built from your details, and no AI model was involved.",
    );
  });

  it('improve: says how many sentences it kept and which sections it added', () => {
    const reply = offlineAssistant({ action: 'improve', context, userMessage: '' }, []);
    if (!('bubbles' in reply)) throw new Error('expected bubbles');
    expect(reply.bubbles[0].content).toContain('You help Acme customers.');
    expect(reply.bubbles[1].content).toMatch(/^Kept all 1 sentence of your prompt and arranged them into sections\. Added: Knowledge and sources, Tone and style, Format, When you are unsure and Handing off to a person\./);
  });

  it('chat: a requested change is applied as an improvement of the current prompt', () => {
    const reply = offlineAssistant({ action: 'chat', context, userMessage: 'Could you make it more formal?' }, []);
    if (!('bubbles' in reply)) throw new Error('expected bubbles');
    expect(reply.action).toBe('improve');
    expect(reply.bubbles[0].content).toContain('You help Acme customers.');
    expect(reply.bubbles[0].content).toContain('- Be more formal.');
    expect(reply.bubbles[1].content).toBe('Applied offline: Be more formal. Everything else in your prompt is kept.');
  });

  it('chat: a change without a current prompt generates one', () => {
    const reply = offlineAssistant({ action: 'chat', context: { ...context, currentPrompt: '' }, userMessage: 'answer in German' }, []);
    expect(reply.action).toBe('generate');
    expect('bubbles' in reply && reply.bubbles[0].content).toContain('- Answer in German.');
  });

  it('chat: a question gets an honest answer about the offline assistant, a removal request a way to do it', () => {
    const question = offlineAssistant({ action: 'chat', context, userMessage: 'What can you do?' }, []);
    expect(question).toMatchObject({ action: 'chat', content: expect.stringContaining('no AI model is configured on this Parley install') });
    const removal = offlineAssistant({ action: 'chat', context, userMessage: 'Remove the part about refunds' }, []);
    expect(removal).toMatchObject({ action: 'chat', content: expect.stringContaining('Edit the System Prompt field directly') });
  });
});
