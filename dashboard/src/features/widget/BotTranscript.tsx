import type { ChatMessage } from '@parley/contracts';
import { ChatTranscript, type TranscriptEntry } from '../../../../sdk/src/transcript/ChatTranscript';
import { ShadowRoot } from '../../components/ShadowRoot';
import type { Chatbot } from '../../lib/api';
import { botTheme } from '../chatbots/botTheme';

type Props = {
  bot: Chatbot;
  messages: ChatMessage[];
  /** Test ids (or other data attributes) for each drawn message or lead. */
  entryProps?: (entry: TranscriptEntry) => Record<`data-${string}`, string>;
  /** The shadow host's test id. */
  testId: string;
  className?: string;
};

/**
 * A conversation drawn read-only by the widget's own components in the bot's colours, inside a
 * shadow root so the widget's styles and the dashboard's stay apart: what the visitor sees.
 */
export function BotTranscript({ bot, messages, entryProps, testId, className }: Props) {
  const theme = botTheme(bot);
  return (
    <ShadowRoot data-testid={testId} className={className}>
      <ChatTranscript
        messages={messages}
        botName={bot.name}
        avatarUrl={bot.avatarUrl}
        apiUrl={window.location.origin}
        primaryColor={theme.Primary}
        backgroundColor={theme.Background}
        textColor={theme.Text}
        entryProps={entryProps}
      />
    </ShadowRoot>
  );
}
