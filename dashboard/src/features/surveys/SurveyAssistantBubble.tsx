import type { SurveyConfig } from '@parley/contracts';
import { Check, ClipboardList, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { cn } from '../../lib/cn';
import { toast } from '../toast/toastStore';
import { QUESTION_TYPE_LABELS } from './surveyLabels';
import type { SurveyAssistantLine } from './useSurveyAssistant';

/**
 * One line of the survey assistant conversation. A reply carrying a survey shows what it holds
 * and an "Apply to Survey" button that hands it to the builder; the builder's auto-save stores it,
 * so applying alone never writes anything.
 */
export function SurveyAssistantBubble({ message, onApply }: { message: SurveyAssistantLine; onApply: (config: SurveyConfig) => void }) {
  const mine = message.sender === 'user';
  const time = new Date(message.timestamp);
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="survey-assistant-message">
      <div
        className={cn(
          'max-w-[92%] min-w-0 rounded-2xl px-3 py-2 text-sm',
          mine ? 'bg-blue-600 text-white dark:bg-blue-500' : 'border border-slate-200 bg-white text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        )}
      >
        <div className={cn('flex items-center justify-between gap-3 text-xs', mine ? 'text-blue-50' : 'text-slate-500 dark:text-slate-400')}>
          <span className="font-medium">{mine ? 'You' : 'Assistant'}</span>
          <time dateTime={message.timestamp}>{time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</time>
        </div>
        {message.content.trim() && <p className="mt-1 break-words whitespace-pre-wrap">{message.content}</p>}
        {message.surveyConfig && <SurveySummary config={message.surveyConfig} onApply={onApply} />}
      </div>
    </li>
  );
}

function SurveySummary({ config, onApply }: { config: SurveyConfig; onApply: (config: SurveyConfig) => void }) {
  const [applied, setApplied] = useState(false);
  const count = config.questions.length;

  function apply() {
    onApply(config);
    setApplied(true);
    toast({ variant: 'success', title: 'Applied!', description: 'The survey now holds these questions; changes save automatically.' });
  }

  return (
    <div className="mt-2 space-y-2 border-t border-slate-200 pt-2 dark:border-slate-700" data-testid="proposed-survey">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="flex min-w-0 items-center gap-1.5 font-semibold break-words">
          <ClipboardList className="h-4 w-4 shrink-0 text-blue-600 dark:text-blue-400" aria-hidden /> {config.title}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{count === 1 ? '1 question' : `${count} questions`}</p>
      </div>
      {count > 0 && (
        <ol className="list-decimal space-y-1 pl-5 text-xs">
          {config.questions.map((q) => (
            <li key={q.id} className="break-words">
              {q.text} <span className="text-slate-500 dark:text-slate-400">({QUESTION_TYPE_LABELS[q.type] ?? q.type})</span>
            </li>
          ))}
        </ol>
      )}
      <Button size="sm" onClick={apply}>
        {applied ? <Check className="h-4 w-4" aria-hidden /> : <Wand2 className="h-4 w-4" aria-hidden />}
        {applied ? 'Applied' : 'Apply to Survey'}
      </Button>
    </div>
  );
}
