import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { bot } from '../support/fixtures';

/**
 * `multiselect_menu` messages: several choices between minSelections and maxSelections (further
 * boxes lock at the maximum), an Other choice that needs its text, submitted once.
 */
const meta = {
  title: 'Messages/Multiselect menu',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

const topics = [
  { id: 'news', text: 'Product news' },
  { id: 'deals', text: 'Deals and discounts' },
  { id: 'tips', text: 'How-to tips' },
  { id: 'events', text: 'Events near me' },
  { id: 'other', text: 'Other' },
];

/** Between 2 and 3 choices: Submit is disabled below 2, and a 4th box cannot be ticked. */
export const MinAndMax: Story = {
  args: { messages: [bot('Which emails would you like? Pick 2 or 3.', 'multiselect_menu', { options: topics, minSelections: 2, maxSelections: 3 })] },
};

export const AnyNumber: Story = {
  args: { messages: [bot('Which devices do you use?', 'multiselect_menu', { options: ['Phone', 'Tablet', 'Laptop', 'Smart TV'] })] },
};

/** A message that already carries selectedOptions is shown as submitted. */
export const Submitted: Story = {
  args: { messages: [bot('Which emails would you like? Pick 2 or 3.', 'multiselect_menu', { options: topics, minSelections: 2, maxSelections: 3, selectedOptions: ['news', 'tips'] })] },
};
