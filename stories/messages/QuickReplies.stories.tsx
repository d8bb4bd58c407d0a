import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { bot } from '../support/fixtures';

/** Quick replies under a bot message (strings or `{text, action}`); one click sends it and they go. */
const meta = {
  title: 'Messages/Quick replies',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Strings: Story = {
  args: { messages: [bot('Anything else I can help with?', 'quickReplies', { quickReplies: ['Track my order', 'Talk to a person', 'No, thanks'] })] },
};

/** Objects carry an action: the instruction the bot receives instead of the visible text. */
export const WithActions: Story = {
  args: {
    messages: [
      bot('Your order shipped yesterday.', 'text', {
        quickReplies: [
          { text: 'Where is it now?', action: 'track_order' },
          { text: 'Change address', action: 'change_address' },
        ],
      }),
    ],
  },
};
