import { useId, type ComponentProps, type ReactNode } from 'react';

/** A checkbox with its label beside it and an optional hint under, tied together for screen readers. */
export function CheckboxField({ label, hint, ...props }: { label: ReactNode; hint?: ReactNode } & Omit<ComponentProps<'input'>, 'type'>) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-blue-600 disabled:opacity-60 dark:border-slate-700"
        {...props}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
