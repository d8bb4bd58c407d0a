import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { HomeScreen } from '../../sdk/src/home/HomeScreen';
import { assetUrl } from '../support/fixtures';
import { categoryTabs, footer, header, homeOf, LONG_HOME, quickActions, SHOP_TOPICS, topicGrid } from './homeFixtures';

/**
 * The home-screen renderer, one component type at a time: header, category_tabs, topic_grid,
 * quick_actions and footer. Hidden components and unknown types are skipped, the footer is
 * pinned to the bottom, and a background image shows through at (100 − transparency)% opacity.
 */
const meta = {
  title: 'Home/Components',
  component: HomeScreen,
  args: { onSelect: fn().mockName('home.onSelect') },
  parameters: { parley: { frame: { height: 640 } } },
} satisfies Meta<typeof HomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Header: Story = {
  args: { config: homeOf([header()]) },
};

/** `style.transparentBackground` drops the header's colour; font sizes come from `style`. */
export const HeaderTransparentWithFontSizes: Story = {
  args: {
    config: homeOf([header({ style: { transparentBackground: true, titleFontSize: 24, descriptionFontSize: 16 } })], { textColor: '#0f172a' }),
  },
};

/** Category tabs filter the topic grids below them ("All" is always offered first). */
export const CategoryTabs: Story = {
  args: { config: homeOf([categoryTabs(), topicGrid({ title: '', topics: SHOP_TOPICS })]) },
};

export const TopicGridFilled: Story = {
  args: { config: homeOf([topicGrid({ style: { itemStyle: 'filled' } })]) },
};

export const TopicGridOutlinedLargeText: Story = {
  args: { config: homeOf([topicGrid({ style: { itemStyle: 'outlined', titleFontSize: 18, descriptionFontSize: 16 } })]) },
};

/** Start a chat, start a survey, or open a link (http(s) actions open in a new tab). */
export const QuickActions: Story = {
  args: { config: homeOf([quickActions()]) },
};

/** The footer stays at the bottom however short the rest is. */
export const FooterPinned: Story = {
  args: { config: homeOf([header(), footer()]) },
};

/** A home taller than the panel: the topics scroll, the footer stays in view at the bottom. */
export const FooterPinnedLongHome: Story = {
  args: { config: LONG_HOME },
};

/** A hidden topic grid and an unknown "carousel" are skipped; the rest renders in order. */
export const HiddenAndUnknownSkipped: Story = {
  args: {
    config: homeOf([
      header({ title: 'Visible header' }),
      { ...topicGrid({ title: 'Hidden grid' }), visible: false },
      { id: 'carousel', type: 'carousel', props: { title: 'Unknown carousel' } },
      quickActions({ title: 'Visible actions' }),
    ]),
  },
};

/** Default transparency 20: the image shows at 80% opacity behind a transparent header. */
export const BackgroundImage: Story = {
  args: {
    config: homeOf([header({ style: { transparentBackground: true } }), topicGrid(), footer()], { backgroundImageUrl: assetUrl('waves.svg'), textColor: '#0f172a' }),
  },
};

/** Transparency 75: the image is a faint 25% wash. */
export const BackgroundImageTransparency75: Story = {
  args: {
    config: homeOf([header({ style: { transparentBackground: true } }), topicGrid(), footer()], {
      backgroundImageUrl: assetUrl('waves.svg'),
      backgroundImageTransparency: 75,
      textColor: '#0f172a',
    }),
  },
};

/** Every component together, with the bot's own colours. */
export const FullDesign: Story = {
  args: {
    config: homeOf([header(), quickActions(), categoryTabs(), topicGrid({ title: '', topics: SHOP_TOPICS, style: { itemStyle: 'outlined' } }), footer()], {
      primaryColor: '#7c3aed',
      backgroundColor: '#faf5ff',
      textColor: '#1e1b4b',
    }),
  },
};

/** Where a home configuration is required but missing (the designer preview). */
export const NoConfigurationNotice: Story = {
  args: { config: null, fallback: 'notice' },
};
