import { ChevronDown } from 'lucide-react';

export type FaqItem = { q: string; a: string };

/** Questions as native disclosure widgets (keyboard and screen-reader friendly for free). */
export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item) => (
        <details key={item.q} className="group px-6 py-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
            {item.q}
            <ChevronDown className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <p className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-400">{item.a}</p>
        </details>
      ))}
    </div>
  );
}
