import type { ChatMessage, MessageType, SourceRef, StreamEvent } from '@parley/contracts';
import { addMessage, saveAnswer, updateMessage, type AnswerOutcome, type MessageDraft, type SessionRow } from './chat.service';
import { splitIntoChunks } from './splitIntoChunks';

const FLUSH_INTERVAL_MS = 200;

/** A bot message the turn adds besides the streamed answer (a form, a survey question). */
type BotMessageDraft = { content: string; messageType?: MessageType; metadata?: Record<string, unknown>; handoff?: MessageDraft['handoff'] };

/**
 * Writes the bot's side of a turn as it is produced. The streamed answer gets its row at the
 * first token and is saved again at most every 200 ms, so a visitor who disconnects (or a
 * crash) loses at most that much; each token also goes out as a `delta` event. Extra messages
 * (a form, a survey question) are stored as follow-ups.
 */
export function createReplyWriter(session: Pick<SessionRow, 'sessionId' | 'chatbotId'>, emit: (event: StreamEvent) => void) {
  let streamed: ChatMessage | null = null;
  let text = '';
  let lastFlush = 0;
  const messages: ChatMessage[] = [];

  const flush = async () => {
    if (!streamed) return;
    lastFlush = Date.now();
    streamed = await updateMessage(Number(streamed.id), { content: text });
  };

  return {
    get text() {
      return text;
    },
    get messages() {
      return messages;
    },

    async appendText(piece: string) {
      if (!piece) return;
      text += piece;
      if (!streamed) {
        streamed = await addMessage(session, { sender: 'bot', content: text, messageType: 'text', metadata: { isStreaming: true } });
        messages.push(streamed);
        lastFlush = Date.now();
      } else if (Date.now() - lastFlush >= FLUSH_INTERVAL_MS) await flush();
      emit({ type: 'delta', id: streamed.id, content: piece });
    },

    /**
     * Saves the streamed answer in its final form: bubbles, quick replies, sources, and with
     * `outcome` the status of a model answer (what makes it rateable) and its signals.
     */
    async finishText(extra: { sources: SourceRef[]; quickReplies?: string[]; incomplete?: boolean }, outcome?: Omit<AnswerOutcome, 'sources'>) {
      if (!streamed) return null;
      const content = text.trim();
      const chunks = splitIntoChunks(content);
      const metadata: Record<string, unknown> = {
        isStreaming: false,
        streamingComplete: true,
        sources: extra.sources,
        ...(chunks && { chunks }),
        ...(extra.quickReplies?.length && { quickReplies: extra.quickReplies }),
        ...(extra.incomplete && { incomplete: true }),
      };
      const patch = { content, messageType: extra.quickReplies?.length ? 'quickReplies' : 'text', metadata };
      streamed = outcome
        ? await saveAnswer(session, Number(streamed.id), patch, { ...outcome, sources: extra.sources })
        : await updateMessage(Number(streamed.id), patch);
      const id = streamed.id;
      messages[messages.findIndex((m) => m.id === id)] = streamed;
      return streamed;
    },

    /** Stores a whole message (not streamed); later messages of a turn are follow-ups. */
    async addMessage(draft: BotMessageDraft) {
      const metadata = { ...(draft.metadata ?? {}), ...(messages.length > 0 && { isFollowUp: true }) };
      const message = await addMessage(session, {
        sender: 'bot',
        content: draft.content,
        messageType: draft.messageType ?? 'text',
        metadata,
        handoff: draft.handoff,
      });
      messages.push(message);
      return message;
    },
  };
}

export type ReplyWriter = ReturnType<typeof createReplyWriter>;
