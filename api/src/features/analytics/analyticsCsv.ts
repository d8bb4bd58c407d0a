import { WEEKDAYS, type AnalyticsRange, type ChatbotAnalytics } from '@parley/contracts';
import { attachment, fileSlug } from '../../lib/attachment';
import { toCsv } from '../../lib/toCsv';

/**
 * The analytics page as one CSV file: a heading block (bot, period, zone), then one section per
 * figure, each a title row, a header row and its rows, sections apart by an empty row. Rates are
 * percentages with one decimal ("12.5%"), empty when there was nothing to divide by.
 */
export function analyticsCsv(botName: string, analytics: ChatbotAnalytics): string {
  const { range, totals, answers, resolution, feedback } = analytics;
  const hours = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
  return toCsv([
    ['Analytics', botName],
    ['From', range.from],
    ['To', range.to],
    ['Time zone', range.tz],
    ['Note', 'Test-page chats are not counted'],
    [],
    ['Summary'],
    ['Figure', 'Count', 'Rate'],
    ['Conversations', String(totals.conversations), ''],
    ['Messages', String(totals.messages), ''],
    ['Visitor questions', String(totals.visitorQuestions), ''],
    ['Answered', String(answers.answered), percent(answers.answeredRate)],
    ['Fallback', String(answers.fallback), percent(answers.fallbackRate)],
    ['Assumed resolution', String(resolution.assumed.count), percent(resolution.assumed.rate)],
    ['Confirmed resolution', String(resolution.confirmed.count), percent(resolution.confirmed.rate)],
    ['Thumbs up', String(feedback.up), ''],
    ['Thumbs down', String(feedback.down), ''],
    ['Leads captured', String(analytics.leads), ''],
    ['Unanswered questions', String(analytics.unansweredQuestions), ''],
    [],
    ['Daily'],
    ['Date', 'Conversations', 'Messages'],
    ...analytics.daily.map((d) => [d.date, String(d.conversations), String(d.messages)]),
    [],
    ['Busiest hours'],
    ['Hour', 'Visitor questions'],
    ...analytics.busiestHours.map((h) => [`${hours[h.hour]}:00`, String(h.questions)]),
    [],
    ['Visitor questions by weekday and hour'],
    ['Weekday', ...hours],
    ...analytics.weekdayHours.map((row, i) => [WEEKDAYS[i], ...row.map(String)]),
    [],
    ['Top questions'],
    ['Rank', 'Question', 'Times asked', 'Wordings'],
    ...analytics.topQuestions.map((q, i) => [String(i + 1), q.question, String(q.count), q.wordings.map((w) => `${w.text} (${w.count})`).join('\n')]),
    [],
    ['Most cited sources'],
    ['Rank', 'Title', 'URL', 'Answers citing it'],
    ...analytics.topSources.map((s, i) => [String(i + 1), s.title ?? '', s.url ?? '', String(s.count)]),
  ]);
}

/** `Content-Disposition` of the export: `<bot name as a file slug>-analytics-<from>-<to>.csv`. */
export function analyticsDisposition(botName: string, range: Pick<AnalyticsRange, 'from' | 'to'>): string {
  return attachment(`${fileSlug(botName)}-analytics-${range.from}-${range.to}.csv`);
}

const percent = (rate: number | null) => (rate === null ? '' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`);
