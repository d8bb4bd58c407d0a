import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

const CONTROL =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:outline-none focus:ring-2 focus:ring-blue-500/40 focus:border-blue-500 disabled:opacity-60 ' +
  'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500';

function controlClass(error?: string) {
  return cn(CONTROL, error ? 'border-red-500 dark:border-red-500' : 'border-slate-300 dark:border-slate-700');
}

type FieldShellProps = { label: ReactNode; error?: string; hint?: ReactNode; children: (props: { id: string; describedBy?: string }) => ReactNode };

/** Label, control, then either the field's error or its hint, wired for screen readers. */
export function Field({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children({ id, describedBy: error || hint ? noteId : undefined })}
      {error ? (
        <p id={noteId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Common = { label: ReactNode; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, className, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <input id={id} aria-invalid={!!error} aria-describedby={describedBy} className={cn(controlClass(error), className)} {...props} />
      )}
    </Field>
  );
}

export function TextAreaField({ label, error, hint, className, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <textarea id={id} aria-invalid={!!error} aria-describedby={describedBy} className={cn(controlClass(error), className)} {...props} />
      )}
    </Field>
  );
}

export function SelectField({ label, error, hint, className, children, ...props }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <select id={id} aria-invalid={!!error} aria-describedby={describedBy} className={cn(controlClass(error), className)} {...props}>
          {children}
        </select>
      )}
    </Field>
  );
}
