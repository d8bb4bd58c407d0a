import { SURVEY_CHAT_TEXTS } from '@parley/contracts';

/**
 * "Question 2 of 4" and a thin bar, above a survey question when the survey shows progress.
 * Nothing for figures that make no sense (metadata is stored JSON).
 */
export function SurveyProgress({ current, total }: { current: unknown; total: unknown }) {
  if (!isCount(total) || !isCount(current) || current > total) return null;
  const label = SURVEY_CHAT_TEXTS.progress(current, total);
  return (
    <div className="cw-progress">
      <p className="cw-progress-text">{label}</p>
      <div className="cw-progress-bar" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={current} aria-label={label}>
        <span style={{ width: `${(current / total) * 100}%` }} />
      </div>
    </div>
  );
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}
