import { safeUrl } from '../lib/safeUrl';

/** Footer text and optional links (`links: [{text|title, url}]`), pinned to the bottom. */
export function HomeFooter({ props, apiUrl }: { props: Record<string, unknown>; apiUrl?: string }) {
  const text = [props.text, props.title, props.subtitle].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const links = (Array.isArray(props.links) ? props.links : [])
    .map((l) => (l ?? {}) as { text?: unknown; title?: unknown; url?: unknown })
    .map((l) => ({ label: String(l.text ?? l.title ?? ''), url: safeUrl(l.url, apiUrl) }))
    .filter((l) => l.label && l.url);
  if (!text && !links.length) return null;
  return (
    <div className="cw-home-footer">
      {text ? <p>{text}</p> : null}
      {links.map((l) => (
        <a key={`${l.label}:${l.url}`} href={l.url!} target="_blank" rel="noopener noreferrer">
          {l.label}
        </a>
      ))}
    </div>
  );
}
