import { Legend, Pie, PieChart, Tooltip } from 'recharts';
import { ChartTooltip, SERIES } from './ChartTooltip';
import { ChartCard, FigureTable } from './ChartCard';
import { formatCount, formatRate } from './analyticsFormat';
import type { Analytics } from './useAnalytics';

/** How the bot's answers ended: a real answer, or the fallback message. */
export function AnswersChart({ answers }: { answers: Analytics['answers'] }) {
  const slices = [
    { name: 'Answered', value: answers.answered, rate: answers.answeredRate, fill: SERIES.answered },
    { name: 'Fallback', value: answers.fallback, rate: answers.fallbackRate, fill: SERIES.fallback },
  ];
  const total = answers.answered + answers.fallback;
  return (
    <ChartCard
      title="Answered vs fallback"
      description="Answers the bot wrote, and how many were its fallback message."
      testId="chart-answers"
      chart={
        total === 0 ? (
          <p className="py-16 text-center text-sm text-slate-500 dark:text-slate-400">No answers in this period</p>
        ) : (
          <div className="text-slate-500 dark:text-slate-400">
            <PieChart responsive style={{ width: '100%', height: 260 }}>
              <Pie data={slices} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="85%" paddingAngle={2} stroke="none" isAnimationActive={false} />
              <Tooltip content={(props) => <ChartTooltip {...props} />} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
            </PieChart>
          </div>
        )
      }
      table={
        <FigureTable
          caption="Answers by outcome"
          columns={[{ label: 'Outcome' }, { label: 'Answers', numeric: true }, { label: 'Share', numeric: true }]}
          rows={slices.map((s) => [s.name, formatCount(s.value), formatRate(s.rate)])}
        />
      }
    />
  );
}
