import { OTHER_OPTION_ID, type QuestionAnalytics } from '@parley/contracts';
import { Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Rectangle, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { Button } from '../../components/Button';
import { FigureTable } from '../analytics/ChartCard';
import { AXIS, ChartTooltip } from '../analytics/ChartTooltip';

/** Bar colours, readable on the light and the dark background alike; Other stands apart from the owner's options. */
const FILL = { option: '#6366f1', other: '#f59e0b', rating: '#2563eb' } as const;

type ChartBar = { label: string; count: number; other: boolean };

/**
 * A question's answers as bars: one per option (Other included) of a choice question, one per
 * value of a rating scale. Text questions have none. The drawing is named and described for
 * screen readers, and "Show as table" swaps it for a captioned table of the same counts.
 */
export function QuestionChart({ question, number }: { question: QuestionAnalytics; number: number }) {
  const [asTable, setAsTable] = useState(false);
  const captionId = useId();
  const figure = chartOf(question);
  if (!figure) return null;
  const caption = `Question ${number}: ${figure.what}`;
  const summary = figure.bars.map((b) => `${b.label}: ${b.count}`).join(', ');
  return (
    <figure className="min-w-0" aria-labelledby={captionId} data-testid="question-chart">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption id={captionId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {caption}
        </figcaption>
        <Button variant="ghost" size="sm" aria-pressed={asTable} aria-label={`Show as table: question ${number}`} onClick={() => setAsTable((v) => !v)}>
          <Table2 className="h-4 w-4" aria-hidden /> Show as table
        </Button>
      </div>
      <div className="mt-2">
        {asTable ? (
          <FigureTable caption={caption} columns={[{ label: figure.axis }, { label: 'Responses', numeric: true }]} rows={figure.bars.map((b) => [b.label, String(b.count)])} />
        ) : figure.horizontal ? (
          <div className="text-slate-500 dark:text-slate-400">
            <BarChart data={figure.bars} layout="vertical" responsive style={{ width: '100%', height: 28 * figure.bars.length + 40 }} margin={{ top: 4, right: 16, bottom: 0, left: 0 }} title={caption} desc={summary}>
              <CartesianGrid className="text-slate-200 dark:text-slate-800" stroke="currentColor" strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} {...AXIS} />
              <YAxis type="category" dataKey="label" width={112} tickFormatter={shorten} {...AXIS} />
              <Tooltip content={(props) => <ChartTooltip {...props} />} cursor={{ fillOpacity: 0.1 }} />
              <Bar dataKey="count" name="Responses" isAnimationActive={false} shape={(props: BarShapeProps) => <Rectangle {...props} radius={[0, 3, 3, 0]} fill={barFill(props)} />} />
            </BarChart>
          </div>
        ) : (
          <div className="text-slate-500 dark:text-slate-400">
            <BarChart data={figure.bars} responsive style={{ width: '100%', height: 200 }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} title={caption} desc={summary}>
              <CartesianGrid className="text-slate-200 dark:text-slate-800" stroke="currentColor" strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" {...AXIS} />
              <YAxis allowDecimals={false} {...AXIS} />
              <Tooltip content={(props) => <ChartTooltip {...props} formatLabel={(v) => `Rating ${v}`} />} cursor={{ fillOpacity: 0.1 }} />
              <Bar dataKey="count" name="Responses" fill={FILL.rating} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </div>
        )}
      </div>
    </figure>
  );
}

/** What a question's chart draws, or null when it has none (text questions). */
function chartOf(question: QuestionAnalytics): { what: string; axis: string; horizontal: boolean; bars: ChartBar[] } | null {
  if ((question.questionType === 'single_choice' || question.questionType === 'multiple_choice') && question.options?.length) {
    return {
      what: 'responses per option',
      axis: 'Option',
      horizontal: true,
      bars: question.options.map((o) => ({ label: o.text, count: o.count, other: o.id === OTHER_OPTION_ID })),
    };
  }
  if (question.questionType === 'rating' && question.rating) {
    const { minValue, maxValue, distribution } = question.rating;
    return {
      what: `responses per rating (${minValue} to ${maxValue})`,
      axis: 'Rating',
      horizontal: false,
      bars: distribution.map((d) => ({ label: String(d.value), count: d.count, other: false })),
    };
  }
  return null;
}

function barFill(props: BarShapeProps): string {
  return (props.payload as ChartBar | undefined)?.other ? FILL.other : FILL.option;
}

/** Option texts can be long; the axis shows their start (the tooltip, the list and the table show them whole). */
function shorten(text: string): string {
  return text.length > 16 ? `${text.slice(0, 15)}…` : text;
}
