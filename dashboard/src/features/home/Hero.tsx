import { Check, Sparkles } from 'lucide-react';
import { ButtonLink } from '../../components/Button';
import { ChatPreview } from './ChatPreview';
import { PrimaryCta } from './PrimaryCta';

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div aria-hidden className="absolute inset-0 -z-10 bg-radial-[ellipse_at_top] from-blue-100/70 via-white to-white dark:from-blue-950/60 dark:via-slate-950 dark:to-slate-950" />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-blue-50 px-3 py-1 text-sm font-medium text-blue-700 dark:border-blue-900 dark:bg-blue-500/10 dark:text-blue-300">
            <Sparkles className="h-4 w-4" aria-hidden /> 5-minute setup · one-line embed
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
            AI support that answers from <span className="text-blue-600 dark:text-blue-400">your own content</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600 dark:text-slate-400">
            Parley builds a customer-support chatbot from your website, text files and FAQs, then drops onto any site with a single line of
            code. Visitors get instant, grounded answers; you get the conversations and the leads.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <PrimaryCta />
            <ButtonLink to="/contact" variant="outline" size="lg">
              Contact Sales
            </ButtonLink>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
            {['Free plan: 1 chatbot, 100 messages a month', 'No credit card required'].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check className="h-4 w-4 text-emerald-600" aria-hidden /> {item}
              </li>
            ))}
          </ul>
        </div>
        <ChatPreview />
      </div>
    </section>
  );
}
