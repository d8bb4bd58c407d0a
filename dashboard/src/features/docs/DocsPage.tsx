import { usePageMeta } from '../../lib/usePageMeta';
import { DOC_SECTIONS } from './docSections';

/** /docs and /support: the product documentation with a table of contents. */
export function DocsPage() {
  usePageMeta({
    title: 'Documentation - Parley',
    description: 'Set up a Parley chatbot in minutes: quick start, training on your content, embedding, AI configuration, interactive features and troubleshooting.',
    keywords: 'Parley documentation, chatbot setup, embed chatbot, system prompt, temperature',
    path: '/docs',
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-blue-600 uppercase dark:text-blue-400">Documentation</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">Build, train and embed your chatbot</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">Everything you need to go from an empty account to a chatbot answering customers on your website.</p>
      </div>
      <div className="mt-12 grid gap-12 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="hidden lg:block">
          <ul className="sticky top-24 space-y-1 border-l border-slate-200 dark:border-slate-800">
            {DOC_SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="-ml-px block border-l border-transparent py-1.5 pl-4 text-sm text-slate-600 hover:border-slate-400 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-16">
          {DOC_SECTIONS.map(({ id, title, Icon, Body }) => (
            <section key={id} id={id} className="scroll-mt-24">
              <h2 className="flex items-center gap-3 text-2xl font-bold tracking-tight">
                <span className="inline-flex h-9 w-9 items-center justify-center rounded-lg bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                {title}
              </h2>
              <div className="mt-5 space-y-4 text-[15px] leading-7 text-slate-700 dark:text-slate-300 [&_h3]:mt-6 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-2">
                <Body />
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
