/** How the analytics page writes its numbers, rates, days and hours (English, like the rest of the dashboard). */

const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** "85.7%", or an en dash when there was nothing to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : percentFormat.format(rate);
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** A `YYYY-MM-DD` day as the owner reads it: "Sat, Mar 9, 2024" (the date itself, in no zone). */
export function formatDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** A short axis label: "Mar 9". */
export function formatShortDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Mar 2 – Mar 31, 2024", the year written once when both days share it. */
export function formatPeriod(from: string, to: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const first = new Date(`${from}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC', ...(sameYear ? {} : { year: 'numeric' }) });
  const last = new Date(`${to}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return from === to ? last : `${first} – ${last}`;
}

/** "09:00" for hour 9. */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
