import { useId, type ComponentProps, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../lib/api';
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

/**
 * Shows a 400's `details.fieldErrors` under the form's own fields, the first message of each.
 * Names the form does not have are ignored: the caller's toast still tells the owner.
 */
export function showServerFieldErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>, error: unknown) {
  const fieldErrors = error instanceof ApiError && error.status === 400 ? error.body?.details?.fieldErrors : undefined;
  if (!fieldErrors || typeof fieldErrors !== 'object') return;
  const values = form.getValues();
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const message: unknown = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof message === 'string' && name in values) form.setError(name as Path<T>, { type: 'server', message });
  }
}

/**
 * The server's `rule` applied to a text input, for a form schema whose inputs are all strings.
 * zod types a pipe by its target's exact input, so a rule that also takes null or any value
 * (coerced numbers) is typed here as taking the string it gets; at run time it is the same rule,
 * with the same messages.
 */
export const fromText = <T extends z.ZodType>(rule: T) => z.string().pipe(rule as unknown as z.ZodType<z.output<T>, string>);

export type FormErrors<T> = Partial<Record<keyof T, string>>;

/** A form's problems under `schema`, the first of each field; `{}` when it may be sent. */
export function firstErrors<T extends z.ZodType>(schema: T, values: z.input<T>): FormErrors<z.input<T>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const { fieldErrors } = z.flattenError(parsed.error);
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, (messages as string[])[0]])) as FormErrors<z.input<T>>;
}
