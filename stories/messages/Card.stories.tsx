import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { assetUrl, bot, user } from '../support/fixtures';

/** `card` messages: image, title, description and buttons that act like menu choices. */
const meta = {
  title: 'Messages/Card',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

const cardMetadata = () => ({
  imageUrl: assetUrl('sneaker.svg'),
  title: 'Trail Runner 2',
  description: 'Lightweight trail shoe with a **grippy** sole. $89, free returns.',
  buttons: [
    { id: 'buy', text: 'Add to cart', payload: { sku: 'TR2-42' } },
    { id: 'sizes', text: 'See sizes', payload: { sku: 'TR2' } },
  ],
});

export const WithImageAndButtons: Story = {
  args: { messages: [user('Do you have running shoes for trails?'), bot('This one is popular with trail runners:', 'card', cardMetadata())] },
};

export const WithoutImage: Story = {
  args: {
    messages: [
      bot('', 'card', {
        title: 'Premium support',
        description: 'Phone support, 4-hour response time and a dedicated manager.',
        buttons: [{ id: 'upgrade', text: 'Upgrade plan' }],
      }),
    ],
  },
};

/** Once a button is chosen, the card keeps the choice and its buttons lock. */
export const ButtonChosen: Story = {
  args: { messages: [bot('This one is popular with trail runners:', 'card', cardMetadata(), 'card-1')] },
  parameters: { parley: { chat: { answers: { 'card-1': 'buy' } } } },
};
