/** What every message-type renderer receives: one message or one chunk of a chunked message. */
export interface BotContentProps {
  content: string;
  metadata: Record<string, unknown>;
  /** Stable key of this message (or `{id}:{chunk}`) under which answers are remembered. */
  messageKey: string;
}
