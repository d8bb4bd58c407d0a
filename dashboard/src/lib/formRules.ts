/**
 * Form rules on top of the contracts schemas: the server's rules read from text inputs, a
 * schema's first problem per field, and a server's field errors shown under the form's fields.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from './api';

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
