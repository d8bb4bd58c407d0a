import { SURVEY_MESSAGES, SURVEY_RESPONSES_SHOWN, type QuestionAnalytics } from '@parley/contracts';
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { QUESTION_TYPE_LABELS } from '../surveys/surveyLabels';
import { ClampedAnswer } from './ClampedAnswer';
import { QuestionChart } from './QuestionChart';

/**
 * One question of a survey: how many counted responses answered it, its most frequent answers
 * (three, then "+ N more", which opens the rest of the list) and, for choice and rating
 * questions, a chart of the counts.
 */
export function QuestionAnalyticsRow({ question, number }: { question: QuestionAnalytics; number: number }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const { responses, distinctResponses, responseCount, rating } = question;
  const more = Math.max(0, distinctResponses - SURVEY_RESPONSES_SHOWN);
  const shown = expanded ? responses : responses.slice(0, SURVEY_RESPONSES_SHOWN);
  // The API lists the most frequent answers only; the rest are in the CSV export.
  const unlisted = Math.max(0, distinctResponses - responses.length);

  return (
    <li className="min-w-0 py-5 first:pt-0 last:pb-0" data-testid="question-analytics">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 font-medium break-words">
          <span className="text-slate-500 dark:text-slate-400">{number}.</span> {question.questionText}
        </h3>
        <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="question-meta">
          {QUESTION_TYPE_LABELS[question.questionType]} · {responseCount === 1 ? '1 response' : `${responseCount.toLocaleString('en-US')} responses`}
        </p>
      </div>
      {responseCount === 0 ? (
        <p className="mt-2 text-sm text-slate-500 italic dark:text-slate-400">{SURVEY_MESSAGES.noResponses}</p>
      ) : (
        <div className="mt-3 grid gap-6 lg:grid-cols-2">
          <div className="min-w-0">
            {rating && rating.average !== null && (
              <p className="mb-2 text-sm" data-testid="rating-average">
                Average rating: <span className="font-semibold tabular-nums">{rating.average.toLocaleString('en-US', { maximumFractionDigits: 2 })}</span> of {rating.maxValue}
              </p>
            )}
            <ul id={listId} aria-label={`Answers to question ${number}`} className="space-y-1.5" data-testid="question-responses">
              {shown.map((r) => (
                <li key={r.value} className="flex items-start justify-between gap-3 rounded-md bg-slate-50 px-3 py-1.5 text-sm dark:bg-slate-800/60">
                  <ClampedAnswer text={r.value} />
                  <span className="shrink-0 font-semibold tabular-nums">
                    {r.count.toLocaleString('en-US')}
                    <span className="sr-only">{r.count === 1 ? ' response' : ' responses'}</span>
                  </span>
                </li>
              ))}
            </ul>
            {more > 0 && (
              <Button variant="ghost" size="sm" className="mt-1 -ml-2" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((v) => !v)}>
                {expanded ? 'Show fewer' : `+ ${more.toLocaleString('en-US')} more`}
              </Button>
            )}
            {expanded && unlisted > 0 && (
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                {unlisted === 1 ? '1 less frequent answer is' : `${unlisted.toLocaleString('en-US')} less frequent answers are`} in the CSV export.
              </p>
            )}
          </div>
          <QuestionChart question={question} number={number} />
        </div>
      )}
    </li>
  );
}
