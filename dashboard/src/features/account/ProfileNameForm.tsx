import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { profileUpdateSchema } from '@parley/contracts/schemas';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/Field';
import type { CurrentUser } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/formRules';
import { useUpdateProfile } from './useAccount';

const namesSchema = profileUpdateSchema.pick({ firstName: true, lastName: true });
type NameValues = z.input<typeof namesSchema>;

/** First and last name; either may be left empty (the navigation then shows the email). */
export function ProfileNameForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const form = useForm<NameValues>({
    mode: 'onChange',
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
    // raw: the names go to the server as typed; it trims them and stores empty ones as null.
    resolver: zodResolver(namesSchema, undefined, { raw: true }),
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => form.reset({ firstName: saved.firstName ?? '', lastName: saved.lastName ?? '' }),
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  return (
    <Card className="p-6">
      <form onSubmit={submit} noValidate aria-label="Your name" className="space-y-4">
        <div>
          <h2 className="text-lg font-semibold">Your name</h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Shown in the navigation instead of your email address.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending || !isDirty}>
            {update.isPending ? 'Saving...' : 'Save name'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
