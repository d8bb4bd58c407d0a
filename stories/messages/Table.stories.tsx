import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { bot } from '../support/fixtures';

/** `table` messages: from metadata (headers and rows) or a Markdown table in the content. */
const meta = {
  title: 'Messages/Table',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FromMetadata: Story = {
  args: {
    messages: [
      bot('Here are our plans:', 'table', {
        title: 'Plans',
        headers: ['Plan', 'Bots', 'Messages / month', 'Price'],
        rows: [
          ['Trial', '1', '100', 'Free'],
          ['Basic', '3', '2,000', '$19'],
          ['Premium', '10', '10,000', '$49'],
        ],
      }),
    ],
  },
};

export const ObjectRows: Story = {
  args: {
    messages: [
      bot('Delivery times by region:', 'table', {
        columns: [
          { key: 'region', label: 'Region' },
          { key: 'days', label: 'Business days' },
        ],
        rows: [
          { region: 'Germany', days: '1–2' },
          { region: 'EU', days: '2–4' },
          { region: 'Rest of world', days: '5–10' },
        ],
      }),
    ],
  },
};

export const MarkdownTable: Story = {
  args: {
    messages: [bot('| Size | EU | US |\n| --- | --- | --- |\n| S | 38 | 6 |\n| M | 40 | 8 |\n| L | 42 | 10 |', 'table')],
  },
};
