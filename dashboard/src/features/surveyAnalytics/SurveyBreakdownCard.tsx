import { COMPLETION_RATE_HIGHLIGHT, formatCompletionRate, formatCompletionTime, type SurveyBreakdown } from '@parley/contracts';
import { CheckCircle2, Download } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '../../components/Badge';
import { ButtonAnchor } from '../../components/Button';
import { Card } from '../../components/Card';
import { SURVEY_STATUS_LABELS, SURVEY_STATUS_TONES } from '../surveys/surveyLabels';
import { QuestionAnalyticsRow } from './QuestionAnalyticsRow';
import { surveyCsvUrl } from './useSurveyAnalytics';

/** One survey's figures, its CSV download and the answers to each of its current questions. */
export function SurveyBreakdownCard({ survey }: { survey: SurveyBreakdown }) {
  const headingId = useId();
  const highlighted = survey.completionRate > COMPLETION_RATE_HIGHLIGHT;
  return (
    <Card className="min-w-0 p-5 sm:p-6" role="region" aria-labelledby={headingId} data-testid="survey-breakdown">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h2 id={headingId} className="min-w-0 text-xl font-semibold break-words">
            {survey.surveyName}
          </h2>
          <Badge tone={SURVEY_STATUS_TONES[survey.status]}>{SURVEY_STATUS_LABELS[survey.status]}</Badge>
        </div>
        <ButtonAnchor href={surveyCsvUrl(survey.surveyId)} download variant="outline" size="sm" aria-label={`Export CSV of ${survey.surveyName}`}>
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </ButtonAnchor>
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label="Responses" testId="survey-responses">
          {survey.totalResponses.toLocaleString('en-US')}
        </Figure>
        <Figure label="Completed" testId="survey-completed">
          {survey.completedResponses.toLocaleString('en-US')}
        </Figure>
        <Figure label="Completion rate" testId="survey-completion-rate">
          {/* Green marks a rate above 70%; the words say it too, for anyone who cannot tell the colour. */}
          <Badge tone={highlighted ? 'green' : 'gray'} className="text-sm">
            {highlighted && <CheckCircle2 className="h-3.5 w-3.5" aria-hidden />}
            {formatCompletionRate(survey.completionRate)}
            {highlighted && <span className="sr-only">, above {COMPLETION_RATE_HIGHLIGHT}%</span>}
          </Badge>
        </Figure>
        <Figure label="Avg. completion time" testId="survey-completion-time">
          {survey.completedResponses > 0 ? formatCompletionTime(survey.avgCompletionTime) : <NoneYet />}
        </Figure>
      </dl>

      <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
        {survey.questionAnalytics.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">This survey has no questions yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={`Questions of ${survey.surveyName}`}>
            {survey.questionAnalytics.map((question, i) => (
              <QuestionAnalyticsRow key={question.questionId} question={question} number={i + 1} />
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** No completed response, so no time to average: a dash, read out in words. */
function NoneYet() {
  return (
    <>
      <span aria-hidden>–</span>
      <span className="sr-only">No completed responses</span>
    </>
  );
}
