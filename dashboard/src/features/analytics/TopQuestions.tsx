import { Card } from '../../components/Card';
import { formatCount } from './analyticsFormat';
import type { Analytics } from './useAnalytics';

/** The most asked questions, similar wordings counted together, with the other wordings visitors used. */
export function TopQuestions({ questions }: { questions: Analytics['topQuestions'] }) {
  return (
    <Card className="min-w-0 p-5" role="region" aria-labelledby="top-questions" data-testid="top-questions">
      <h2 id="top-questions" className="text-base font-semibold">
        Top questions
      </h2>
      <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">Similar wordings are counted as one question.</p>
      {questions.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No questions in this period</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {questions.map((q, i) => {
            const others = q.wordings.filter((w) => w.text !== q.question);
            return (
              <li key={q.wordings.map((w) => w.text).join('\n')} className="flex gap-3" data-testid="top-question">
                <span className="mt-0.5 w-5 shrink-0 text-right text-sm tabular-nums text-slate-500 dark:text-slate-400">{i + 1}.</span>
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium" data-testid="question-text">
                    {q.question}
                  </p>
                  {others.length > 0 && (
                    <p className="mt-0.5 break-words text-xs text-slate-500 dark:text-slate-400">
                      Also asked as: {others.map((w) => `“${w.text}” (${formatCount(w.count)})`).join(', ')}
                    </p>
                  )}
                </div>
                <span className="shrink-0 text-sm font-semibold tabular-nums" data-testid="question-count">
                  {formatCount(q.count)}
                  <span className="sr-only"> times</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
