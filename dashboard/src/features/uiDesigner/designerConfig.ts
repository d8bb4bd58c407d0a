import type { HomeScreenConfig } from '@parley/contracts';
import { homeScreenConfigSchema } from '@parley/contracts/schemas';

export const INVALID_JSON_MESSAGE = 'Please check your JSON syntax before saving.';
/** How many schema problems the Code tab lists under the JSON. */
const MAX_LISTED_PROBLEMS = 5;

/** The Code tab's result of reading its JSON text. */
type DraftCheck =
  | { ok: true; config: HomeScreenConfig }
  | { ok: false; kind: 'json'; problems: string[] }
  | { ok: false; kind: 'config'; problems: string[] };

/** The text the Code tab shows for a config ('' without one). */
export function formatConfig(config: HomeScreenConfig | null): string {
  return config ? JSON.stringify(config, null, 2) : '';
}

/**
 * Reads the owner's JSON: it must parse, then pass the same schema the server saves with.
 * The config returned is the schema's output (defaults filled in), so what the preview shows
 * is exactly what a save stores.
 */
export function checkDraft(text: string): DraftCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, kind: 'json', problems: [INVALID_JSON_MESSAGE] };
  }
  const parsed = homeScreenConfigSchema.safeParse(raw);
  if (parsed.success) return { ok: true, config: parsed.data };
  const problems = parsed.error.issues
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message));
  return { ok: false, kind: 'config', problems };
}

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
