import type { HomeScreenConfig } from '@parley/contracts';
import { formatConfig } from './checkDraft';

/**
 * Whether two configs say the same thing, whatever their key order or layout: the server
 * answers a saved config with its keys in schema order, which must not read as a change.
 */
export function sameConfig(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** Whether the Code tab's text says something other than `current`. */
export function draftDiffers(draft: string, current: HomeScreenConfig | null): boolean {
  if (draft === formatConfig(current)) return false;
  try {
    return !sameConfig(JSON.parse(draft), current);
  } catch {
    return true;
  }
}

function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}
