import { BarChart3, Bot, ClipboardList, Code2, FileText, Globe, Inbox, Palette, ShieldCheck, Sparkles, Wand2 } from 'lucide-react';
import { Faq } from '../../components/Faq';
import { Section } from '../../components/Section';
import { usePageMeta } from '../../lib/usePageMeta';
import { PublicChatWidget } from '../widget/PublicChatWidget';
import { ChatPreview } from './ChatPreview';
import { Hero } from './Hero';
import { PrimaryCta } from './PrimaryCta';
import { ButtonLink } from '../../components/Button';
import { scriptTagSnippet } from '../../lib/embedSnippets';

// Also the meta description of index.html and the server's JSON-LD (landingStructuredData.ts).
const DESCRIPTION =
  'Create intelligent, customizable AI chatbots for your website in minutes. Train them on your own content and embed them with one line of code.';

// Every claim here is true of the product as it ships: no billing features are promised
// before they exist (docs/parley-knowledge.md says the same to visitors).
const FEATURES = [
  { Icon: Globe, title: 'Train on your website', text: 'Point Parley at your site: it reads your pages, follows your sitemap and keeps answers grounded in what you wrote.' },
  { Icon: FileText, title: 'Text and file knowledge', text: 'Paste policies and FAQs or upload text, CSV, Markdown and JSON files. Answers drawn from your content cite their source.' },
  {
    Icon: BarChart3,
    title: 'Fix what the bot got wrong',
    text: 'Visitors rate answers with a thumbs up or down. Questions the bot could not answer are grouped in an inbox where one click adds the right answer, and analytics show what visitors ask.',
  },
  { Icon: Inbox, title: 'Leads inbox', text: 'When a visitor asks for a person, the bot collects their name, email and message. Every lead lands in your inbox and, with mail set up, in your email.' },
  { Icon: Code2, title: 'One-line embed', text: 'A script tag, a custom element or an iframe. Works on any site builder, shop or single-page app.' },
  {
    Icon: Palette,
    title: 'Home screen designer',
    text: 'Describe the home screen your visitors see first and the UI Designer builds it: a welcome header, topics, categories and your colours, previewed live. Works without an AI model too.',
  },
  {
    Icon: ClipboardList,
    title: 'Surveys in the chat',
    text: 'Build a short survey, or let the assistant draft one, and your bot asks it right in the conversation: choices, ratings and free text. See completion rates and every answer, and export them as CSV.',
  },
  { Icon: Wand2, title: 'Prompt assistant', text: "Not sure what to tell your bot? The assistant writes or improves its instructions from your bot's name and purpose." },
  { Icon: ShieldCheck, title: 'Limits without surprises', text: 'Usage warnings before you run out, and your own test chats never count. Over the monthly limit the bot turns read-only and shows a contact form.' },
];

const STEPS = [
  { title: 'Create a chatbot', text: 'Name it, pick a model and write (or generate) its instructions.' },
  { title: 'Add your content', text: 'Scan your website, paste text or upload files. Parley indexes it for retrieval.' },
  { title: 'Embed and go live', text: 'Copy one line into your site. Visitors start chatting right away.' },
];

const FAQ = [
  { q: 'How long does setup take?', a: 'About five minutes: create a chatbot, add your website or a few documents, and paste the one-line embed code into your site.' },
  { q: 'Is there a free plan?', a: 'Yes. The Free plan (shown as Trial) includes 1 chatbot and 100 messages per month, with no credit card required.' },
  { q: 'Where do the answers come from?', a: 'From the content you add. Parley retrieves the most relevant passages for each question and cites the page it used; when nothing relevant is found the bot says so with its fallback message.' },
  { q: 'What happens when I reach my message limit?', a: 'You are warned in the dashboard as you get close. At the limit the chatbot becomes read-only for the rest of the month and shows visitors a contact form, so no lead is lost.' },
  { q: 'Can I change plans later?', a: 'Yes, at any time from the Subscription page. Upgrades and downgrades apply at once (prorated when billed through Stripe), and a cancellation takes effect at the end of the billing period, so you can resume until then.' },
  { q: 'Does it work with my website builder?', a: 'If your site lets you add a script tag or an iframe, it works: WordPress, Shopify, Webflow, Squarespace, plain HTML and React apps alike.' },
];

/** / : hero, features, demo, FAQ and call to action, with the public chatbot floating bottom-right. */
export function LandingPage() {
  usePageMeta({
    title: 'Parley - AI customer-support chatbots for your website',
    description: DESCRIPTION,
    keywords: 'AI chatbot, customer support chatbot, website chatbot, chat widget, GPT chatbot, knowledge base bot',
    path: '/',
    // No jsonLd here: the server puts the landing page's JSON-LD (with every plan's offer) into
    // the HTML of `/` (api/src/features/web/landingStructuredData.ts); a second copy would differ.
  });

  return (
    <>
      <Hero />
      <Section id="features" eyebrow="Features" title="Everything you need to answer customers around the clock" intro="Built for small teams: no data science, no code beyond one line.">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-base font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="demo" eyebrow="Demo" title="From your content to a live chatbot in three steps" className="bg-slate-50 dark:bg-slate-900/40">
        <div className="grid grid-cols-1 items-center gap-12 lg:grid-cols-2">
          <div className="space-y-8">
            <ol className="space-y-6">
              {STEPS.map((step, i) => (
                <li key={step.title} className="flex gap-4">
                  <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white">{i + 1}</span>
                  <div>
                    <h3 className="font-semibold">{step.title}</h3>
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <div>
              <p className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
                <Code2 className="h-4 w-4" aria-hidden /> The whole embed code
              </p>
              <pre className="overflow-x-auto rounded-xl bg-slate-900 p-4 text-xs leading-6 text-slate-100 dark:bg-black/60">
                <code>{scriptTagSnippet(window.location.origin, 'YOUR_BOT_ID')}</code>
              </pre>
            </div>
            <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <Bot className="h-4 w-4 text-blue-600" aria-hidden /> Try the live assistant in the corner of this page.
            </p>
          </div>
          <ChatPreview conversation="returns" />
        </div>
      </Section>

      <Section id="faq" eyebrow="FAQ" title="Frequently asked questions">
        <div className="mx-auto max-w-3xl">
          <Faq items={FAQ} />
        </div>
      </Section>

      <section className="px-4 pb-24 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-blue-600 to-indigo-700 px-8 py-14 text-center text-white shadow-xl">
          <Sparkles className="mx-auto h-8 w-8 text-blue-200" aria-hidden />
          <h2 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Ready to answer every customer, instantly?</h2>
          <p className="mx-auto mt-4 max-w-xl text-blue-100">Start free with 1 chatbot and 100 messages a month. No credit card required.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3 [&_a:first-child]:bg-white [&_a:first-child]:text-blue-700 [&_a:first-child]:hover:bg-blue-50">
            <PrimaryCta />
            <ButtonLink to="/contact" variant="ghost" size="lg" className="text-white hover:bg-white/10 dark:text-white">
              Contact Sales
            </ButtonLink>
          </div>
        </div>
      </section>
      <PublicChatWidget />
    </>
  );
}
