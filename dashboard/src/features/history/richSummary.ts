/**
 * A rich bot message (menu, card, form, ...) as the owner reads it in history: a short line
 * saying what the visitor was shown, plus the choice they made when one was recorded. The
 * metadata comes from the model or the owner, so every field is read defensively.
 */
export function richSummary(messageType: string, metadata: unknown): string[] {
  const meta = (metadata && typeof metadata === 'object' ? metadata : {}) as Record<string, unknown>;
  const lines: string[] = [];
  const title = str(meta.title);
  switch (messageType) {
    case 'menu':
    case 'multiselect_menu':
      push(lines, 'Options', labels(meta.options));
      break;
    case 'card':
      if (title) lines.push(`Card: ${title}`);
      if (str(meta.description)) lines.push(str(meta.description));
      push(lines, 'Buttons', labels(meta.buttons));
      break;
    case 'form':
      if (title) lines.push(`Form: ${title}`);
      push(lines, 'Fields', labels(meta.formFields));
      break;
    case 'rating': {
      const min = num(meta.minValue) ?? 1;
      const max = num(meta.maxValue) ?? 5;
      lines.push(`Rating ${min}-${max}${meta.ratingType === 'numeric' ? '' : ' stars'}`);
      break;
    }
    case 'image':
      lines.push(`Image${title ? `: ${title}` : ''}`);
      break;
    case 'table': {
      const rows = Array.isArray(meta.rows) ? meta.rows.length : 0;
      const columns = labels(meta.headers ?? meta.columns);
      lines.push(`Table${title ? `: ${title}` : ''}${rows ? ` (${rows} row${rows === 1 ? '' : 's'})` : ''}`);
      push(lines, 'Columns', columns);
      break;
    }
  }
  push(lines, 'Quick replies', labels(meta.quickReplies));
  const selection = meta.selection as { optionText?: unknown; optionId?: unknown } | null | undefined;
  const chosen = selection && typeof selection === 'object' ? str(selection.optionText) || str(selection.optionId) : '';
  if (chosen) lines.push(`Selected: ${chosen}`);
  return lines;
}

/**
 * The instruction behind a visitor's click (a menu choice or survey topic), stored as
 * `metadata.internalMessage`, so the owner sees what the bot was really asked; '' when there is
 * none or it only repeats the visible words.
 */
export function internalMessageOf(content: string, metadata: unknown): string {
  const meta = (metadata && typeof metadata === 'object' ? metadata : {}) as Record<string, unknown>;
  const internal = typeof meta.internalMessage === 'string' ? meta.internalMessage.trim() : '';
  return internal && internal !== content.trim() ? internal : '';
}

/** The readable names of option-like values (strings or objects with text/label/title/id). */
function labels(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((raw) => {
      if (typeof raw === 'string' || typeof raw === 'number') return String(raw);
      if (!raw || typeof raw !== 'object') return '';
      const o = raw as Record<string, unknown>;
      return str(o.text) || str(o.label) || str(o.title) || str(o.name) || str(o.id);
    })
    .filter(Boolean);
}

function push(lines: string[], label: string, values: string[]) {
  if (values.length) lines.push(`${label}: ${values.join(', ')}`);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
