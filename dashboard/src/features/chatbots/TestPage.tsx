import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/Card';
import { client, unwrap, type Chatbot } from '../../lib/api';
import { scriptTagSnippet, widgetUserId } from '../../lib/embedSnippets';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../auth/useAuth';
import { CodeBlock } from '../docs/CodeBlock';
import { ChatWidgetElement } from '../widget/ChatWidgetElement';
import { botTheme } from './botTheme';
import { ChatbotToolPage } from './ChatbotToolPage';
import { ModelNotice } from './ModelNotice';

/** A token lasts 12 hours; a page left open fetches a fresh one long before that. */
const TOKEN_REFRESH_MS = 6 * 3_600_000;

/** /chatbots/{guid}/test: configuration summary, widget URL, embed code and a live test chat. */
export function TestPage() {
  const { user } = useAuth();
  const origin = window.location.origin;
  return (
    <ChatbotToolPage title={(b) => `Test ${b.name}`} subtitle={() => 'Chat with your bot exactly as visitors will, before you embed it.'}>
      {(bot) => {
        const theme = botTheme(bot);
        const widgetUrl = `${origin}/widget/${widgetUserId(user?.id ?? '')}/${bot.guid}`;
        return (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <div className="space-y-6">
              <Card className="p-6">
                <h2 className="text-lg font-semibold">Configuration</h2>
                <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
                  {[
                    ['Model', bot.model],
                    ['Temperature', (bot.temperature / 10).toFixed(1)],
                    ['Max tokens', String(bot.maxTokens)],
                    ['Status', bot.isActive ? 'Active' : 'Inactive'],
                    ['Welcome message', bot.welcomeMessage || '—'],
                    ['Fallback message', bot.fallbackMessage || '—'],
                  ].map(([k, v]) => (
                    <div key={k}>
                      <dt className="text-slate-500 dark:text-slate-400">{k}</dt>
                      <dd className="mt-0.5 font-medium break-words">{v}</dd>
                    </div>
                  ))}
                </dl>
                <ModelNotice model={bot.model} />
              </Card>
              <Card className="space-y-4 p-6">
                <h2 className="text-lg font-semibold">Widget URL</h2>
                <CodeBlock label="Widget URL" code={widgetUrl} />
                <h2 className="text-lg font-semibold">Embed code</h2>
                <CodeBlock label="Embed code" code={scriptTagSnippet(origin, bot.guid)} />
              </Card>
            </div>
            <Card className="flex min-h-[32rem] flex-col p-6">
              <h2 className="text-lg font-semibold">Live test chat</h2>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                {bot.isActive ? 'The launcher opens in the corner of this page.' : 'This chatbot is inactive, so the widget does not appear. Activate it to test.'}
              </p>
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" data-testid="test-chat-note">
                Test chats are not counted against your monthly messages and are labelled Test in history.
              </p>
              {bot.isActive && <TestChat bot={bot} theme={theme} />}
            </Card>
          </div>
        );
      }}
    </ChatbotToolPage>
  );
}

/**
 * The widget with the owner's test token, so its chats are tests. It waits for the token: a
 * chat opened without one would be an ordinary, counted visitor session.
 */
function TestChat({ bot, theme }: { bot: Chatbot; theme: ReturnType<typeof botTheme> }) {
  const token = useQuery({
    queryKey: queryKeys.chatbots.testToken(bot.guid),
    queryFn: () => unwrap(client.chatbots[':guid']['test-token'].$post({ param: { guid: bot.guid } })),
    staleTime: TOKEN_REFRESH_MS,
    refetchInterval: TOKEN_REFRESH_MS,
    refetchOnWindowFocus: false,
  });
  if (token.isError) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
        Could not start a test chat. Reload the page to try again.
      </p>
    );
  }
  if (!token.data) return null;
  return (
    <ChatWidgetElement
      chatbotId={bot.guid}
      primaryColor={theme.Primary}
      backgroundColor={theme.Background}
      textColor={theme.Text}
      testToken={token.data.token}
    />
  );
}
