import { Code2, Globe, History, Inbox, ShieldCheck, Wand2 } from 'lucide-react';
import { ButtonAnchor, ButtonLink } from '../../components/Button';
import { Faq } from '../../components/Faq';
import { Section } from '../../components/Section';
import { PageSpinner } from '../../components/Spinner';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAuth } from '../auth/useAuth';
import { SIGN_UP_HREF } from '../home/PrimaryCta';
import { PublicChatWidget } from '../widget/PublicChatWidget';
import { PlanCard } from './PlanCard';
import { isFreePlan, usePlans } from './plans';

const INCLUDED = [
  { Icon: Globe, title: 'Website, text and file training' },
  { Icon: Code2, title: 'One-line embed, custom element or iframe' },
  { Icon: Inbox, title: 'Leads inbox with email hand-off' },
  { Icon: Wand2, title: 'Prompt assistant for the bot\'s instructions' },
  { Icon: History, title: 'Conversation history' },
  { Icon: ShieldCheck, title: 'Usage alerts and read-only mode instead of surprise bills' },
];

const FAQ = [
  {
    q: 'How do I get a paid plan?',
    a: 'Every account starts on the Free plan (Trial). Choose a paid plan on the Subscription page: checkout goes through Stripe where this server takes payment; a self-hosted install without online payment applies the plan at once, free of charge.',
  },
  {
    q: 'Can I change or cancel my plan?',
    a: 'Yes, at any time. Upgrades and downgrades apply at once and are prorated when billed through Stripe. A cancellation takes effect at the end of the billing period; until then you keep your plan and can resume it.',
  },
  { q: 'Do I need a credit card for the Free plan?', a: 'No. The Free plan (Trial) gives you 1 chatbot and 100 messages per month without a credit card.' },
  { q: 'What counts as a message?', a: 'Each visitor message your chatbot answers counts once against your monthly limit. Your own chats on the Test page do not count. The counter starts over with each billing period: on the 1st of the month (UTC) on the Free plan, or on your renewal date for a plan billed through Stripe.' },
  {
    q: 'What happens when I run out of messages?',
    a: 'The dashboard warns you as you approach the limit (and so does an email, when mail is set up). At the limit your chatbots become read-only until the next month and show visitors a contact form, so you never lose a lead.',
  },
];

/** /pricing: the four plans, what every plan includes, and billing questions. */
export function PricingPage() {
  usePageMeta({
    title: 'Pricing - Parley',
    description: 'Simple monthly plans for AI support chatbots. Start free with 1 chatbot and 100 messages per month, no credit card required.',
    keywords: 'chatbot pricing, AI chatbot plans, customer support chatbot cost',
    path: '/pricing',
  });
  const { isAuthenticated } = useAuth();
  const { data: plans, isLoading, isError } = usePlans();

  return (
    <>
      <Section eyebrow="Pricing" title="Simple, transparent pricing" intro="Start free with 1 chatbot and 100 messages a month, no credit card required.">
        {isLoading ? (
          <PageSpinner />
        ) : isError || !plans ? (
          <p className="text-center text-slate-600 dark:text-slate-400">Plans could not be loaded. Please refresh the page.</p>
        ) : (
          <div className="grid gap-6 pt-3 md:grid-cols-2 lg:grid-cols-4">
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                action={
                  isFreePlan(plan) ? (
                    isAuthenticated ? (
                      <ButtonLink to="/dashboard" variant="outline" className="w-full">Go to Dashboard</ButtonLink>
                    ) : (
                      <ButtonAnchor href={SIGN_UP_HREF} variant="outline" className="w-full">Start Free Trial</ButtonAnchor>
                    )
                  ) : isAuthenticated ? (
                    <ButtonLink to="/subscription" variant={plan.name === 'Premium' ? 'primary' : 'outline'} className="w-full">Choose Plan</ButtonLink>
                  ) : (
                    <ButtonAnchor href={SIGN_UP_HREF} variant={plan.name === 'Premium' ? 'primary' : 'outline'} className="w-full">Get Started</ButtonAnchor>
                  )
                }
              />
            ))}
          </div>
        )}
      </Section>
      <Section title="What's Included" intro="Every plan, including the free one, comes with the full product." className="bg-slate-50 dark:bg-slate-900/40">
        <div className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {INCLUDED.map(({ Icon, title }) => (
            <div key={title} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
              <Icon className="h-5 w-5 shrink-0 text-blue-600 dark:text-blue-400" aria-hidden />
              <span className="text-sm font-medium">{title}</span>
            </div>
          ))}
        </div>
      </Section>
      <Section title="Frequently asked questions">
        <div className="mx-auto max-w-3xl">
          <Faq items={FAQ} />
        </div>
      </Section>
      <PublicChatWidget />
    </>
  );
}
