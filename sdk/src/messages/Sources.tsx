import { safeUrl } from '../lib/safeUrl';

/** The documents an answer was grounded on (`metadata.sources`), deduplicated. */
export function Sources({ sources, baseUrl }: { sources: unknown; baseUrl?: string }) {
  const seen = new Set<string>();
  const list: { title: string; url: string | null }[] = [];
  for (const s of Array.isArray(sources) ? sources : []) {
    const source = (s ?? {}) as { title?: unknown; url?: unknown };
    const url = safeUrl(source.url, baseUrl);
    const title = typeof source.title === 'string' && source.title.trim() ? source.title.trim() : url;
    if (!title || seen.has(url ?? title)) continue;
    seen.add(url ?? title);
    list.push({ title, url });
  }
  if (!list.length) return null;
  return (
    <div className="cw-sources">
      <span className="cw-sources-label">Sources</span>
      <ul>
        {list.map((s) => (
          <li key={`${s.title}:${s.url}`}>
            {s.url ? (
              <a href={s.url} target="_blank" rel="noopener noreferrer">
                {s.title}
              </a>
            ) : (
              s.title
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
