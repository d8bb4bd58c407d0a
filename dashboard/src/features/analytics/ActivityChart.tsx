import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS, ChartTooltip, SERIES } from './ChartTooltip';
import { ChartCard, FigureTable } from './ChartCard';
import { formatCount, formatDay, formatShortDay } from './analyticsFormat';
import type { Analytics } from './useAnalytics';

/** Conversations and messages per day of the period. */
export function ActivityChart({ daily }: { daily: Analytics['daily'] }) {
  return (
    <ChartCard
      title="Conversations and messages"
      description="Per day: conversations started, and every message written."
      testId="chart-activity"
      chart={
        <div className="text-slate-500 dark:text-slate-400">
          <LineChart data={daily} responsive style={{ width: '100%', height: 260 }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid className="text-slate-200 dark:text-slate-800" stroke="currentColor" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={formatShortDay} minTickGap={24} {...AXIS} />
            <YAxis allowDecimals={false} {...AXIS} />
            <Tooltip content={(props) => <ChartTooltip {...props} formatLabel={(d) => formatDay(String(d))} />} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line type="monotone" dataKey="conversations" name="Conversations" stroke={SERIES.conversations} strokeWidth={2} dot={false} />
            <Line type="monotone" dataKey="messages" name="Messages" stroke={SERIES.messages} strokeWidth={2} dot={false} />
          </LineChart>
        </div>
      }
      table={
        <FigureTable
          caption="Conversations and messages per day"
          columns={[{ label: 'Day' }, { label: 'Conversations', numeric: true }, { label: 'Messages', numeric: true }]}
          rows={daily.map((d) => [formatDay(d.date), formatCount(d.conversations), formatCount(d.messages)])}
        />
      }
    />
  );
}
