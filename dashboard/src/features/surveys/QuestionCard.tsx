import { isChoiceQuestion, ratingBounds, type SurveyQuestion } from '@parley/contracts';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { QUESTION_TYPE_LABELS, RATING_TYPE_LABELS } from './surveyLabels';

type Props = {
  question: SurveyQuestion;
  /** 0-based position in the survey. */
  index: number;
  count: number;
  onEdit: () => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  /** Another question is being edited: one editor at a time. */
  editBlocked?: boolean;
};

/**
 * A question as the visitor will get it: its number, words, type, whether it must be answered,
 * and its choices or scale; with Edit, Move up, Move down and Delete. Each button's name says
 * which question it acts on, so a screen reader's button list stays clear.
 */
export function QuestionCard({ question, index, count, onEdit, onMove, onDelete, editBlocked }: Props) {
  const n = index + 1;
  const key = (action: string) => `${question.id}:${action}`;
  return (
    <Card className="p-4">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-blue-50 text-sm font-semibold text-blue-700 dark:bg-blue-500/10 dark:text-blue-300"
        >
          {n}
        </span>
        <div className="min-w-0 flex-1 space-y-2">
          <p className="font-medium break-words">
            <span className="sr-only">Question {n}: </span>
            {question.text}
          </p>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone="blue">{QUESTION_TYPE_LABELS[question.type] ?? question.type}</Badge>
            <Badge tone={question.required ? 'amber' : 'gray'}>{question.required ? 'Required' : 'Optional'}</Badge>
            {question.allowFreeChoice && isChoiceQuestion(question.type) && <Badge tone="purple">Other allowed</Badge>}
          </div>
          <QuestionDetails question={question} n={n} />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-1">
        <Button variant="outline" size="sm" aria-label={`Edit question ${n}`} data-focus={key('edit')} disabled={editBlocked} onClick={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden /> Edit
        </Button>
        <Button variant="ghost" size="sm" className="w-8 px-0" aria-label={`Move question ${n} up`} data-focus={key('up')} disabled={index === 0} onClick={() => onMove(-1)}>
          <ArrowUp className="h-4 w-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="w-8 px-0"
          aria-label={`Move question ${n} down`}
          data-focus={key('down')}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown className="h-4 w-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="w-8 px-0 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
          aria-label={`Delete question ${n}`}
          data-focus={key('delete')}
          onClick={onDelete}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </Card>
  );
}

/** The choices with any selection limits, or the rating scale. */
function QuestionDetails({ question, n }: { question: SurveyQuestion; n: number }) {
  const { metadata } = question;
  if (question.type === 'rating') {
    const { minValue, maxValue } = ratingBounds(metadata);
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Scale {minValue} to {maxValue} · {RATING_TYPE_LABELS[metadata?.ratingType ?? 'stars'] ?? metadata?.ratingType}
      </p>
    );
  }
  if (!question.options?.length) return null;
  const limits = [
    metadata?.minSelections !== undefined && `at least ${metadata.minSelections}`,
    metadata?.maxSelections !== undefined && `at most ${metadata.maxSelections}`,
  ].filter(Boolean);
  return (
    <>
      <ul aria-label={`Options of question ${n}`} className="list-inside list-disc space-y-0.5 text-sm text-slate-600 dark:text-slate-400">
        {question.options.map((option) => (
          <li key={option.id} className="break-words">
            {option.text}
          </li>
        ))}
      </ul>
      {question.type === 'multiple_choice' && limits.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">Choose {limits.join(', ')}</p>
      )}
    </>
  );
}
