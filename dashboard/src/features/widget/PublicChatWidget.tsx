import { useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { ChatWidgetElement } from './ChatWidgetElement';

/** The default public chatbot of the marketing site, floating bottom-right when it is active. */
export function PublicChatWidget() {
  const { data } = useQuery({
    queryKey: queryKeys.public.defaultChatbot,
    queryFn: () => unwrap(client.public['default-chatbot'].$get()),
    retry: false,
  });
  if (!data?.isActive) return null;
  // The marketing site's widget wears the site's own colours, whatever theme the default bot has.
  return <ChatWidgetElement chatbotId={String(data.guid ?? data.id)} position="bottom-right" primaryColor="#3b82f6" backgroundColor="#ffffff" textColor="#1f2937" />;
}
