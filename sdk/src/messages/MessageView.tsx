import { useEffect, useRef, useState } from 'react';
import { useChatActions } from '../chat/ChatActions';
import { questionOpen } from '../chat/closedQuestions';
import { CHUNK_DELAY_MS, isRateableAnswer, surveyStepOf, type ChatMessage, type MessageChunk } from '@parley/contracts';
import { AnswerFeedback } from './AnswerFeedback';
import { BotContent } from './BotContent';
import { QuickReplies } from './QuickReplies';
import { Sources } from './Sources';
import { SurveyProgress } from './SurveyProgress';
import { TypingDots } from './TypingDots';

/** A message as the chat keeps it: `live` marks messages that arrived during this page view. */
export type ViewMessage = ChatMessage & { live?: boolean };

/**
 * One message: visitor text as plain text; bot messages by messageType, with chunked bubbles,
 * quick replies, the answer's sources and, once all its bubbles show, the visitor's thumbs on
 * an answer that takes votes. A survey question shows its progress above it. Quick replies are
 * offered under the newest bot message only, and not under a survey question that is closed
 * (answered or moved past), so Back, Skip and Leave never show under an old question. System
 * messages render nothing.
 */
export function MessageView({ message, avatarUrl, botName }: { message: ViewMessage; avatarUrl?: string | null; botName?: string }) {
  const chat = useChatActions();
  const metadata = (message.metadata ?? {}) as Record<string, unknown>;
  const key = String(message.id);
  const chunks = Array.isArray(metadata.chunks) ? (metadata.chunks as MessageChunk[]).filter((c) => c && typeof c.content === 'string') : [];
  const animate = (message.live || metadata.isStreaming === true) && metadata.streamingComplete !== true;
  const revealKey = `${key}:revealed`;
  const shown = useReveal(chunks, animate && chat.answers[revealKey] === undefined, () => chat.setAnswer(revealKey, true));

  if (message.messageType === 'system') return null;
  if (message.sender === 'user') {
    return (
      <div className="cw-msg is-user">
        <p className="cw-sr">You said:</p>
        <div className="cw-bubble">{message.content}</div>
      </div>
    );
  }

  const parts = chunks.length
    ? chunks.slice(0, shown).map((c, i) => ({ content: c.content, messageType: c.messageType ?? 'text', metadata: (c.metadata ?? {}) as Record<string, unknown>, key: `${key}:${i}` }))
    : [{ content: message.content, messageType: message.messageType, metadata, key }];
  const visible = parts.filter((p) => p.messageType !== 'system');
  const finished = shown >= chunks.length;
  const step = surveyStepOf(metadata);
  const newest = chat.lastBotMessage == null || String(chat.lastBotMessage.id) === key;

  return (
    <div className="cw-msg is-bot">
      <p className="cw-sr">{botName || 'Assistant'} said:</p>
      {avatarUrl ? <img className="cw-avatar" src={avatarUrl} alt="" /> : null}
      <div className="cw-stack">
        {step?.progress ? <SurveyProgress current={step.progress.current} total={step.progress.total} /> : null}
        {visible.map((part) => (
          <div className={`cw-bubble is-${part.messageType}`} key={part.key}>
            <BotContent content={part.content} messageType={part.messageType} metadata={part.metadata} messageKey={part.key} />
          </div>
        ))}
        {!finished ? <TypingDots /> : null}
        {finished && newest && questionOpen(chat, key, metadata) ? <QuickReplies replies={metadata.quickReplies} messageKey={key} /> : null}
        {finished ? <Sources sources={metadata.sources} baseUrl={chat.apiUrl} /> : null}
        {finished && isRateableAnswer(message) ? <AnswerFeedback messageId={message.id} feedback={message.feedback} /> : null}
      </div>
    </div>
  );
}

/**
 * How many chunks are visible: all at once unless animating, otherwise one after another after
 * each chunk's delay (first 0 ms, later 800 ms by default).
 */
function useReveal(chunks: MessageChunk[], animate: boolean, onDone: () => void): number {
  const [shown, setShown] = useState(animate ? 0 : chunks.length);
  const count = chunks.length;
  const delay = chunks[shown]?.delay ?? (shown === 0 ? CHUNK_DELAY_MS.first : CHUNK_DELAY_MS.next);
  // The parent passes a new callback on every render; only the latest one matters, and a
  // change of callback must not restart the timer.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (!animate) return setShown(count);
    if (shown >= count) {
      if (count) onDoneRef.current();
      return;
    }
    const timer = setTimeout(() => setShown((s) => s + 1), Math.max(0, delay));
    return () => clearTimeout(timer);
  }, [animate, shown, count, delay]);
  return animate ? shown : count;
}
