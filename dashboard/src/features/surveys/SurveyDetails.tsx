import { surveyStatuses, type SurveyStatus, type SurveyWithCounts } from '@parley/contracts';
import { BarChart3, Check, Copy, Loader2, Palette, Pause, Play, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { copyText } from '../../lib/copyText';
import { toast } from '../toast/toastStore';
import { SURVEY_STATUS_LABELS } from './surveyLabels';
import { renamed, type SaveState, type SurveyDraft } from './useSurveyDraft';

type Props = {
  guid: string;
  survey: SurveyWithCounts;
  draft: SurveyDraft;
  saveState: SaveState;
  /** A status change is on its way (the status controls wait for it). */
  statusPending: boolean;
  deleting: boolean;
  onEdit: (change: (draft: SurveyDraft) => SurveyDraft) => void;
  onSave: () => void;
  onStatus: (status: SurveyStatus) => void;
  onDelete: () => void;
};

/**
 * The selected survey's details: name and description (auto-saved with the rest of the draft),
 * the status (saved at once, from the dropdown or Activate/Deactivate), Save Details, Delete,
 * and how to start it in the chat (its id, for a home-screen topic or quick action).
 */
export function SurveyDetails({ guid, survey, draft, saveState, statusPending, deleting, onEdit, onSave, onStatus, onDelete }: Props) {
  const [confirming, setConfirming] = useState(false);
  const active = survey.status === 'active';
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="survey-details">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">Survey details</h2>
          <SaveIndicator state={saveState} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onStatus(active ? 'draft' : 'active')} disabled={statusPending}>
            {active ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
            {active ? 'Deactivate' : 'Activate'}
          </Button>
          <Button size="sm" onClick={onSave} disabled={saveState === 'saving'}>
            <Save className="h-4 w-4" aria-hidden /> Save Details
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} disabled={deleting} aria-label="Delete survey" className="text-red-600 dark:text-red-400">
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        </div>
      </div>

      <div className="mt-5 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <TextField label="Name" value={draft.name} maxLength={200} onChange={(e) => onEdit((d) => renamed(d, e.target.value))} />
        <SelectField
          label="Status"
          value={survey.status}
          disabled={statusPending}
          onChange={(e) => onStatus(e.target.value as SurveyStatus)}
          hint={active ? 'Visitors can take it in the chat.' : 'Only active surveys start in the chat.'}
        >
          {surveyStatuses.map((status) => (
            <option key={status} value={status}>
              {SURVEY_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-4">
        <TextAreaField
          label="Description"
          rows={2}
          value={draft.description}
          maxLength={2000}
          hint="For you and your team; visitors see the title and description of the Settings tab."
          onChange={(e) => onEdit((d) => ({ ...d, description: e.target.value }))}
        />
      </div>
      <StartHint guid={guid} surveyId={survey.id} />

      <ConfirmDialog
        open={confirming}
        title="Delete survey?"
        description={`Are you sure you want to delete "${draft.name.trim() || survey.name}"? Its ${survey.responseCount === 1 ? 'response' : 'responses'} will be deleted too. This cannot be undone.`}
        confirmLabel="Delete Survey"
        destructive
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
      />
    </Card>
  );
}

const SAVE_TEXT: Record<SaveState, string> = { saved: 'All changes saved', unsaved: 'Unsaved changes', saving: 'Saving...' };

function SaveIndicator({ state }: { state: SaveState }) {
  return (
    <p
      role="status"
      data-testid="save-state"
      data-state={state}
      className={state === 'unsaved' ? 'mt-1 text-sm text-amber-700 dark:text-amber-400' : 'mt-1 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400'}
    >
      {state === 'saving' && <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />}
      {state === 'saved' && <Check className="h-3.5 w-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden />}
      {SAVE_TEXT[state]}
    </p>
  );
}

/** The survey's id and how a visitor reaches it: a topic or quick action of the home screen starts it by that id. */
function StartHint({ guid, surveyId }: { guid: string; surveyId: number }) {
  async function copy() {
    if (await copyText(String(surveyId))) toast({ variant: 'success', title: 'Copied!', description: `Survey ID ${surveyId} is on the clipboard.` });
  }
  return (
    <div className="mt-5 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-800 dark:bg-slate-800/40">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium" data-testid="survey-id">
          Survey ID: {surveyId}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label="Copy survey ID">
          <Copy className="h-4 w-4" aria-hidden /> Copy
        </Button>
      </div>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Visitors start it from a home-screen topic or quick action: in the UI designer, add a topic "Give feedback" that starts survey {surveyId}.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink to={`/chatbots/${guid}/ui-designer`} variant="outline" size="sm">
          <Palette className="h-4 w-4" aria-hidden /> UI Designer
        </ButtonLink>
        <ButtonLink to={`/chatbots/${guid}/survey-analytics`} variant="outline" size="sm">
          <BarChart3 className="h-4 w-4" aria-hidden /> Survey Analytics
        </ButtonLink>
      </div>
    </div>
  );
}
