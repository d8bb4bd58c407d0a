import type { HomeComponent, HomeScreenConfig } from '@parley/contracts';

/** Topics of a fictional shop, in three categories. */
export const SHOP_TOPICS = [
  { id: 't-track', title: 'Track my order', description: 'Where is my parcel?', icon: 'truck', category: 'orders', message: 'Where is my order?' },
  { id: 't-return', title: 'Start a return', description: '30 days, free of charge', icon: 'rotate-ccw', category: 'orders', message: 'I want to return an item.' },
  { id: 't-invoice', title: 'Get an invoice', description: 'PDF by email', icon: 'file-text', category: 'billing', message: 'Can I get an invoice?' },
  { id: 't-pay', title: 'Payment methods', description: 'Cards, PayPal, invoice', icon: 'credit-card', category: 'billing', message: 'Which payment methods do you accept?' },
  { id: 't-size', title: 'Find my size', description: 'Size charts and fit tips', icon: 'search', category: 'products', message: 'Which size should I take?' },
  { id: 't-care', title: 'Care instructions', description: 'Keep it like new', icon: 'heart', category: 'products', message: 'How do I wash it?' },
];

/** One component of a home screen before it is given its order. */
export interface HomePart {
  id: string;
  type: string;
  visible?: boolean;
  props?: Record<string, unknown>;
}

/**
 * A home screen made of the given components, in the listed order. Parts are loosely typed on
 * purpose: stories also show what the renderer does with a type it does not know.
 */
export function homeOf(components: HomePart[], theme?: HomeScreenConfig['theme'], settings?: HomeScreenConfig['settings']): HomeScreenConfig {
  return {
    version: 1,
    theme,
    settings,
    components: components.map((c, order) => ({ visible: true, ...c, order, props: c.props ?? {} }) as HomeComponent),
  };
}

export const header = (props: Record<string, unknown> = {}) => ({
  id: 'header',
  type: 'header',
  props: { title: 'Hi there 👋', subtitle: 'Ask us anything, we usually answer in seconds.', ...props },
});

export const topicGrid = (props: Record<string, unknown> = {}) => ({
  id: 'topics',
  type: 'topic_grid',
  props: { title: 'Popular topics', topics: SHOP_TOPICS.slice(0, 4), ...props },
});

export const quickActions = (props: Record<string, unknown> = {}) => ({
  id: 'actions',
  type: 'quick_actions',
  props: {
    title: 'Quick actions',
    actions: [
      { id: 'a-chat', title: 'Chat with us', description: 'Our assistant answers right away', icon: 'message-circle', actionType: 'start_chat' },
      { id: 'a-survey', title: 'Two-minute survey', description: 'Tell us how we are doing', icon: 'clipboard', actionType: 'survey', surveyId: 7 },
      { id: 'a-docs', title: 'Help centre', description: 'Opens in a new tab', icon: 'book-open', actionType: 'link', url: 'https://shop.example/help' },
    ],
    ...props,
  },
});

export const categoryTabs = (props: Record<string, unknown> = {}) => ({
  id: 'categories',
  type: 'category_tabs',
  props: { title: 'Browse by category', categories: ['all', 'orders', 'billing', { id: 'products', label: 'Products' }], ...props },
});

export const footer = (props: Record<string, unknown> = {}) => ({
  id: 'footer',
  type: 'footer',
  props: {
    text: 'Acme Inc. · Mon–Fri 9:00–18:00',
    links: [
      { text: 'Privacy', url: 'https://shop.example/privacy' },
      { text: 'Terms', url: 'https://shop.example/terms' },
    ],
    ...props,
  },
});

const CATEGORIES = ['orders', 'billing', 'products', 'shipping', 'returns', 'account', 'warranty'];

/**
 * A home far taller than the panel: a header, seven category tabs, fourteen topics, quick actions
 * and a footer. The footer must stay in view at the bottom while the rest scrolls above it.
 */
export const LONG_HOME = homeOf([
  header(),
  categoryTabs({ categories: ['all', ...CATEGORIES] }),
  topicGrid({
    topics: CATEGORIES.flatMap((category, i) => [
      { id: `${category}-help`, title: `${category[0]!.toUpperCase()}${category.slice(1)} help`, description: 'Answers in seconds', icon: 'help', category, message: `Help with ${category}` },
      { id: `${category}-faq`, title: `${category[0]!.toUpperCase()}${category.slice(1)} FAQ`, description: `Question ${i + 1} and more`, icon: 'book', category, message: `FAQ on ${category}` },
    ]),
  }),
  quickActions(),
  footer(),
]);
