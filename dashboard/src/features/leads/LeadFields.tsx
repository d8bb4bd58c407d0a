import { cn } from '../../lib/cn';

/** What a visitor filled in, label beside value (stacked on phones); shared by the inbox and history. */
export function LeadFields({ fields, className }: { fields: { label: string; value: string }[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[9rem_minmax(0,1fr)]', className)}>
      {fields.map((field, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the fields of one stored form; they never reorder
        <div key={i} className="contents">
          <dt className="font-medium text-slate-500 dark:text-slate-400">{field.label}</dt>
          <dd className="whitespace-pre-wrap wrap-anywhere text-slate-900 dark:text-slate-100">{field.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
