import { describe, expect, it } from 'vitest';
import { detectHandoff } from './detectHandoff';
import { splitIntoChunks } from './splitIntoChunks';

describe('splitIntoChunks', () => {
  const para = (n: number) => `Paragraph ${n} ${'explains something useful in a few words. '.repeat(3)}`.trim();

  it('keeps short answers as one bubble', () => {
    expect(splitIntoChunks('A short answer.')).toBeNull();
    expect(splitIntoChunks('x'.repeat(500))).toBeNull();
  });

  it('splits long answers at paragraphs with 0 ms then 800 ms delays', () => {
    const chunks = splitIntoChunks([para(1), para(2), para(3)].join('\n\n'));
    expect(chunks).toEqual([
      { content: para(1), messageType: 'text', delay: 0 },
      { content: para(2), messageType: 'text', delay: 800 },
      { content: para(3), messageType: 'text', delay: 800 },
    ]);
  });

  it('keeps lists, short lines and code blocks with their paragraph', () => {
    const text = `${para(1)}\n\nShort.\n\n${para(2)}\n\n- one\n\n- two\n\n\`\`\`\ncode\n\nmore code\n\`\`\``;
    const chunks = splitIntoChunks(text)!;
    expect(chunks.map((c) => c.content)).toEqual([`${para(1)}\n\nShort.`, `${para(2)}\n\n- one\n\n- two\n\n\`\`\`\ncode\n\nmore code\n\`\`\``]);
  });

  it('makes at most five bubbles', () => {
    const chunks = splitIntoChunks(Array.from({ length: 9 }, (_, i) => para(i)).join('\n\n'))!;
    expect(chunks).toHaveLength(5);
    expect(chunks[4].content).toContain('Paragraph 8');
  });
});

describe('detectHandoff', () => {
  it('recognises requests for a person', () => {
    for (const text of [
      'Request Live Agent',
      'contact agent',
      'Can I talk to a human?',
      'I want to speak with a real person',
      'connect me with your support team',
      'human please',
      'Can someone call me back?',
      'I need an agent',
    ])
      expect(detectHandoff(text), text).toBe(true);
  });

  it('leaves ordinary questions to the bot', () => {
    for (const text of ['How do I reset my password?', 'Is the agent plan available?', 'What is human-centred design?', 'Hello'])
      expect(detectHandoff(text), text).toBe(false);
  });
});
