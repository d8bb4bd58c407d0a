import type { Chatbot } from '../../db/schema';
import { logger } from '../../lib/logger';
import type { AnswerStatus, ChatMessage, MessageType, SourceRef, StreamEvent } from '@parley/contracts';
import { DEFAULT_FALLBACK } from '../ai/buildPrompt';
import type { AnswerRequest, ChatModel, HistoryTurn } from '../ai/chatModel';
import { getChatModel } from '../ai/getChatModel';
import { retrieve, type Passage } from '../knowledge/retrieve';
import { topicWeights } from '../knowledge/topicWeights';
import { toPublicChatbotConfig } from '../public/toPublicChatbotConfig';
import { consumeMessage } from '../subscription/usage.service';
import { surveyTurnFor } from '../surveys/surveyRunner';
import { addMessage, previousQuestionId, recentMessages, type SessionRow } from './chat.service';
import { answersChoice } from './chatForms.service';
import { contactFormMessage } from './contactForm';
import { detectHandoff } from './detectHandoff';
import { holdSessionTurn } from './sessionTurnLease';
import { createReplyWriter, type ReplyWriter } from './replyWriter';

const LIMIT_EXCEEDED_MESSAGE =
  "This chatbot has reached its message limit for this month. Please leave your contact details and we'll get back to you.";
const INACTIVE_MESSAGE = 'Chatbot is currently inactive. This chatbot has been disabled by the administrator.';
export const MODEL_ERROR_MESSAGE = 'Sorry, something went wrong while generating a response. Please try again.';

export type TurnInput = {
  bot: Chatbot;
  session: SessionRow;
  content: string;
  messageType?: MessageType;
  internalMessage?: string;
};
export type TurnOutcome = 'answered' | 'limit_exceeded' | 'chatbot_inactive' | 'error';

/**
 * One visitor turn, reported through `emit` as stream events. An inactive bot or a used-up
 * quota ends the turn with `chatbot_inactive` / `limit_exceeded` (nothing stored); a test
 * session's turns do not touch the monthly quota. Otherwise
 * the visitor's message is stored first, then the bot's answer as it is written; `complete`
 * carries every message stored in the turn. The turn runs to its end even when nobody listens
 * any more, so what the visitor sees on return matches what was counted. The turns of one
 * session run one after another, each on the session as the turn before left it.
 */
export function runTurn(
  input: TurnInput,
  emit: (event: StreamEvent) => void,
  model: ChatModel = getChatModel(),
): Promise<{ outcome: TurnOutcome; messages: ChatMessage[] }> {
  // An earlier turn of the session may have changed it (started or ended a survey) meanwhile:
  // the turn goes on with the session row as its claim on the turn read it.
  return oneTurnAtATime(input.session.sessionId, (current) => takeTurn({ ...input, session: current ?? input.session }, emit, model));
}

/** The turns of each session in progress or waiting, as the end of the chain the next one waits for. */
const turnsInFlight = new Map<string, Promise<void>>();

/**
 * Runs `turn` once every earlier turn of the session has ended, here or on another instance. A
 * turn reads the session's state (the pending survey question, the last answer) before it
 * writes, so two turns sent at once must not interleave: the second would read what the first
 * is about to change. Turns of one session sent to this instance queue in memory first, so only
 * the one at the head of the queue asks the database (`holdSessionTurn`).
 */
async function oneTurnAtATime<T>(sessionId: string, turn: (session: SessionRow | undefined) => Promise<T>): Promise<T> {
  const before = turnsInFlight.get(sessionId);
  let release = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const chain = before ? before.then(() => mine) : mine;
  turnsInFlight.set(sessionId, chain);
  try {
    await before;
    // The queue above orders this instance's turns; the lease orders them against other instances'.
    return await holdSessionTurn(sessionId, turn);
  } finally {
    release();
    if (turnsInFlight.get(sessionId) === chain) turnsInFlight.delete(sessionId);
  }
}

async function takeTurn(input: TurnInput, emit: (event: StreamEvent) => void, model: ChatModel): Promise<{ outcome: TurnOutcome; messages: ChatMessage[] }> {
  const { bot, session } = input;
  if (!bot.isActive) {
    emit({ type: 'chatbot_inactive', message: INACTIVE_MESSAGE, showContactForm: true, chatbotConfig: toPublicChatbotConfig(bot) });
    emit({ type: 'end' });
    return { outcome: 'chatbot_inactive', messages: [] };
  }
  // The owner's own test chats (from the Test page) are not the visitors the quota is sold for.
  if (!session.isTest && !await consumeMessage(bot.userId)) {
    emit({ type: 'limit_exceeded', message: LIMIT_EXCEEDED_MESSAGE, showContactForm: true, chatbotConfig: toPublicChatbotConfig(bot) });
    emit({ type: 'end' });
    return { outcome: 'limit_exceeded', messages: [] };
  }

  const internal = input.internalMessage?.trim() && input.internalMessage.trim() !== input.content ? input.internalMessage.trim() : undefined;
  // Read before the visitor's message is stored: answering a survey is no question of theirs.
  const survey = await surveyTurnFor(bot, session, input.content, internal);
  const isQuestion = survey?.kind !== 'survey' && !(await answersChoice(session.sessionId));
  // The instruction behind a menu choice or topic is kept with the visitor's words, so the
  // owner's history shows what the bot was really asked.
  const userMessage = await addMessage(session, {
    sender: 'user',
    content: input.content,
    messageType: input.messageType ?? 'text',
    metadata: internal ? { internalMessage: internal } : null,
    isQuestion,
  });
  const questionId = isQuestion ? Number(userMessage.id) : null;
  const reply = createReplyWriter(session, emit);
  try {
    if (survey?.kind === 'survey') await survey.run(reply);
    else if (detectHandoff(input.content, internal)) {
      // Asking for a person says the question before went unanswered, whatever the bot replied.
      // Asked first thing, there is no such question: "I want to talk to a human" is no gap an
      // answer could fill (the request never reaches the model).
      await reply.addMessage({ ...contactFormMessage(), handoff: { questionId: await previousQuestionId(session.sessionId, Number(userMessage.id)) } });
    }
    else await answerWithModel(model, input, internal, userMessage, questionId, reply);
    // The way back to the survey that waits (or letting go of one the session no longer takes).
    if (survey?.kind === 'aside') await survey.followUp(reply);
  } catch (error) {
    logger.error('chat turn failed', { chatbotId: bot.id, error: String(error) });
    if (reply.text) await reply.finishText({ sources: [], incomplete: true });
    emit({ type: 'error', message: MODEL_ERROR_MESSAGE });
    emit({ type: 'end' });
    return { outcome: 'error', messages: [userMessage, ...reply.messages] };
  }

  for (const message of reply.messages) emit({ type: 'bubble', message: asBubble(message) });
  const messages = [userMessage, ...reply.messages];
  emit({ type: 'complete', messages });
  emit({ type: 'end' });
  return { outcome: 'answered', messages };
}

/**
 * Streams the model's answer and saves it with its outcome: 'fallback' when the model gave the
 * bot's fallback message (or nothing), 'answered' otherwise, no status for a greeting (the
 * bot's welcome message) or other small talk the model flags, which is no answer to rate. A
 * contact form the model asks for is a hand-off of this turn's question.
 */
async function answerWithModel(
  model: ChatModel,
  input: TurnInput,
  internal: string | undefined,
  userMessage: ChatMessage,
  questionId: number | null,
  reply: ReplyWriter,
) {
  const { bot } = input;
  // (only the offline model reads the words' weights; a language model weighs words itself)
  const { passages, topicWeights } = await findPassages(bot.id, input.content, internal, model.kind === 'offline');
  let sources: SourceRef[] | null = null;
  let quickReplies: string[] | undefined;
  let form: ReturnType<typeof contactFormMessage> | null = null;
  let smallTalk = false;

  for await (const event of model.answer({
    bot,
    history: toHistory(await recentMessages(input.session.sessionId, 20, Number(userMessage.id))),
    visibleQuestion: input.content,
    internalMessage: internal,
    passages,
    topicWeights,
  })) {
    if (event.type === 'text') await reply.appendText(event.text);
    else if (event.type === 'quick_replies') quickReplies = event.replies;
    else if (event.type === 'contact_form') form = contactFormMessage(event.message);
    else if (event.type === 'sources') sources = event.sources;
    else if (event.type === 'small_talk') smallTalk = true;
  }

  const text = reply.text.trim();
  const fallback = bot.fallbackMessage?.trim();
  if (!text && !form) await reply.appendText(fallback || "I'm sorry, I don't have an answer to that yet.");
  // The prompt asks the model to answer exactly the fallback (the default one when the bot has none).
  const isFallback = !text || text === (fallback || DEFAULT_FALLBACK);
  const isGreeting = !isFallback && (smallTalk || (!!bot.welcomeMessage?.trim() && text === bot.welcomeMessage.trim()));
  const status: AnswerStatus | undefined = isGreeting ? undefined : isFallback ? 'fallback' : 'answered';
  await reply.finishText({ sources: isFallback ? [] : (sources ?? citedSources(passages)), quickReplies }, status && { status, questionId });
  if (form) await reply.addMessage({ ...form, handoff: { questionId } });
}

/**
 * Passages for the visible text and, for a menu selection or survey start, for the
 * instruction behind it too (a label like "Option 2" alone finds little), best first; and, for
 * the offline model (`withWeights`), how telling the words of both are in the bot's content.
 */
async function findPassages(
  chatbotId: number,
  content: string,
  internal: string | undefined,
  withWeights: boolean,
): Promise<Pick<AnswerRequest, 'passages' | 'topicWeights'>> {
  try {
    const found = await retrieve(chatbotId, content, { limit: 5 });
    const weights = withWeights ? await topicWeights(chatbotId, [content, internal]) : undefined;
    if (!internal) return { passages: found, topicWeights: weights };
    const seen = new Set(found.map((p) => p.chunkId));
    const more = (await retrieve(chatbotId, internal, { limit: 5 })).filter((p) => !seen.has(p.chunkId));
    return { passages: [...more, ...found].slice(0, 6), topicWeights: weights };
  } catch (error) {
    // Answering without knowledge (the model then gives the fallback) beats failing the turn.
    logger.error('retrieval failed', { chatbotId, error: String(error) });
    return { passages: [] };
  }
}

/**
 * Distinct sources of the passages the model was given, best first. Saved answers are never
 * cited: their question may be a visitor's own words, not for other visitors to see.
 */
function citedSources(passages: Passage[]): SourceRef[] {
  const seen = new Set<string>();
  const out: SourceRef[] = [];
  for (const p of passages) {
    if (p.savedAnswer) continue;
    const key = `${p.title ?? ''}|${p.url ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ title: p.title ?? p.heading ?? null, url: p.url ?? null });
    if (out.length === 3) break;
  }
  return out;
}

function toHistory(messages: ChatMessage[]): HistoryTurn[] {
  return messages
    .filter((m) => m.content.trim())
    .map((m) => ({
      role: m.sender === 'user' ? ('user' as const) : ('assistant' as const),
      content: m.messageType === 'form' ? `${m.content} [a contact form was shown]` : m.content,
    }));
}

/**
 * The bubble event's copy of a message: a split answer is marked as still streaming so the
 * widget reveals its chunks one by one; the stored copy (and `complete`) shows them at once.
 */
function asBubble(message: ChatMessage): ChatMessage {
  const metadata = message.metadata ?? {};
  if (!Array.isArray(metadata.chunks)) return message;
  return { ...message, metadata: { ...metadata, isStreaming: true, streamingComplete: false } };
}
