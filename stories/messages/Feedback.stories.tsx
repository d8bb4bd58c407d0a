import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { fn } from 'storybook/test';
import type { ChatMessage, FeedbackRating } from '@parley/contracts';
import { ChatActionsContext, useChatActions, type ChatActions } from '../../sdk/src/chat/ChatActions';
import { feedbackKey } from '../../sdk/src/chat/ChatController';
import { Conversation } from '../support/Conversation';
import { bot, user } from '../support/fixtures';

/**
 * Thumbs up and down under each answer the model wrote (`metadata.answerStatus`), never under
 * greetings, forms or survey steps. One vote per answer, changeable; "Thanks for your feedback."
 * is announced once it is stored, and a failed call puts the earlier vote back with an alert.
 * In a read-only transcript (the owner's history) the recorded vote shows as text.
 */
const meta = {
  title: 'Messages/Feedback',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

const ANSWER_ID = 'answer-1';
const question = user('How long do I have to return a kettle?');
const answer = (feedback: FeedbackRating | null = null): ChatMessage => ({
  ...bot(
    'You can return any kettle within **30 days** of delivery for a full refund.',
    'text',
    { answerStatus: 'answered', sources: [{ title: 'Returns & refunds', url: 'https://shop.example/help/returns' }] },
    ANSWER_ID,
  ),
  feedback,
});

/** A greeting takes no vote; the answer below it does. A vote is stored after a 300 ms round trip. */
export const Unrated: Story = {
  args: { messages: [bot('Hi! I am the Acme assistant. How can I help?'), question, answer()] },
  render: (args) => <Voting messages={args.messages} />,
};

/** A vote already given: "Not helpful" is pressed; "Helpful" changes it. */
export const Voted: Story = {
  args: { messages: [question, answer('down')] },
  render: (args) => <Voting messages={args.messages} />,
  parameters: { parley: { chat: { answers: { [feedbackKey(ANSWER_ID)]: 'saved' } } } },
};

/** The vote could not be stored: no thumb stays pressed and the visitor is told to try again. */
export const NotSaved: Story = {
  args: { messages: [question, answer()] },
  render: (args) => <Voting messages={args.messages} failing />,
  parameters: { parley: { chat: { answers: { [feedbackKey(ANSWER_ID)]: 'failed' } } } },
};

/** A read-only transcript (no `rateAnswer`): the recorded votes as text, nothing where none was given. */
export const RecordedInTranscript: Story = {
  args: {
    messages: [
      question,
      answer('up'),
      user('Do you ship to Canada?'),
      { ...bot('Yes, we ship to Canada within 5 business days.', 'text', { answerStatus: 'answered' }), feedback: 'down' },
      user('Can I pay with cheques?'),
      { ...bot("Sorry, I don't have an answer to that yet.", 'text', { answerStatus: 'fallback' }), feedback: null },
    ],
  },
};

/**
 * The story's stand-in for the chat's `rateAnswer`: it shows the vote at once, then after a
 * pretend round trip marks it saved, or (`failing`) puts the earlier vote back as failed.
 */
function Voting({ messages: initial, failing = false }: { messages: ChatMessage[]; failing?: boolean }) {
  const chat = useChatActions();
  const [messages, setMessages] = useState(initial);
  const spy = useMemo(() => fn().mockName('chat.rateAnswer'), []);
  const setVote = (id: number | string, feedback: FeedbackRating | null) => setMessages((list) => list.map((m) => (m.id === id ? { ...m, feedback } : m)));
  const actions: ChatActions = {
    ...chat,
    rateAnswer: (id, rating) => {
      spy(id, rating);
      const before = messages.find((m) => m.id === id)?.feedback ?? null;
      setVote(id, rating);
      chat.setAnswer(feedbackKey(id), 'saving');
      setTimeout(() => {
        if (failing) setVote(id, before);
        chat.setAnswer(feedbackKey(id), failing ? 'failed' : 'saved');
      }, 300);
    },
  };
  return (
    <ChatActionsContext.Provider value={actions}>
      <Conversation messages={messages} />
    </ChatActionsContext.Provider>
  );
}
