import { MAX_PAGES_LIMIT, SYNC_SCHEDULE_LABELS, SYNC_SCHEDULES } from '@parley/contracts';
import { Globe } from 'lucide-react';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { SourceForm } from './SourceForm';
import { emptyWebsiteForm, websiteFormSchema } from './sourceValidation';
import type { useSourceActions } from './useSources';

/** Website tab: url, optional title and description, page limit 1-200 (default 50), auto-sync (default off). */
export function WebsiteSourceForm({ mutation }: { mutation: ReturnType<typeof useSourceActions>['addWebsite'] }) {
  return (
    <SourceForm schema={websiteFormSchema} empty={emptyWebsiteForm} mutation={mutation} icon={Globe} submitLabel="Add Website">
      {({ register, formState: { errors } }) => (
        <>
          <TextField label="Website URL" type="url" inputMode="url" placeholder="https://example.com" {...register('url')} error={errors.url?.message} />
          <TextField label="Title (optional)" placeholder="Company website" {...register('title')} error={errors.title?.message} />
          <TextAreaField
            label="Description (optional)"
            rows={2}
            placeholder="What this site covers"
            {...register('description')}
            error={errors.description?.message}
          />
          <TextField
            label="Max pages"
            type="number"
            min={1}
            max={MAX_PAGES_LIMIT}
            {...register('maxPages')}
            error={errors.maxPages?.message}
            hint={`Limit: 1-${MAX_PAGES_LIMIT} pages`}
          />
          <SelectField label="Auto-sync" {...register('syncSchedule')} error={errors.syncSchedule?.message} hint="Re-crawls only pages that changed">
            {SYNC_SCHEDULES.map((s) => (
              <option key={s} value={s}>
                {SYNC_SCHEDULE_LABELS[s]}
              </option>
            ))}
          </SelectField>
        </>
      )}
    </SourceForm>
  );
}
