import { zodResolver } from '@hookform/resolvers/zod';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/Button';
import { showServerFieldErrors } from '../../lib/formRules';

/** The part of a TanStack mutation the form drives. */
type SourceMutation<T> = {
  isPending: boolean;
  mutate: (values: T, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
};

type Props<T extends FieldValues> = {
  /** Checks the values as typed (strings); the values are sent as typed, the mutation shapes the body. */
  schema: z.ZodType<unknown, T>;
  empty: () => T;
  mutation: SourceMutation<T>;
  icon: LucideIcon;
  submitLabel: string;
  children: (form: UseFormReturn<T>) => ReactNode;
};

/**
 * The frame of the website and text tabs: errors appear after the first submit and then follow
 * the typing, nothing is sent while a field is wrong, the server's per-field messages land under
 * their fields, and the form is cleared once the source is added.
 */
export function SourceForm<T extends FieldValues>({ schema, empty, mutation, icon: Icon, submitLabel, children }: Props<T>) {
  const form = useForm<T>({ defaultValues: empty() as DefaultValues<T>, resolver: zodResolver(schema, undefined, { raw: true }) });
  const submit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => form.reset(empty()),
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {children(form)}
      <Button type="submit" disabled={mutation.isPending} className="w-full">
        <Icon className="h-4 w-4" aria-hidden /> {mutation.isPending ? 'Adding...' : submitLabel}
      </Button>
    </form>
  );
}
