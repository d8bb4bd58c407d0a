import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { bot } from '../support/fixtures';

/** `menu` messages: one choice; an option with id `q_other` or `other` opens a free-text field. */
const meta = {
  title: 'Messages/Menu',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

const options = [
  { id: 'orders', text: 'Track an order', icon: '🚚' },
  { id: 'returns', text: 'Return an item', icon: '↩️' },
  { id: 'billing', text: 'Billing question', icon: '💳', payload: { queue: 'billing' } },
];

export const Options: Story = {
  args: { messages: [bot('What can I help you with?', 'menu', { options })] },
};

/** Choosing "Other" opens a text field; Send stays disabled until it holds text. */
export const WithOtherOption: Story = {
  args: { messages: [bot('How did you hear about us?', 'menu', { options: [{ id: 'search', text: 'Search engine' }, { id: 'friend', text: 'A friend' }, { id: 'q_other', text: 'Other' }] })] },
};

export const Answered: Story = {
  args: { messages: [bot('What can I help you with?', 'menu', { options }, 'menu-1')] },
  parameters: { parley: { chat: { answers: { 'menu-1': 'returns' } } } },
};

/** While the bot is typing, or the chat is read-only, options cannot be chosen. */
export const DisabledWhileTyping: Story = {
  args: { messages: [bot('What can I help you with?', 'menu', { options })], status: 'sending' },
  parameters: { parley: { chat: { disabled: true } } },
};
