import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Badge } from '../../components/Badge';
import { PageSpinner } from '../../components/Spinner';
import { ToolPageFrame } from '../../components/ToolPageFrame';
import type { Chatbot } from '../../lib/api';
import { usePageMeta } from '../../lib/usePageMeta';
import { ChatbotNotFound } from './ChatbotNotFound';
import { useChatbot } from './useChatbot';

type Props = {
  title: (bot: Chatbot) => string;
  /** Omitted when the page draws its own `ToolPageFrame` (its header shows the page's state). */
  subtitle?: (bot: Chatbot) => ReactNode;
  children: (bot: Chatbot) => ReactNode;
  notFoundAction?: 'access' | 'edit';
};

/**
 * Every per-chatbot tool page: loads the bot by guid (spinner, then "Chatbot Not Found" for a
 * missing or foreign bot) and frames it with Back to Dashboard, the heading, the Active badge
 * and the subtitle. A page whose header shows its own state (a badge, buttons) leaves out the
 * subtitle and draws the `ToolPageFrame` itself.
 */
export function ChatbotToolPage({ title, subtitle, children, notFoundAction }: Props) {
  const { guid } = useParams();
  const bot = useChatbot(guid);
  usePageMeta({ title: bot.data ? `${title(bot.data)} - Parley` : 'Parley' });
  if (bot.isLoading) return <PageSpinner />;
  if (bot.notFound || !bot.data) return <ChatbotNotFound action={notFoundAction ?? 'access'} />;
  if (!subtitle) return children(bot.data);
  return (
    <ToolPageFrame
      title={title(bot.data)}
      badge={<Badge tone={bot.data.isActive ? 'green' : 'gray'}>{bot.data.isActive ? 'Active' : 'Inactive'}</Badge>}
      subtitle={subtitle(bot.data)}
    >
      {children(bot.data)}
    </ToolPageFrame>
  );
}
