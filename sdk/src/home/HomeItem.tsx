import type { ReactNode } from 'react';
import type { HomeTopic } from '@parley/contracts';
import { safeUrl } from '../lib/safeUrl';

/**
 * One clickable home item: a link topic is an anchor opening its http(s) url in a new tab
 * (without access to this page); any other item is a button reporting the choice. A link whose
 * url is not http(s) draws nothing, so it can never become a javascript: href. With
 * `linkAsButton` (previews) a drawable link is a button reporting the choice instead, opening nothing.
 */
export function HomeItem({
  item,
  className,
  onSelect,
  apiUrl,
  linkAsButton = false,
  children,
}: {
  item: HomeTopic;
  className: string;
  onSelect: (item: HomeTopic) => void;
  apiUrl?: string;
  linkAsButton?: boolean;
  children: ReactNode;
}) {
  if (item.actionType === 'link') {
    const href = safeUrl(item.url, apiUrl);
    if (!href) return null;
    if (!linkAsButton) {
      return (
        <a className={className} href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    }
  }
  return (
    <button type="button" className={className} onClick={() => onSelect(item)}>
      {children}
    </button>
  );
}
