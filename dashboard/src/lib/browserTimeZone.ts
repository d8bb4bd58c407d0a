/** The zone of the owner's browser: days and hours are counted on their own clock. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
