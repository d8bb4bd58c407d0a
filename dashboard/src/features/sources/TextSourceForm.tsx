import { FileText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/Field';
import { emptyTextForm, validateTextForm, type TextFormValues } from './sourceValidation';
import type { useSourceActions } from './useSources';

/** Text tab: title (required), optional description, the text itself (at least 10 characters). */
export function TextSourceForm({ mutation }: { mutation: ReturnType<typeof useSourceActions>['addText'] }) {
  const [values, setValues] = useState(emptyTextForm);
  const [submitted, setSubmitted] = useState(false);
  // Errors appear after the first submit and then follow the typing.
  const errors = submitted ? validateTextForm(values) : {};
  const set = (patch: Partial<TextFormValues>) => setValues((v) => ({ ...v, ...patch }));

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateTextForm(values)).length > 0) return;
    mutation.mutate(values, {
      onSuccess: () => {
        setValues(emptyTextForm());
        setSubmitted(false);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <TextField label="Title" placeholder="Return policy" value={values.title} error={errors.title} onChange={(e) => set({ title: e.target.value })} />
      <TextField
        label="Description (optional)"
        placeholder="What this text covers"
        value={values.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      <TextAreaField
        label="Text content"
        rows={8}
        placeholder="Paste FAQs, policies or product details..."
        value={values.textContent}
        error={errors.textContent}
        onChange={(e) => set({ textContent: e.target.value })}
      />
      <Button type="submit" disabled={mutation.isPending} className="w-full">
        <FileText className="h-4 w-4" aria-hidden /> {mutation.isPending ? 'Adding...' : 'Add Text'}
      </Button>
    </form>
  );
}
