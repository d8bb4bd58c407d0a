import { useChatActions } from '../chat/ChatActions';
import { safeUrl } from '../lib/safeUrl';
import { Markdown } from '../markdown/Markdown';
import type { BotContentProps } from './types';

/** An http(s) image with its title as caption and alt text; other URLs are not loaded. */
export function ImageMessage({ content, metadata }: BotContentProps) {
  const { apiUrl } = useChatActions();
  const src = safeUrl(metadata.imageUrl, apiUrl);
  const title = typeof metadata.title === 'string' ? metadata.title : '';
  return (
    <figure className="cw-figure">
      {src ? <img src={src} alt={title || content || 'Image'} loading="lazy" /> : null}
      {title ? <figcaption>{title}</figcaption> : null}
      {content ? <Markdown text={content} baseUrl={apiUrl} /> : null}
    </figure>
  );
}
