import { useChatActions } from '../chat/ChatActions';

/** Suggested replies (strings or `{text, action}`); one click sends it and they go away. */
export function QuickReplies({ replies, messageKey }: { replies: unknown; messageKey: string }) {
  const chat = useChatActions();
  const list = (Array.isArray(replies) ? replies : [])
    .map((r) => (typeof r === 'string' ? { text: r } : (r as { text?: unknown; action?: unknown }) ?? {}))
    .filter((r): r is { text: string; action?: string } => typeof r.text === 'string' && r.text.trim() !== '');
  const key = `${messageKey}:quick`;
  if (!list.length || chat.answers[key] !== undefined) return null;
  return (
    <div className="cw-quick" role="group" aria-label="Suggested replies">
      {list.map((reply) => (
        <button
          key={reply.text}
          type="button"
          className="cw-chip"
          disabled={chat.disabled}
          onClick={() => {
            chat.setAnswer(key, reply.text);
            chat.send(reply.text, typeof reply.action === 'string' ? reply.action : undefined);
          }}
        >
          {reply.text}
        </button>
      ))}
    </div>
  );
}
