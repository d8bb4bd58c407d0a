import { BarChart3, Code2, Globe, LayoutTemplate, Mail, ShieldCheck } from 'lucide-react';
import { ButtonAnchor, ButtonLink } from '../../components/Button';
import { Faq } from '../../components/Faq';
import { Section } from '../../components/Section';
import { PageSpinner } from '../../components/Spinner';
import { usePageMeta } from '../../lib/usePageMeta';
import { useAuth } from '../auth/useAuth';
import { PublicChatWidget } from '../widget/PublicChatWidget';
import { PlanCard } from './PlanCard';
import { isFreePlan, usePlans } from './plans';

const INCLUDED = [
  { Icon: Globe, title: 'Website, text and file training' },
  { Icon: Code2, title: 'One-line embed, custom element or iframe' },
  { Icon: LayoutTemplate, title: 'Customizable widget and home screen' },
  { Icon: Mail, title: 'Contact forms with email hand-off' },
  { Icon: BarChart3, title: 'Conversation history' },
  { Icon: ShieldCheck, title: 'Read-only mode instead of surprise bills' },
];

const FAQ = [
  { q: 'Can I change plans later?', a: 'Yes. You can change your plan at any time; the price difference is prorated for the rest of the billing period.' },
  { q: 'What happens if I cancel?', a: 'Your subscription stays active until the end of the current billing period, then your account returns to the Free plan. You can resume before then.' },
  { q: 'Do I need a credit card for the Free plan?', a: 'No. The Free plan (Trial) gives you 1 chatbot and 100 messages per month without a credit card.' },
  { q: 'What counts as a message?', a: 'Each visitor message your chatbot answers counts once against your monthly limit. The counter resets at the start of each month.' },
  { q: 'What happens when I run out of messages?', a: 'Your chatbots become read-only until the next month and show visitors a contact form, so you never lose a lead. Upgrade at any time to continue immediately.' },
];

/** /pricing: the four plans, what every plan includes, and billing questions. */
export function PricingPage() {
  usePageMeta({
    title: 'Pricing - Parley',
    description: 'Simple monthly plans for AI support chatbots. Start free with 1 chatbot and 100 messages per month; upgrade when you grow.',
    keywords: 'chatbot pricing, AI chatbot plans, customer support chatbot cost',
    path: '/pricing',
  });
  const { isAuthenticated } = useAuth();
  const { data: plans, isLoading, isError } = usePlans();

  return (
    <>
      <Section eyebrow="Pricing" title="Simple, transparent pricing" intro="Start free, upgrade when your chatbot gets busy. Change or cancel any time.">
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
                      <ButtonAnchor href="/api/login" variant="outline" className="w-full">Start Free Trial</ButtonAnchor>
                    )
                  ) : isAuthenticated ? (
                    <ButtonLink to="/subscription" variant={plan.name === 'Premium' ? 'primary' : 'outline'} className="w-full">Choose Plan</ButtonLink>
                  ) : (
                    <ButtonAnchor href="/api/login" variant={plan.name === 'Premium' ? 'primary' : 'outline'} className="w-full">Get Started</ButtonAnchor>
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
