import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { bot } from '../support/fixtures';

/** `rating` messages: stars or numbers from minValue (default 1) to maxValue (default 5); a click submits. */
const meta = {
  title: 'Messages/Rating',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Stars: Story = {
  args: { messages: [bot('How would you rate this conversation?', 'rating', { ratingType: 'stars' })] },
};

export const Numeric: Story = {
  args: { messages: [bot('How likely are you to recommend us to a friend?', 'rating', { ratingType: 'numeric', minValue: 0, maxValue: 10 })] },
};

export const Rated: Story = {
  args: { messages: [bot('How would you rate this conversation?', 'rating', { ratingType: 'stars' }, 'rating-1')] },
  parameters: { parley: { chat: { answers: { 'rating-1': 4 } } } },
};
