import { useChatActions } from '../chat/ChatActions';
import { Markdown, MarkdownTable } from '../markdown/Markdown';
import type { BotContentProps } from './types';

/**
 * A table from metadata (`headers` or `columns`, `rows` as arrays or objects, optional `title`);
 * without table metadata the content is rendered as Markdown, which may hold a GFM table.
 */
export function TableMessage({ content, metadata }: BotContentProps) {
  const { apiUrl } = useChatActions();
  const table = tableFromMetadata(metadata);
  if (!table) return <Markdown text={content} baseUrl={apiUrl} />;
  return (
    <div className="cw-table-msg">
      {content ? <Markdown text={content} baseUrl={apiUrl} /> : null}
      <MarkdownTable head={table.head} rows={table.rows} base={apiUrl} caption={table.title} />
    </div>
  );
}

export function tableFromMetadata(metadata: Record<string, unknown>): { head: string[]; rows: string[][]; title?: string } | null {
  const rawRows = Array.isArray(metadata.rows) ? (metadata.rows as unknown[]) : null;
  if (!rawRows) return null;
  const columns = (Array.isArray(metadata.headers) ? metadata.headers : Array.isArray(metadata.columns) ? metadata.columns : []) as unknown[];
  const keys = columns.map((c) => (c && typeof c === 'object' ? String((c as { key?: unknown }).key ?? (c as { label?: unknown }).label ?? '') : String(c)));
  const head = columns.map((c) => (c && typeof c === 'object' ? String((c as { label?: unknown }).label ?? (c as { key?: unknown }).key ?? '') : String(c)));
  const objectRows = rawRows.some((r) => r && typeof r === 'object' && !Array.isArray(r));
  if (objectRows && !keys.length) {
    for (const r of rawRows) for (const k of Object.keys((r as object) ?? {})) if (!keys.includes(k)) {
          keys.push(k);
          head.push(k);
        }
  }
  const rows = rawRows.map((r) =>
    Array.isArray(r) ? r.map(cell) : r && typeof r === 'object' ? keys.map((k) => cell((r as Record<string, unknown>)[k])) : [cell(r)],
  );
  return { head, rows, title: typeof metadata.title === 'string' ? metadata.title : undefined };
}

function cell(value: unknown): string {
  return value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}
