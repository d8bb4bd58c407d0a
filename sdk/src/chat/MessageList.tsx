import { useEffect, useLayoutEffect, useRef } from 'react';
import { Markdown } from '../markdown/Markdown';
import { MessageView, TypingDots, type ViewMessage } from '../messages/MessageView';
import { useChatActions } from './ChatActions';

/** New content scrolls the list only when the visitor is this close to the bottom (spec §9). */
export const AUTO_SCROLL_THRESHOLD_PX = 200;

export function isNearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= AUTO_SCROLL_THRESHOLD_PX;
}

export interface MessageListProps {
  messages: ViewMessage[];
  drafts?: { id: string; content: string }[];
  typing?: boolean;
  welcomeMessage?: string | null;
  avatarUrl?: string | null;
  botName?: string;
}

/**
 * The conversation log: announced politely to screen readers, keyboard-scrollable, following
 * new content only while the visitor reads near the bottom.
 */
export function MessageList({ messages, drafts = [], typing, welcomeMessage, avatarUrl, botName }: MessageListProps) {
  const { apiUrl } = useChatActions();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const follow = useRef(true);

  const stick = () => {
    const el = scroller.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  };
  useLayoutEffect(stick, [messages, drafts, typing]);
  // Chunk reveals and images change the height without a new message.
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined' || !content.current) return;
    const observer = new ResizeObserver(stick);
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  const visible = messages.filter((m) => m.messageType !== 'system');
  return (
    <div
      ref={scroller}
      className="cw-messages"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label="Messages"
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
