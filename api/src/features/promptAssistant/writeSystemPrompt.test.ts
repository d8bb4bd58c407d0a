import { CHATBOT_DEFAULTS } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { offlineAssistant } from './offlineAssistant';
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

/**
 * Every non-blank line of `original` is in `improved` word for word, and each list item still
 * comes right after the line above it (its lead-in or the item before), so no list is torn apart.
 */
function expectKeptWhole(original: string, improved: string) {
  const lines = original.split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    expect(improved).toContain(line.trim());
    const above = lines[i - 1]?.trim();
    if (/^(?:[-*•]|\d+[.)])\s/.test(line.trim()) && above) expect(improved).toContain(`${above}\n${line.trim()}`);
  });
}

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

  it('keeps every line of the current prompt, verbatim, and counts its sentences', () => {
    const { prompt, kept } = improveSystemPrompt(current, ACME);
    expect(kept).toBe(6);
    expectKeptWhole(current, prompt);
    expect(prompt).toContain(current.split('\n\n')[1]);
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
    // A paragraph stays whole: the default prompt is the opening, word for word.
    expect(prompt.startsWith(`${CHATBOT_DEFAULTS.systemPrompt}\n\n`)).toBe(true);
    expect(prompt).not.toContain('When you are unsure:');
    expect(prompt).not.toContain('Be friendly and clear');
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
    // The owner's heading stays with its list; the section's own heading follows with the additions.
    expect(prompt).toContain('Tone:\n- Keep it cheerful. Use first names.\n\nTone and style:\n- Be concise.');
    expect(prompt).toContain('Other instructions:\n- Always check the tide tables.');
  });

  it('keeps a "Never…:" list under its lead-in, so no forbidden item becomes an instruction', () => {
    const owner = [
      "You are the receptionist of Bella's Salon.",
      '',
      'Never do the following:',
      '- Offer discounts',
      '- Share staff names or their phone numbers',
      '- Guess prices',
    ].join('\n');
    const { prompt } = improveSystemPrompt(owner, ACME);
    expectKeptWhole(owner, prompt);
    const lines = prompt.split('\n');
    for (const item of ['- Offer discounts', '- Share staff names or their phone numbers', '- Guess prices']) {
      const at = lines.flatMap((line, i) => (line === item ? [i] : []));
      expect(at).toHaveLength(1);
      expect(lines.slice(at[0] - (item === '- Offer discounts' ? 1 : item === '- Guess prices' ? 3 : 2), at[0] + 1)[0]).toBe('Never do the following:');
    }
    expect(prompt).toContain('Never do the following:\n- Offer discounts\n- Share staff names or their phone numbers\n- Guess prices');
  });

  it('keeps opening hours, a numbered procedure and markdown sections whole and in order', () => {
    const owner = [
      '# Role',
      'You are Harbor Help, the assistant of Sunny Marina.',
      '',
      'Our opening hours are:',
      '- Monday to Friday: 8:00-18:00',
      '- Saturday: 9:00-13:00',
      '',
      'To book a mooring:',
      '1. Ask for the boat length.',
      '2. Ask for the arrival date.',
      '3. Send the booking link https://marina.test/book.',
      '',
      'Be warm and patient.',
      'Keep answers short.',
      '',
      '## Rules',
      '',
      '- Never quote fuel prices.',
      '- Refer damage claims to the harbour master.',
      '',
      'Staff can waive the fee for members.',
    ].join('\n');
    const { prompt, kept } = improveSystemPrompt(owner, { ...ACME, name: 'Harbor Help', ownerWords: '' });
    expectKeptWhole(owner, prompt);
    expect(kept).toBe(11);
    expect(prompt.startsWith('# Role\nYou are Harbor Help, the assistant of Sunny Marina.\n\n')).toBe(true);
    expect(prompt).toContain('Our opening hours are:\n- Monday to Friday: 8:00-18:00\n- Saturday: 9:00-13:00');
    expect(prompt).toContain('To book a mooring:\n1. Ask for the boat length.\n2. Ask for the arrival date.\n3. Send the booking link https://marina.test/book.');
    // A markdown heading keeps every paragraph up to the next heading.
    expect(prompt).toContain('## Rules\n\n- Never quote fuel prices.\n- Refer damage claims to the harbour master.\n\nStaff can waive the fee for members.');
    // Complete instructions one per line are still filed where they belong.
    expect(prompt).toContain('Tone and style:\n- Be warm and patient.\n- Keep answers short.');
    expect(improveSystemPrompt(prompt, { ...ACME, name: 'Harbor Help', ownerWords: '' }).prompt).toBe(prompt);
  });

  it('keeps a wrapped paragraph whole', () => {
    const owner = 'You are the help desk of Acme.\n\nWhen someone asks about an order that has not arrived\nafter ten days, apologise and ask for the order number.';
    const { prompt } = improveSystemPrompt(owner, ACME);
    expectKeptWhole(owner, prompt);
    expect(prompt.endsWith('\n\nWhen someone asks about an order that has not arrived\nafter ten days, apologise and ask for the order number.')).toBe(true);
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
