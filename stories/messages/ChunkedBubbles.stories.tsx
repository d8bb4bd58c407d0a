import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ViewMessage } from '../../sdk/src/messages/MessageView';
import { Conversation } from '../support/Conversation';
import { bot, user } from '../support/fixtures';

/**
 * Long answers arrive as chunks (`metadata.chunks`), each its own bubble and message type.
 * A message that arrives live reveals them in sequence (first after 0 ms, later ones after
 * 800 ms unless a chunk names its `delay`); history and finished streams show all at once.
 */
const meta = {
  title: 'Messages/Chunked bubbles',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

const chunks = [
  { content: 'Good news: your order **#1042** has shipped.' },
  { content: 'It is with the courier now and should arrive on **Thursday**.' },
  {
    content: 'Is there anything else?',
    messageType: 'menu' as const,
    metadata: { options: [{ id: 'track', text: 'Track the parcel' }, { id: 'change', text: 'Change delivery address' }] },
  },
];

const live = (message: ViewMessage): ViewMessage => ({ ...message, live: true });

/** Revealed one after another with the default delays, the typing dots showing in between. */
export const RevealedInSequence: Story = {
  args: { messages: [user('Where is my order?'), live(bot(chunks.map((c) => c.content).join('\n\n'), 'text', { isStreaming: true, chunks }))] },
};

/** Each chunk may set its own delay (here 0 ms, 1500 ms, 3000 ms). */
export const CustomDelays: Story = {
  args: {
    messages: [user('Where is my order?'), live(bot('', 'text', { isStreaming: true, chunks: chunks.map((c, i) => ({ ...c, delay: i * 1500 })) }))],
  },
};

/** When streaming is complete (or the message is history) every chunk shows at once. */
export const StreamingComplete: Story = {
  args: { messages: [user('Where is my order?'), bot('', 'text', { isStreaming: true, streamingComplete: true, chunks })] },
};
