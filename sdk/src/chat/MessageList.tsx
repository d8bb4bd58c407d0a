import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Markdown } from '../markdown/Markdown';
import { MessageView, type ViewMessage } from '../messages/MessageView';
import { TypingDots } from '../messages/TypingDots';
import type { ChatMessage } from '@parley/contracts';
import { useChatActions } from './ChatActions';
import type { ChatStatus } from './ChatController';

/** New content scrolls the list only when the visitor is this close to the bottom. */
export const AUTO_SCROLL_THRESHOLD_PX = 200;

export function isNearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= AUTO_SCROLL_THRESHOLD_PX;
}

export interface MessageListProps {
  messages: ViewMessage[];
  drafts?: { id: string; content: string }[];
  /** While `sending` or `streaming`, the typing dots show unless text is being written. */
  status?: ChatStatus;
  welcomeMessage?: string | null;
  avatarUrl?: string | null;
  botName?: string;
}

/**
 * The conversation log: announced politely to screen readers, keyboard-scrollable, following
 * new content only while the visitor reads near the bottom.
 */
export function MessageList({ messages, drafts = [], status, welcomeMessage, avatarUrl, botName }: MessageListProps) {
  const { apiUrl } = useChatActions();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const follow = useRef(true);

  const stick = useCallback(() => {
    const el = scroller.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, []);
  const typing = status === 'sending' || status === 'streaming';
  // biome-ignore lint/correctness/useExhaustiveDependencies: new messages, drafts or the typing dots are what moves the bottom
  useLayoutEffect(stick, [stick, messages, drafts, typing]);
  // Chunk reveals and images change the height without a new message.
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined' || !content.current) return;
    const observer = new ResizeObserver(stick);
    observer.observe(content.current);
    return () => observer.disconnect();
  }, [stick]);

  const visible = visibleMessages(messages);
  return (
    <div
      ref={scroller}
      className="cw-messages"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label="Messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must be able to focus it
      tabIndex={0}
      onScroll={() => {
        if (scroller.current) follow.current = isNearBottom(scroller.current);
      }}
    >
      <div ref={content} className="cw-messages-inner">
        {!visible.length && welcomeMessage ? (
          <MessageView
            message={{ id: 'welcome', sessionId: '', content: welcomeMessage, sender: 'bot', messageType: 'text', createdAt: '' }}
            avatarUrl={avatarUrl}
            botName={botName}
          />
        ) : null}
        {visible.map((message) => (
          <MessageView key={String(message.id)} message={message} avatarUrl={avatarUrl} botName={botName} />
        ))}
        {drafts.map((draft) => (
          <div className="cw-msg is-bot" key={`draft-${draft.id}`}>
            <div className="cw-stack">
              <div className="cw-bubble is-draft">
                <Markdown text={draft.content} baseUrl={apiUrl} />
              </div>
            </div>
          </div>
        ))}
        {typing && !drafts.length ? <TypingDots /> : null}
      </div>
    </div>
  );
}

/** What the log shows and the Chat tab's badge counts: every message but system ones. */
export function visibleMessages<T extends ChatMessage>(messages: T[]): T[] {
  return messages.filter((m) => m.messageType !== 'system');
}
