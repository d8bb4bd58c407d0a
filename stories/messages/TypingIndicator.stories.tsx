import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { user } from '../support/fixtures';

/** The three dots shown from sending until the stream's complete, end or error (announced as status). */
const meta = {
  title: 'Messages/Typing indicator',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Typing: Story = {
  args: { messages: [user('Can I change my delivery address?')], status: 'sending' },
};
