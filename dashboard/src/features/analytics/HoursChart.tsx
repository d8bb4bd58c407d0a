import { WEEKDAYS } from '@parley/contracts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS, ChartTooltip, SERIES } from './ChartTooltip';
import { ChartCard, FigureTable, ScrollBox } from './ChartCard';
import { formatCount, formatHour } from './analyticsFormat';
import type { Analytics } from './useAnalytics';

/** Visitor questions per hour of the day, and per weekday and hour, on the owner's clock. */
export function HoursChart({ busiestHours, weekdayHours, tz }: Pick<Analytics, 'busiestHours' | 'weekdayHours'> & { tz: string }) {
  return (
    <ChartCard
      title="Busiest hours"
      description={`Visitor questions per hour of the day (${tz}).`}
      testId="chart-hours"
      chart={
        <div className="space-y-6">
          <div className="text-slate-500 dark:text-slate-400">
            <BarChart data={busiestHours} responsive style={{ width: '100%', height: 220 }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid className="text-slate-200 dark:text-slate-800" stroke="currentColor" strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="hour" tickFormatter={(h: number) => String(h)} interval="preserveStartEnd" minTickGap={8} {...AXIS} />
              <YAxis allowDecimals={false} {...AXIS} />
              <Tooltip content={(props) => <ChartTooltip {...props} formatLabel={(h) => formatHour(Number(h))} />} cursor={{ fillOpacity: 0.1 }} />
              <Bar dataKey="questions" name="Visitor questions" fill={SERIES.questions} radius={[3, 3, 0, 0]} />
            </BarChart>
          </div>
          <WeekdayHours weekdayHours={weekdayHours} />
        </div>
      }
      table={
        <FigureTable
          caption="Visitor questions per hour of the day"
          columns={[{ label: 'Hour' }, { label: 'Visitor questions', numeric: true }]}
          rows={busiestHours.map((h) => [formatHour(h.hour), formatCount(h.questions)])}
        />
      }
    />
  );
}

/**
 * Questions by weekday and hour as a heat map. It is a real table (each cell holds its number),
 * tinted by how busy the hour was.
 */
function WeekdayHours({ weekdayHours }: Pick<Analytics, 'weekdayHours'>) {
  const busiest = Math.max(1, ...weekdayHours.flat());
  return (
    <ScrollBox label="Visitor questions by weekday and hour">
      <table className="w-full border-separate border-spacing-px text-[10px]" data-testid="weekday-hours">
        <caption className="mb-1 text-left text-xs font-medium text-slate-500 dark:text-slate-400">Visitor questions by weekday and hour</caption>
        <thead>
          <tr>
            <td />
            {weekdayHours[0].map((_, hour) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the hour
              <th key={hour} scope="col" className="font-normal text-slate-500 dark:text-slate-400">
                {hour}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weekdayHours.map((row, day) => (
            <tr key={WEEKDAYS[day]}>
              <th scope="row" className="pr-1 text-left font-normal text-slate-500 dark:text-slate-400">
                <abbr title={WEEKDAYS[day]} className="no-underline">
                  {WEEKDAYS[day].slice(0, 3)}
                </abbr>
              </th>
              {row.map((n, hour) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the index is the hour
                  key={hour}
                  className="h-5 min-w-[1.125rem] rounded-sm text-center tabular-nums text-slate-700 dark:text-slate-200"
                  style={{ backgroundColor: n ? `rgba(99, 102, 241, ${0.15 + (0.85 * n) / busiest})` : undefined }}
                >
                  {n || ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
