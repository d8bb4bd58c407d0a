import type { SurveyWithCounts } from '@parley/contracts';
import { ClipboardList, Plus } from 'lucide-react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { cn } from '../../lib/cn';
import { SURVEY_STATUS_LABELS, SURVEY_STATUS_TONES } from './surveyLabels';
import type { SurveyDraft } from './useSurveyDraft';

type Props = {
  surveys: readonly SurveyWithCounts[];
  selectedId: number | null;
  /** The survey as the owner currently has it (the local draft when edited). */
  draftOf: (survey: SurveyWithCounts) => SurveyDraft;
  dirty: (id: number) => boolean;
  creating: boolean;
  onSelect: (id: number) => void;
  onCreate: () => void;
};

/**
 * The bot's surveys, one button each (name, status, question and response counts; the selected
 * one marked with `aria-current`), and New Survey. A survey with unsaved edits says so, since
 * those edits stay with it while another survey is open.
 */
export function SurveyList({ surveys, selectedId, draftOf, dirty, creating, onSelect, onCreate }: Props) {
  if (surveys.length === 0) return <NoSurveys creating={creating} onCreate={onCreate} />;
  return (
    <Card className="min-w-0 self-start p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Your Surveys</h2>
        <Button size="sm" onClick={onCreate} disabled={creating}>
          <Plus className="h-4 w-4" aria-hidden /> New Survey
        </Button>
      </div>
      <ul className="mt-4 space-y-2" aria-label="Surveys">
        {surveys.map((survey) => {
          const draft = draftOf(survey);
          const selected = survey.id === selectedId;
          const questions = draft.surveyConfig.questions.length;
          return (
            <li key={survey.id}>
              <button
                type="button"
                onClick={() => onSelect(survey.id)}
                aria-current={selected ? 'true' : undefined}
                data-testid="survey-list-item"
                className={cn(
                  'w-full rounded-lg border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                  selected
                    ? 'border-blue-500 bg-blue-50 dark:border-blue-400 dark:bg-blue-500/10'
                    : 'border-slate-200 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/60',
                )}
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="min-w-0 break-words font-medium">{draft.name.trim() || 'Untitled survey'}</span>
                  <Badge tone={SURVEY_STATUS_TONES[survey.status]} className="shrink-0">
                    {SURVEY_STATUS_LABELS[survey.status]}
                  </Badge>
                </span>
                <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
                  {plural(questions, 'question')} · {plural(survey.responseCount, 'response')}
                  {dirty(survey.id) && <span className="text-amber-700 dark:text-amber-400"> · Unsaved</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function NoSurveys({ creating, onCreate }: { creating: boolean; onCreate: () => void }) {
  return (
    <Card className="flex flex-col items-center p-10 text-center lg:col-span-2" data-testid="no-surveys">
      <ClipboardList className="h-10 w-10 text-blue-500" aria-hidden />
      <h2 className="mt-4 text-lg font-semibold">No surveys yet</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
        Create a survey and your chatbot asks its questions right in the chat: start it from a home-screen topic and read the answers in Survey Analytics.
      </p>
      <Button className="mt-6" onClick={onCreate} disabled={creating}>
        <Plus className="h-4 w-4" aria-hidden /> New Survey
      </Button>
    </Card>
  );
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
