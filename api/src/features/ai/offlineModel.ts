import type { SourceRef } from '@parley/contracts';
import { questionTerms } from '../knowledge/questionTerms';
import { DEFAULT_FALLBACK } from './buildPrompt';
import type { AnswerRequest, ChatModel, ModelEvent } from './chatModel';
import { extractAnswer } from './extractAnswer';

const DEFAULT_WELCOME = 'Hello! How can I help you today?';
const LIVE_AGENT_REPLY = 'Request Live Agent';

/**
 * The model used when no OpenAI-compatible server is configured. It answers from the bot's
 * own content: the best sentences of the most relevant passage with the source cited, the
 * welcome message for a greeting, and the bot's fallback message (plus a way to reach a
 * person) when nothing relevant is known. The text is streamed in small pieces like a model's.
 */
export function createOfflineModel(): ChatModel {
  return {
    kind: 'offline',
    async *answer(request: AnswerRequest): AsyncIterable<ModelEvent> {
      const reply = offlineReply(request);
      for (const piece of reply.text.match(/(?:\S+\s*){1,4}|\s+/g) ?? [reply.text]) yield { type: 'text', text: piece };
      yield { type: 'sources', sources: reply.sources };
      if (reply.quickReplies) yield { type: 'quick_replies', replies: reply.quickReplies };
    },
  };
}

type OfflineReply = { text: string; sources: SourceRef[]; quickReplies?: string[] };

export function offlineReply(request: AnswerRequest): OfflineReply {
  const question = request.visibleQuestion.trim();
  const small = smallTalk(question, request.bot.welcomeMessage);
  if (small) return { text: small, sources: [] };

  const answer =
    extractAnswer(stripGreeting(question), request.passages) ??
    (request.internalMessage ? extractAnswer(request.internalMessage, request.passages) : null);
  if (answer) return { text: answer.text, sources: answer.sources };

  return {
    text: request.bot.fallbackMessage?.trim() || DEFAULT_FALLBACK,
    sources: [],
    quickReplies: [LIVE_AGENT_REPLY],
  };
}

const GREETING = /^\s*(hi+|hello+|hey+|hiya|howdy|greetings|good\s+(morning|afternoon|evening|day)|yo|hola|bonjour|hallo|salut)\b[\s,!.]*/i;
const THANKS = /^\s*(thanks|thank\s+you|thx|ty|cheers|great|perfect|awesome|ok(ay)?\s+thanks?)\b/i;
const BYE = /^\s*(bye|goodbye|good\s+bye|see\s+you|farewell)\b/i;
// Words that may follow a greeting without making it a question.
const GREETING_FILLER = new Set(['there', 'everyone', 'team', 'bot', 'friend', 'morning', 'afternoon', 'evening', 'day', 'doing', 'today']);

/** A reply for greetings, thanks and goodbyes, or null when the message asks something. */
function smallTalk(question: string, welcome: string | null): string | null {
  const rest = (re: RegExp) => questionTerms(question.replace(re, '')).filter((t) => !GREETING_FILLER.has(t));
  if (GREETING.test(question) && rest(GREETING).length === 0) return welcome?.trim() || DEFAULT_WELCOME;
  if (THANKS.test(question) && rest(THANKS).length === 0) return "You're welcome! Is there anything else I can help you with?";
  if (BYE.test(question) && rest(BYE).length === 0) return 'Goodbye! Come back any time if you have more questions.';
  return null;
}

function stripGreeting(question: string) {
  return question.replace(GREETING, '') || question;
}
