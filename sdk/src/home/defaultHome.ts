import type { HomeScreenConfig } from '@parley/contracts';

/** The eight built-in topics of the default home, each in one category. */
export const DEFAULT_TOPICS = [
  { id: 'product-info', title: 'Product Information', description: 'Learn about our products', icon: '📦', category: 'sales', message: 'Can you tell me about your products?' },
  { id: 'order-status', title: 'Order Status', description: 'Track your order', icon: '🚚', category: 'support', message: 'I would like to check the status of my order.' },
  { id: 'billing-help', title: 'Billing Help', description: 'Payments and invoices', icon: '💳', category: 'billing', message: 'I need help with billing.' },
  { id: 'returns', title: 'Returns & Refunds', description: 'Send something back', icon: '↩️', category: 'support', message: 'How do returns and refunds work?' },
  { id: 'shopping-help', title: 'Shopping Help', description: 'Find the right product', icon: '🛒', category: 'sales', message: 'Can you help me find the right product?' },
  { id: 'technical-support', title: 'Technical Support', description: 'Fix a problem', icon: '🔧', category: 'support', message: 'I need technical support.' },
  { id: 'promotions', title: 'Promotions', description: 'Current deals and discounts', icon: '🏷️', category: 'sales', message: 'What promotions do you have right now?' },
  { id: 'contact-agent', title: 'Contact Agent', description: 'Talk to a person', icon: '🎧', category: 'support', message: 'I would like to talk to an agent.' },
];

/**
 * The home screen shown when the bot has no configuration: Start Free Chat, Request Live
 * Agent, Popular Topics (the first four) and Browse by Category (all, support, sales, billing)
 * over all eight topics. It is an ordinary config, drawn by the same renderer.
 */
export const DEFAULT_HOME_SCREEN: HomeScreenConfig = {
  version: 1,
  components: [
    { id: 'header', type: 'header', order: 0, visible: true, props: { title: 'Welcome', subtitle: 'How can we help you today?' } },
    {
      id: 'quick-actions',
      type: 'quick_actions',
      order: 1,
      visible: true,
      props: {
        actions: [
          { id: 'start-chat', title: 'Start Free Chat', description: 'Ask us anything, any time', icon: '💬', actionType: 'start_chat' },
          { id: 'live-agent', title: 'Request Live Agent', description: 'Talk to a person from our team', icon: '🎧', actionType: 'message', message: 'I would like to talk to a live agent.' },
        ],
      },
    },
    { id: 'popular', type: 'topic_grid', order: 2, visible: true, props: { title: 'Popular Topics', topics: DEFAULT_TOPICS.slice(0, 4), style: { itemStyle: 'filled' } } },
    { id: 'categories', type: 'category_tabs', order: 3, visible: true, props: { title: 'Browse by Category', categories: ['all', 'support', 'sales', 'billing'] } },
    { id: 'topics', type: 'topic_grid', order: 4, visible: true, props: { topics: DEFAULT_TOPICS, style: { itemStyle: 'outlined' } } },
  ],
};
