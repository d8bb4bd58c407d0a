import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { HomeScreen } from '../../sdk/src/home/HomeScreen';

/**
 * The home tab of a bot without a home-screen configuration: Start Free Chat, Request Live
 * Agent, Popular Topics, Browse by Category (all, support, sales, billing) and the eight topics.
 */
const meta = {
  title: 'Home/Default home',
  component: HomeScreen,
  args: { config: null, onSelect: fn().mockName('home.onSelect') },
  parameters: { parley: { frame: { height: 720 } } },
} satisfies Meta<typeof HomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DefaultHome: Story = {};
