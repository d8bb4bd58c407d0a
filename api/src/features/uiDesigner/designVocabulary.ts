/**
 * What the offline designer knows without a model: colour names, the common support
 * categories with realistic starter topics, and the asks a home screen cannot hold.
 */

/** Lowercase colour names to hex; "dark"/"light"/"pale"/"deep" before a name shade it. */
export const COLOR_NAMES: Record<string, string> = {
  red: '#dc2626',
  crimson: '#b91c1c',
  maroon: '#7f1d1d',
  burgundy: '#881337',
  orange: '#ea580c',
  amber: '#d97706',
  yellow: '#eab308',
  gold: '#ca8a04',
  lime: '#65a30d',
  green: '#16a34a',
  emerald: '#059669',
  mint: '#10b981',
  olive: '#4d7c0f',
  teal: '#0d9488',
  turquoise: '#14b8a6',
  cyan: '#0891b2',
  'sky blue': '#0ea5e9',
  sky: '#0ea5e9',
  blue: '#2563eb',
  'royal blue': '#1d4ed8',
  navy: '#1e3a8a',
  'navy blue': '#1e3a8a',
  indigo: '#4f46e5',
  violet: '#7c3aed',
  purple: '#9333ea',
  lavender: '#a78bfa',
  magenta: '#c026d3',
  fuchsia: '#c026d3',
  pink: '#db2777',
  'hot pink': '#ec4899',
  rose: '#e11d48',
  coral: '#f97316',
  salmon: '#fa8072',
  brown: '#92400e',
  tan: '#d2b48c',
  beige: '#f5f5dc',
  cream: '#fffdd0',
  ivory: '#fffff0',
  'off white': '#fafaf9',
  white: '#ffffff',
  silver: '#c0c0c0',
  gray: '#6b7280',
  grey: '#6b7280',
  slate: '#475569',
  charcoal: '#1f2937',
  black: '#000000',
};

/** Colours that read as a page background rather than a brand colour. */
export const NEUTRAL_COLORS = new Set(['white', 'black', 'cream', 'ivory', 'beige', 'off white', 'gray', 'grey', 'silver', 'charcoal', 'dark', 'light']);

export const DARK_BACKGROUND = '#111827';
export const LIGHT_TEXT = '#f9fafb';
export const LIGHT_BACKGROUND = '#ffffff';
export const DARK_TEXT = '#1f2937';

type TopicIdea = { title: string; description: string; icon: string; message: string };
type CategoryIdea = { label: string; aliases: string[]; topics: TopicIdea[] };

const t = (title: string, icon: string, description: string, message: string): TopicIdea => ({ title, description, icon, message });

/** Common support categories, each with topics a visitor would really click. */
export const CATEGORY_IDEAS: CategoryIdea[] = [
  {
    label: 'Billing',
    aliases: ['billing', 'invoices', 'invoice', 'invoicing'],
    topics: [
      t('View my invoices', '🧾', 'Find and download past invoices', 'Where can I find and download my invoices?'),
      t('Update payment method', '💳', 'Change the card or account you pay with', 'How do I update my payment method?'),
      t('Billing question', '❓', 'Charges, receipts and billing dates', 'I have a question about a charge on my bill.'),
    ],
  },
  {
    label: 'Technical Support',
    aliases: ['technical support', 'tech support', 'technical', 'support', 'troubleshooting', 'technical help'],
    topics: [
      t('Report a problem', '🐞', 'Something is not working as expected', 'Something is not working. Can you help me fix it?'),
      t('Login issues', '🔑', 'Trouble signing in or resetting a password', "I can't log in to my account. What should I do?"),
      t('Setup help', '🛠️', 'Get started and configure things correctly', 'Can you walk me through the setup?'),
    ],
  },
  {
    label: 'Sales',
    aliases: ['sales', 'buying', 'purchasing'],
    topics: [
      t('Talk to sales', '🤝', 'Questions before you buy', "I'd like to talk to someone about buying your product."),
      t('Request a demo', '🎬', 'See the product in action', 'Can I book a demo?'),
      t('Volume discounts', '🏷️', 'Pricing for teams and large orders', 'Do you offer discounts for larger teams or orders?'),
    ],
  },
  {
    label: 'Pricing',
    aliases: ['pricing', 'prices', 'plans', 'price'],
    topics: [
      t('Compare plans', '📊', 'Find the plan that fits you', 'What is the difference between your plans?'),
      t('Free trial', '🎁', 'Try before you pay', 'Do you offer a free trial?'),
      t('Change my plan', '🔄', 'Upgrade or downgrade', 'How do I upgrade or downgrade my plan?'),
    ],
  },
  {
    label: 'Orders',
    aliases: ['orders', 'order', 'my orders'],
    topics: [
      t('Track my order', '📦', 'See where your order is', 'Where is my order?'),
      t('Change or cancel an order', '✏️', 'Edit an order before it ships', 'How can I change or cancel my order?'),
      t('Order not received', '❗', 'Report a missing order', "My order hasn't arrived. What should I do?"),
    ],
  },
  {
    label: 'Shipping',
    aliases: ['shipping', 'delivery', 'deliveries', 'shipments'],
    topics: [
      t('Shipping options', '🚚', 'Delivery methods and times', 'What shipping options do you offer and how long does delivery take?'),
      t('Shipping costs', '💰', 'What delivery costs', 'How much does shipping cost?'),
      t('International shipping', '🌍', 'Delivery outside the country', 'Do you ship internationally?'),
    ],
  },
  {
    label: 'Returns',
    aliases: ['returns', 'return', 'exchanges', 'returns and exchanges'],
    topics: [
      t('Start a return', '↩️', 'Send an item back', 'How do I return an item?'),
      t('Return policy', '📜', 'What can be returned and when', 'What is your return policy?'),
      t('Exchange an item', '🔁', 'Swap for another size or colour', 'Can I exchange an item for a different one?'),
    ],
  },
  {
    label: 'Refunds',
    aliases: ['refunds', 'refund'],
    topics: [
      t('Request a refund', '💸', 'Ask for your money back', 'How do I request a refund?'),
      t('Refund status', '⏳', 'Check on a refund in progress', 'When will I receive my refund?'),
    ],
  },
  {
    label: 'Payments',
    aliases: ['payments', 'payment', 'payment methods'],
    topics: [
      t('Payment methods', '💳', 'Ways you can pay', 'Which payment methods do you accept?'),
      t('Failed payment', '⚠️', 'A payment did not go through', 'My payment failed. What should I do?'),
    ],
  },
  {
    label: 'Account',
    aliases: ['account', 'accounts', 'my account', 'profile', 'account management'],
    topics: [
      t('Reset my password', '🔑', 'Get back into your account', 'How do I reset my password?'),
      t('Update my details', '👤', 'Change your name, email or address', 'How do I update my account details?'),
      t('Delete my account', '🗑️', 'Close your account for good', 'How can I delete my account?'),
    ],
  },
  {
    label: 'Onboarding',
    aliases: ['onboarding', 'getting started', 'get started', 'setup'],
    topics: [
      t('Getting started guide', '🚀', 'Your first steps', 'How do I get started?'),
      t('Import my data', '📥', 'Bring your existing data in', 'How do I import my existing data?'),
      t('Invite my team', '👥', 'Add teammates to your account', 'How do I invite my team?'),
    ],
  },
  {
    label: 'Integrations',
    aliases: ['integrations', 'integration', 'apps', 'api'],
    topics: [
      t('Available integrations', '🔌', 'Tools we connect with', 'Which tools do you integrate with?'),
      t('Connect an app', '🔗', 'Set up an integration', 'How do I connect another app?'),
      t('API access', '🧩', 'Build on our API', 'How do I get API access?'),
    ],
  },
  {
    label: 'Security',
    aliases: ['security', 'privacy', 'data protection'],
    topics: [
      t('Two-factor authentication', '🔐', 'Protect your account', 'How do I turn on two-factor authentication?'),
      t('Data privacy', '🛡️', 'How we handle your data', 'How do you protect my data?'),
      t('Report a security issue', '🚨', 'Tell us about a vulnerability', 'How do I report a security issue?'),
    ],
  },
  {
    label: 'Subscriptions',
    aliases: ['subscriptions', 'subscription', 'membership'],
    topics: [
      t('Cancel my subscription', '✋', 'Stop future renewals', 'How do I cancel my subscription?'),
      t('Renewal dates', '📅', 'When you will be charged next', 'When does my subscription renew?'),
    ],
  },
  {
    label: 'Products',
    aliases: ['products', 'product', 'product information', 'catalog', 'catalogue'],
    topics: [
      t('Product details', '🔎', 'Features, sizes and specifications', 'Can you tell me more about this product?'),
      t('Availability', '📦', 'Is it in stock?', 'Is this product in stock?'),
      t('Recommendations', '⭐', 'Help choosing the right product', 'Which product would you recommend for me?'),
    ],
  },
  {
    label: 'Warranty',
    aliases: ['warranty', 'warranties', 'guarantee', 'guarantees'],
    topics: [
      t('Warranty coverage', '🛡️', 'What your warranty includes', 'What does the warranty cover?'),
      t('Make a claim', '📝', 'Start a warranty claim', 'How do I make a warranty claim?'),
    ],
  },
  {
    label: 'Repairs',
    aliases: ['repairs', 'repair', 'servicing', 'service and repairs', 'maintenance'],
    topics: [
      t('Book a repair', '🔧', 'Schedule a repair or a service', 'Can I book a repair?'),
      t('Repair status', '⏳', 'Check on an item being repaired', 'Is my repair ready yet?'),
      t('Repair costs', '💰', 'What a repair will cost', 'How much will the repair cost?'),
    ],
  },
  {
    label: 'Feedback',
    aliases: ['feedback', 'suggestions', 'complaints'],
    topics: [
      t('Share feedback', '💡', 'Tell us what you think', "I'd like to share some feedback."),
      t('Make a complaint', '📣', 'Something went wrong', "I'd like to make a complaint."),
    ],
  },
  {
    label: 'General',
    aliases: ['general', 'general questions', 'faq', 'faqs', 'other'],
    topics: [
      t('Opening hours', '🕒', 'When we are available', 'What are your opening hours?'),
      t('Contact us', '✉️', 'Other ways to reach us', 'How can I contact you?'),
      t('About us', 'ℹ️', 'Who we are', 'Can you tell me about your company?'),
    ],
  },
];

/** The categories "3 categories" picks, by what kind of business the prompt describes. */
export const CATEGORY_SETS: { when: RegExp; labels: string[] }[] = [
  { when: /\b(shop|store|e-?commerce|retail|orders?|products?)\b/, labels: ['Orders', 'Shipping', 'Returns', 'Payments', 'Account', 'Products', 'Refunds', 'General'] },
  { when: /\b(saas|software|app|platform|api|startup)\b/, labels: ['Billing', 'Technical Support', 'Account', 'Integrations', 'Onboarding', 'Security', 'Pricing', 'General'] },
];
export const DEFAULT_CATEGORY_ORDER = CATEGORY_IDEAS.map((c) => c.label);

/** The topics "6 topics" picks when no categories are asked for. */
export const GENERAL_TOPIC_IDEAS: TopicIdea[] = [
  t('Get Help', '💬', 'Ask us anything', 'Hi! How can I help you today?'),
  ...[1, 0, 4, 9, 5, 6, 12, 3, 10].map((i) => CATEGORY_IDEAS[i]!.topics[0]!),
  ...CATEGORY_IDEAS.flatMap((c) => c.topics.slice(1)),
];

/** Icons for topic titles the owner writes, by a word in the title. */
export const TOPIC_ICONS: [RegExp, string][] = [
  [/password|log ?in|sign ?in|access/, '🔑'],
  [/hour|time|open|schedule/, '🕒'],
  [/\bship|deliver/, '🚚'],
  [/return|exchange/, '↩️'],
  [/refund|money back/, '💸'],
  [/repair|fix|service/, '🔧'],
  [/warrant|guarantee/, '🛡️'],
  [/bill|invoice|charge/, '🧾'],
  [/pay|card/, '💳'],
  [/price|pricing|plan|cost/, '🏷️'],
  [/order|track|package/, '📦'],
  [/account|profile/, '👤'],
  [/contact|email|call|phone/, '✉️'],
  [/location|store|address|find us|direction/, '📍'],
  [/book|appointment|reserv/, '📅'],
  [/bug|problem|issue|error/, '🐞'],
  [/secur|privacy/, '🔐'],
  [/feedback|review|survey/, '💡'],
  [/doc|guide|manual|faq/, '📘'],
  [/sales|buy|demo/, '🤝'],
  [/chat|talk|agent|human/, '💬'],
];

/** Verbs a topic title can start with, so its message can ask "How do I …?". */
export const ACTION_VERBS = new Set(
  'reset change update cancel track return book contact find get start set create delete close open upgrade downgrade download install connect request report pay buy order exchange renew manage edit view check apply join invite add remove rate leave give write schedule reschedule ask see learn compare choose send claim register sign log subscribe unsubscribe activate redeem verify reserve rent hire speak talk submit explore discover browse make meet pick move recover unlock restore fix switch share transfer upload visit call plan try'.split(
    ' ',
  ),
);

/** Nouns that make a verb-looking first word a noun: "Return policy", "Order status", "Book club". */
export const NOUN_AFTER_VERB = /^(?:policy|policies|status|history|details|info|information|hours|times?|forms?|numbers?|options|confirmation|summary|lists?|page|plans?|prices?|fees?|rules|terms|dates?|club|tracking|requests|limits|methods?|costs?|process|window|label|labels|ideas|types|tips|guide|faq|faqs)$/i;

/** What a home screen cannot hold, by the words an owner would use. */
export const UNSUPPORTED_ASKS: [RegExp, string][] = [
  [/\b(?<!background )(?:images?|pictures?|photos?|thumbnails?)\b(?! as (?:the )?background)/, 'images on topics'],
  [/\bcarousels?\b|\bsliders?\b|\bslideshows?\b/, 'carousels'],
  [/\bvideos?\b/, 'videos'],
  [/\bmaps?\b/, 'maps'],
  [/\banimat\w*|\bmoving\b/, 'animations'],
  [/\blog ?in form|\bsign[ -]?in form|\bsign[ -]?up form|\blogin page|\bregistration form/, 'login forms'],
  [/\b(?:contact|booking|order) forms?\b|\bforms? (?:fields?|inputs?)\b/, 'forms'],
  [/\bcustom fonts?\b|\bfont family\b|\bfont (?:face )?(?:like|such as|called|named)\b|\b(?:comic sans|roboto|helvetica|arial|times new roman|open sans|montserrat|lato|poppins)\b/, 'custom fonts'],
  [/\bcharts?\b|\bgraphs?\b/, 'charts'],
  [/\bgradients?\b/, 'gradients'],
  [/\blogos?\b/, 'a logo'],
  [/\bcountdowns?\b|\btimers?\b/, 'countdowns'],
  [/\b(?:music|audio|sounds?)\b/, 'audio'],
  [/\btestimonials?\b|\breviews? section\b/, 'testimonials'],
  [/\bcalendars?\b/, 'calendars'],
];

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(' ');
/** A count word or digits the owner wrote ("three", "3", "a couple of"). */
export const COUNT_PATTERN = `(\\d{1,3}|${NUMBER_WORDS.join('|')}|a couple of|a few)`;

export function countOf(word: string): number {
  const w = word.toLowerCase();
  if (/^\d+$/.test(w)) return Number.parseInt(w, 10);
  if (w === 'a couple of') return 2;
  if (w === 'a few') return 3;
  return NUMBER_WORDS.indexOf(w);
}
