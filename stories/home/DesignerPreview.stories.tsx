import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { STARTER_HOME_SCREEN_CONFIG } from '@parley/contracts';
import { HomeScreen } from '../../sdk/src/home/HomeScreen';
import { assetUrl } from '../support/fixtures';
import { footer, header, homeOf, quickActions, topicGrid } from './homeFixtures';

/**
 * What the UI designer's live preview shows while the owner works on a design: the widget's
 * own home-screen renderer drawing the config being edited, exactly as the widget will.
 */
const meta = {
  title: 'Home/Designer preview',
  component: HomeScreen,
  args: { onSelect: fn().mockName('home.onSelect') },
  parameters: { parley: { frame: { height: 640 } } },
} satisfies Meta<typeof HomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const SUPPORT_TOPICS = [
  { id: 'invoice', title: 'Invoices', description: 'Download or resend an invoice', icon: 'file-text', category: 'billing', message: 'I need a copy of my invoice.' },
  { id: 'payment', title: 'Payment failed', description: 'Card declined or expired', icon: 'credit-card', category: 'billing', message: 'My payment failed.' },
  { id: 'refund', title: 'Refunds', description: 'Get your money back', icon: 'rotate-ccw', category: 'billing', message: 'How do I get a refund?' },
  { id: 'login', title: 'Cannot log in', description: 'Reset your password', icon: 'lock', category: 'technical support', message: 'I cannot log in.' },
  { id: 'bug', title: 'Report a bug', description: 'Something is not working', icon: 'wrench', category: 'technical support', message: 'I found a bug.' },
  { id: 'status', title: 'Service status', description: 'Opens our status page', icon: 'zap', category: 'technical support', actionType: 'link', url: 'https://status.example.com' },
  { id: 'plans', title: 'Plans and pricing', description: 'Compare what each plan offers', icon: 'tag', category: 'sales', message: 'Which plan suits me?' },
  { id: 'demo', title: 'Book a demo', description: 'Talk to our sales team', icon: 'calendar', category: 'sales', message: 'I would like a demo.' },
];

/** No design saved yet: the widget's built-in default home. */
export const Default: Story = {
  args: { config: null },
};

/** What a new design starts from: "Welcome", "How can we help you today?" and "Get Help". */
export const Starter: Story = {
  args: { config: STARTER_HOME_SCREEN_CONFIG },
};

/** "A support center with billing, technical support and sales categories". */
export const SupportCenter: Story = {
  args: {
    config: homeOf(
      [
        header({ title: 'Support center', subtitle: 'Find answers or talk to us.' }),
        { id: 'categories', type: 'category_tabs', props: { title: 'Browse by category', categories: ['billing', { id: 'technical support', label: 'Technical support' }, 'sales'] } },
        topicGrid({ title: '', topics: SUPPORT_TOPICS }),
        footer({ text: 'Support hours: Mon–Fri 8:00–20:00' }),
      ],
      { primaryColor: '#0f766e', backgroundColor: '#ffffff', textColor: '#1f2937' },
    ),
  },
};

/** Outlined items with the largest font sizes the designer offers (24 px titles, 18 px descriptions). */
export const OutlinedLargeFonts: Story = {
  args: {
    config: homeOf([
      header({ title: 'Hello!', subtitle: 'How can we help?', style: { titleFontSize: 24, descriptionFontSize: 18 } }),
      topicGrid({ title: 'Popular topics', topics: SUPPORT_TOPICS.slice(0, 4), style: { itemStyle: 'outlined', titleFontSize: 24, descriptionFontSize: 18 } }),
    ]),
  },
};

/** A background image at transparency 40 (60% opacity) under a header with no fill of its own. */
export const BackgroundImageTransparentHeader: Story = {
  args: {
    config: homeOf(
      [
        header({
          title: 'Welcome aboard',
          subtitle: 'Pick a topic or ask us anything.',
          topics: [
            { id: 'h-chat', title: 'Start a chat', icon: '💬', actionType: 'start_chat' },
            { id: 'h-status', title: 'Service status', icon: '⚡', actionType: 'link', url: 'https://status.example.com' },
          ],
          style: { transparentBackground: true, titleFontSize: 20 },
        }),
        topicGrid({ topics: SUPPORT_TOPICS.slice(0, 4) }),
      ],
      { backgroundImageUrl: assetUrl('waves.svg'), backgroundImageTransparency: 40, textColor: '#0f172a' },
    ),
  },
};

/** Search on, and category tabs derived from the topics' own categories (no tabs component). */
export const SearchAndDerivedCategories: Story = {
  args: {
    config: homeOf(
      [header({ title: 'Support center', subtitle: 'Search or browse.' }), quickActions({ title: 'Quick actions' }), topicGrid({ title: 'All topics', topics: SUPPORT_TOPICS })],
      undefined,
      { enableSearch: true, enableCategories: true, defaultCategory: 'billing' },
    ),
  },
};

/** A hidden grid and a component type the widget does not know are skipped; the rest renders. */
export const HiddenAndUnknownSkipped: Story = {
  args: {
    config: homeOf([
      header({ title: 'Visible header' }),
      { ...topicGrid({ title: 'Hidden grid' }), visible: false },
      { id: 'carousel', type: 'carousel', props: { title: 'Unknown carousel' } },
      topicGrid({ title: 'Visible topics', topics: SUPPORT_TOPICS.slice(4, 6) }),
    ]),
  },
};
