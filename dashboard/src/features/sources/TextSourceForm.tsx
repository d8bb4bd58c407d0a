import { FileText } from 'lucide-react';
import { TextAreaField, TextField } from '../../components/Field';
import { SourceForm } from './SourceForm';
import { emptyTextForm, textFormSchema } from './sourceValidation';
import type { useSourceActions } from './useSources';

/** Text tab: title (required), optional description, the text itself (at least 10 characters). */
export function TextSourceForm({ mutation }: { mutation: ReturnType<typeof useSourceActions>['addText'] }) {
  return (
    <SourceForm schema={textFormSchema} empty={emptyTextForm} mutation={mutation} icon={FileText} submitLabel="Add Text">
      {({ register, formState: { errors } }) => (
        <>
          <TextField label="Title" placeholder="Return policy" {...register('title')} error={errors.title?.message} />
          <TextField label="Description (optional)" placeholder="What this text covers" {...register('description')} error={errors.description?.message} />
          <TextAreaField
            label="Text content"
            rows={8}
            placeholder="Paste FAQs, policies or product details..."
            {...register('textContent')}
            error={errors.textContent?.message}
          />
        </>
      )}
    </SourceForm>
  );
}
