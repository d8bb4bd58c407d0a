import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { bot, user } from '../support/fixtures';

/** `text` messages: safe Markdown, links opening in a new tab, and the answer's sources. */
const meta = {
  title: 'Messages/Text',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {
  args: {
    messages: [user('Hi, do you have a store in Berlin?'), bot('Hello! We do: our Berlin store is at Friedrichstraße 12 and opens 10:00–19:00, Monday to Saturday.')],
  },
};

export const Markdown: Story = {
  args: {
    messages: [
      user('How do I reset my password?'),
      bot(
        [
          '### Resetting your password',
          '',
          'It takes **two minutes**:',
          '',
          '1. Open *Settings → Security*.',
          '2. Choose **Reset password** and check your inbox.',
          '3. Follow the link within `24 hours`.',
          '',
          '> Tip: a password manager keeps it safe.',
          '',
          '- Works on web and mobile',
          '- No support ticket needed',
          '',
          '```',
          'curl -X POST https://api.acme.example/v1/reset',
          '```',
        ].join('\n'),
      ),
    ],
  },
};

export const LinksAndSources: Story = {
  args: {
    messages: [
      user('What is your return policy?'),
      bot('You can return any item within **30 days**. Start a return on the [returns page](https://shop.example/returns) or read the [full policy](https://shop.example/help/returns).', 'text', {
        sources: [
          { title: 'Returns & refunds', url: 'https://shop.example/help/returns' },
          { title: 'Shipping & delivery', url: 'https://shop.example/help/shipping' },
          { title: 'Returns & refunds', url: 'https://shop.example/help/returns' },
        ],
      }),
    ],
  },
};

/** Raw HTML stays text and `javascript:` links are dropped: bot text can never run script. */
export const UnsafeContentEscaped: Story = {
  args: {
    messages: [
      bot('This <b>HTML</b> and <img src=x onerror=alert(1)> stay literal, and [this link](javascript:alert(1)) is not clickable.'),
    ],
  },
};

export const WelcomeMessage: Story = {
  args: { messages: [], welcomeMessage: 'Hi! I am the Acme assistant. Ask me about orders, shipping or returns.' },
};

/** `system` messages are never shown; the conversation reads as if they were not there. */
export const SystemMessageHidden: Story = {
  args: {
    messages: [user('Hello'), bot('Visitor opened the widget from /pricing', 'system'), bot('Hi there! How can I help you today?')],
  },
};
