import type { Plan } from '../../db/schema';

/** The seeded plans. Prices in minor units (cents); -1 means unlimited. */
export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Try Parley on one site, no credit card needed.',
    price: 0,
    currency: 'usd',
    features: ['1 chatbot', '100 messages per month', 'Website, text and file training', 'One-line embed', 'Leads inbox and prompt assistant'],
    maxBots: 1,
    maxMessagesPerMonth: 100,
    sortOrder: 0,
  },
  {
    id: 'basic',
    name: 'Basic',
    description: 'For small businesses answering customers every day.',
    price: 1900,
    currency: 'usd',
    features: ['3 chatbots', '2,000 messages per month', 'Everything in Trial'],
    maxBots: 3,
    maxMessagesPerMonth: 2000,
    sortOrder: 1,
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'For growing teams with several sites or products.',
    price: 4900,
    currency: 'usd',
    features: ['10 chatbots', '10,000 messages per month', 'Everything in Trial'],
    maxBots: 10,
    maxMessagesPerMonth: 10000,
    sortOrder: 2,
  },
  {
    id: 'ultra',
    name: 'Ultra',
    description: 'No limits for agencies and large support teams.',
    price: 9900,
    currency: 'usd',
    features: ['Unlimited chatbots', 'Unlimited messages', 'Everything in Trial'],
    maxBots: -1,
    maxMessagesPerMonth: -1,
    sortOrder: 3,
  },
];

export const FREE_PLAN_ID = 'free';
