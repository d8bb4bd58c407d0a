import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import type { ChatMessage } from '@parley/contracts';
import { Conversation } from '../support/Conversation';
import { bot, user } from '../support/fixtures';

/**
 * Streamed answers: `delta` events write the bubble token by token (a draft) until the finished
 * `bubble` replaces it with the stored message, sources and quick replies.
 */
const meta = {
  title: 'Messages/Streaming',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

const ANSWER = 'Yes, we ship to **Canada**, the US and most of Europe. Standard delivery takes 3 to 5 business days, and orders over $50 ship free.';
const question = user('Do you ship to Canada?', 'q-1');

/** A bubble half written: the text received so far, rendered as Markdown. */
export const Delta: Story = {
  args: { messages: [question], drafts: [{ id: 'answer-1', content: ANSWER.slice(0, 52) }], status: 'streaming' },
};

/** Tokens arrive every 80 ms, then the finished bubble replaces the draft. */
export const LiveDelta: Story = {
  args: { messages: [question] },
  render: (args) => <LiveStream {...args} />,
};

function LiveStream({ messages }: { messages: ChatMessage[] }) {
  const tokens = ANSWER.split(/(?<= )/);
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count > tokens.length) return;
    const timer = setTimeout(() => setCount((c) => c + 1), 80);
    return () => clearTimeout(timer);
  }, [count, tokens.length]);
  const done = count > tokens.length;
  const final = bot(ANSWER, 'text', { sources: [{ title: 'Shipping & delivery', url: 'https://shop.example/help/shipping' }], quickReplies: ['Track my order'] }, 'answer-1');
  return (
    <Conversation
      messages={done ? [...messages, final] : messages}
      drafts={done || count === 0 ? [] : [{ id: 'answer-1', content: tokens.slice(0, count).join('') }]}
      status={done ? 'idle' : count === 0 ? 'sending' : 'streaming'}
    />
  );
}
