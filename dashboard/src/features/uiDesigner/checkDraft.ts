import type { HomeScreenConfig } from '@parley/contracts';
import { homeScreenConfigSchema, issueLine, storedHomeScreenConfigSchema } from '@parley/contracts/schemas';

export const INVALID_JSON_MESSAGE = 'Please check your JSON syntax before saving.';
/** How many schema problems the Code tab lists under the JSON. */
const MAX_LISTED_PROBLEMS = 5;

/** The Code tab's result of reading its JSON text. */
type DraftCheck =
  | { ok: true; config: HomeScreenConfig }
  | { ok: false; kind: 'json'; problems: string[] }
  | { ok: false; kind: 'config'; problems: string[] };

/**
 * Reads the owner's JSON: it must parse, then pass the schema the server saves with, bounds
 * (depth, size) included, so a draft the save would refuse never reaches the preview. The
 * config returned is the schema's output (defaults filled in): what the preview shows is
 * exactly what a save stores.
 */
export function checkDraft(text: string): DraftCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, kind: 'json', problems: [INVALID_JSON_MESSAGE] };
  }
  // The server reads null as "no home screen"; in the Code tab it is not a design.
  const parsed = raw === null ? homeScreenConfigSchema.safeParse(raw) : storedHomeScreenConfigSchema.safeParse(raw);
  if (parsed.success && parsed.data) return { ok: true, config: parsed.data };
  const issues = parsed.error?.issues ?? [];
  return { ok: false, kind: 'config', problems: issues.slice(0, MAX_LISTED_PROBLEMS).map(issueLine) };
}

/** The text the Code tab shows for a config ('' without one). */
export function formatConfig(config: HomeScreenConfig | null): string {
  return config ? JSON.stringify(config, null, 2) : '';
}
