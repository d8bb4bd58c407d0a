import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input, Select, Textarea } from './Input';

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

// The controls take every prop of theirs, `ref` included, so `{...form.register(name)}` spreads onto a field.
export function TextField({ label, error, hint, ...props }: Common & ComponentProps<'input'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => <Input id={id} invalid={!!error} aria-describedby={describedBy} {...props} />}
    </Field>
  );
}

export function TextAreaField({ label, error, hint, ...props }: Common & ComponentProps<'textarea'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => <Textarea id={id} invalid={!!error} aria-describedby={describedBy} {...props} />}
    </Field>
  );
}

export function SelectField({ label, error, hint, ...props }: Common & ComponentProps<'select'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => <Select id={id} invalid={!!error} aria-describedby={describedBy} {...props} />}
    </Field>
  );
}
