import { Globe } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/Field';
import { emptyWebsiteForm, MAX_PAGES_LIMIT, validateWebsiteForm, type WebsiteFormValues } from './sourceValidation';
import type { useSourceActions } from './useSources';

/** Website tab: url, optional title and description, page limit 1-200 (default 50). */
export function WebsiteSourceForm({ mutation }: { mutation: ReturnType<typeof useSourceActions>['addWebsite'] }) {
  const [values, setValues] = useState(emptyWebsiteForm);
  const [submitted, setSubmitted] = useState(false);
  // Errors appear after the first submit and then follow the typing.
  const errors = submitted ? validateWebsiteForm(values) : {};
  const set = (patch: Partial<WebsiteFormValues>) => setValues((v) => ({ ...v, ...patch }));

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateWebsiteForm(values)).length > 0) return;
    mutation.mutate(values, {
      onSuccess: () => {
        setValues(emptyWebsiteForm());
        setSubmitted(false);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <TextField
        label="Website URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com"
        value={values.url}
        error={errors.url}
        onChange={(e) => set({ url: e.target.value })}
      />
      <TextField label="Title (optional)" placeholder="Company website" value={values.title} onChange={(e) => set({ title: e.target.value })} />
      <TextAreaField
        label="Description (optional)"
        rows={2}
        placeholder="What this site covers"
        value={values.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      <TextField
        label="Max pages"
        type="number"
        min={1}
        max={MAX_PAGES_LIMIT}
        value={values.maxPages}
        error={errors.maxPages}
        hint="Limit: 1-200 pages"
        onChange={(e) => set({ maxPages: e.target.value })}
      />
      <Button type="submit" disabled={mutation.isPending} className="w-full">
        <Globe className="h-4 w-4" aria-hidden /> {mutation.isPending ? 'Adding...' : 'Add Website'}
      </Button>
    </form>
  );
}
