import { useChatActions } from '../chat/ChatActions';
import { Markdown } from '../markdown/Markdown';
import { TypingDots } from './TypingDots';
import type { BotContentProps } from './types';
import { useRichMessages } from './useRichMessages';

const RICH_TYPES = new Set(['card', 'menu', 'multiselect_menu', 'rating', 'image', 'form', 'table']);

/**
 * Picks the renderer for a messageType; `system` renders nothing, unknown types render as text.
 * The rich types come from a chunk fetched the first time one shows (typing dots meanwhile).
 */
export function BotContent(props: BotContentProps & { messageType?: string }) {
  const { apiUrl } = useChatActions();
  const rich = useRichMessages(RICH_TYPES.has(props.messageType ?? ''));
  if (props.messageType === 'system') return null;
  if (!RICH_TYPES.has(props.messageType ?? '')) {
    // text and quickReplies: the replies themselves are drawn under the bubble by MessageView
    return props.content ? <Markdown text={props.content} baseUrl={apiUrl} /> : null;
  }
  if (!rich) return <TypingDots label="Loading message" />;
  switch (props.messageType) {
    case 'card':
      return <rich.CardMessage {...props} />;
    case 'menu':
      return <rich.MenuMessage {...props} />;
    case 'multiselect_menu':
      return <rich.MultiselectMessage {...props} />;
    case 'rating':
      return <rich.RatingMessage {...props} />;
    case 'image':
      return <rich.ImageMessage {...props} />;
    case 'form':
      return <rich.FormMessage {...props} />;
    default:
      return <rich.TableMessage {...props} />;
  }
}
