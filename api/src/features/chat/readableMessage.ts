import { leadOfMessage } from '@parley/contracts';

/**
 * A stored message as a person reads it in an export: what kind of message it was, in words,
 * and its text with what its rich parts showed (card, menu options, rating scale, table rows,
 * form fields) and what the visitor chose or sent. Metadata comes from the model, the owner or
 * the widget, so every field is read defensively.
 */
export function readableMessage(message: { messageType: string; content: string; metadata: Record<string, unknown> | null }): {
  type: string;
  text: string;
  sources: string;
} {
  const meta = message.metadata ?? {};
  const lead = leadLines(message);
  if (lead) return { type: 'Lead', text: lead.join('\n'), sources: '' };
  const lines = [message.content.trim(), ...richLines(message.messageType, meta)];
  for (const chunk of Array.isArray(meta.chunks) ? meta.chunks : []) {
    const c = record(chunk);
    if (typeof c.messageType === 'string' && c.messageType !== 'text') lines.push(...richLines(c.messageType, record(c.metadata)));
  }
  const replies = labels(meta.quickReplies);
  if (replies.length) lines.push(`Quick replies: ${replies.join(' | ')}`);
  return { type: TYPE_NAMES[message.messageType] ?? 'Text', text: lines.filter(Boolean).join('\n'), sources: sourcesText(meta.sources) };
}

const TYPE_NAMES: Record<string, string> = {
  text: 'Text',
  card: 'Card',
  menu: 'Menu',
  multiselect_menu: 'Multiple choice',
  rating: 'Rating',
  image: 'Image',
  quickReplies: 'Text with quick replies',
  form: 'Form',
  table: 'Table',
  system: 'Note',
};

/** A form the visitor sent: its title and each field's value. */
function leadLines(message: { messageType: string; metadata: Record<string, unknown> | null }): string[] | null {
  const lead = leadOfMessage(message);
  return lead && [`Form sent: ${lead.formTitle}`, ...lead.fields.map((f) => `${f.label}: ${f.value}`)];
}

function richLines(messageType: string, meta: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const title = str(meta.title);
  const chosen = chosenText(meta);
  switch (messageType) {
    case 'card':
      if (title) lines.push(`Card: ${title}`);
      if (str(meta.description)) lines.push(str(meta.description));
      pushList(lines, 'Buttons', labels(meta.buttons));
      break;
    case 'menu':
    case 'multiselect_menu':
      pushList(lines, 'Options', labels(meta.options));
      break;
    case 'rating': {
      const min = num(meta.minValue) ?? 1;
      const max = num(meta.maxValue) ?? 5;
      lines.push(`Rating from ${min} to ${max}${meta.ratingType === 'numeric' ? '' : ' stars'}`);
      break;
    }
    case 'image':
      lines.push(['Image', title, str(meta.imageUrl)].filter(Boolean).join(': '));
      break;
    case 'table':
      lines.push(...tableLines(meta));
      break;
    case 'form':
      if (title) lines.push(`Form: ${title}`);
      pushList(lines, 'Fields', labels(meta.formFields));
      break;
  }
  if (chosen) lines.push(messageType === 'rating' ? `Rated: ${chosen}` : `Chosen: ${chosen}`);
  return lines;
}

/** What the visitor picked, as recorded on the message: option texts rather than ids where known. */
function chosenText(meta: Record<string, unknown>): string {
  const options = [...optionList(meta.options), ...optionList(meta.buttons)];
  const textOf = (id: string) => options.find((o) => o.id === id)?.text ?? id;
  if (Array.isArray(meta.selectedOptions) && meta.selectedOptions.length) return meta.selectedOptions.map((id) => textOf(String(id))).join(', ');
  const selection = record(meta.selection);
  const id = str(selection.optionId);
  return str(selection.optionText) || (id ? textOf(id) : '');
}

function tableLines(meta: Record<string, unknown>): string[] {
  const title = str(meta.title);
  const head = labels(meta.headers ?? meta.columns);
  const keys = (Array.isArray(meta.headers ?? meta.columns) ? ((meta.headers ?? meta.columns) as unknown[]) : []).map((c) =>
    typeof c === 'object' && c ? str(record(c).key) || str(record(c).label) : String(c),
  );
  const rows = (Array.isArray(meta.rows) ? meta.rows : []).map((row) =>
    Array.isArray(row) ? row.map(cell) : typeof row === 'object' && row ? (keys.length ? keys : Object.keys(row)).map((k) => cell(record(row)[k])) : [cell(row)],
  );
  return [title && `Table: ${title}`, head.length ? head.join(' | ') : '', ...rows.map((r) => r.join(' | '))].filter(Boolean);
}

function sourcesText(sources: unknown): string {
  return (Array.isArray(sources) ? sources : [])
    .map((s) => {
      const source = record(s);
      const title = str(source.title);
      const url = str(source.url);
      return title && url && title !== url ? `${title} (${url})` : title || url;
    })
    .filter(Boolean)
    .join('; ');
}

function optionList(value: unknown): { id: string; text: string }[] {
  return (Array.isArray(value) ? value : []).flatMap((raw) => {
    if (typeof raw === 'string') return [{ id: raw, text: raw }];
    const o = record(raw);
    const text = str(o.text) || str(o.label) || str(o.title);
    return o.id === undefined ? [] : [{ id: String(o.id), text: text || String(o.id) }];
  });
}

/** The readable names of option-like values (strings or objects with text/label/title/name/id). */
function labels(value: unknown): string[] {
  return (Array.isArray(value) ? value : [])
    .map((raw) => {
      if (typeof raw === 'string' || typeof raw === 'number') return String(raw);
      const o = record(raw);
      return str(o.text) || str(o.label) || str(o.title) || str(o.name) || str(o.id);
    })
    .filter(Boolean);
}

function pushList(lines: string[], label: string, values: string[]) {
  if (values.length) lines.push(`${label}: ${values.join(' | ')}`);
}

function cell(value: unknown): string {
  return value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}
