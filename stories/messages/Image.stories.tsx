import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { assetUrl, bot, user } from '../support/fixtures';

/** `image` messages: an http(s) image with its title as caption and alt text. */
const meta = {
  title: 'Messages/Image',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithTitle: Story = {
  args: { messages: [user('What does the Trail Runner look like?'), bot('Here it is in blue:', 'image', { imageUrl: assetUrl('sneaker.svg'), title: 'Trail Runner 2, ocean blue' })] },
};

/** Only http(s) URLs are loaded; a `javascript:` or `data:` URL shows the text alone. */
export const UnsafeUrlNotLoaded: Story = {
  args: { messages: [bot('The picture could not be shown.', 'image', { imageUrl: 'javascript:alert(1)', title: 'Blocked image' })] },
};
