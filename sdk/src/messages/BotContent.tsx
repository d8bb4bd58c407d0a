import { useChatActions } from '../chat/ChatActions';
import { Markdown } from '../markdown/Markdown';
import { CardMessage } from './CardMessage';
import { FormMessage } from './FormMessage';
import { ImageMessage } from './ImageMessage';
import { MenuMessage } from './MenuMessage';
import { MultiselectMessage } from './MultiselectMessage';
import { RatingMessage } from './RatingMessage';
import { TableMessage } from './TableMessage';
import type { BotContentProps } from './types';

/** Picks the renderer for a messageType; `system` renders nothing, unknown types render as text. */
export function BotContent(props: BotContentProps & { messageType?: string }) {
  const { apiUrl } = useChatActions();
  switch (props.messageType) {
    case 'system':
      return null;
    case 'card':
      return <CardMessage {...props} />;
    case 'menu':
      return <MenuMessage {...props} />;
    case 'multiselect_menu':
      return <MultiselectMessage {...props} />;
    case 'rating':
      return <RatingMessage {...props} />;
    case 'image':
      return <ImageMessage {...props} />;
    case 'form':
      return <FormMessage {...props} />;
    case 'table':
      return <TableMessage {...props} />;
    default:
      // text and quickReplies: the replies themselves are drawn under the bubble by MessageView
      return props.content ? <Markdown text={props.content} baseUrl={apiUrl} /> : null;
  }
}
