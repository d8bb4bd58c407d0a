import type { SourceRef } from '@parley/contracts';
import { matchQa } from '../knowledge/matchQa';
import { questionTerms } from '../knowledge/questionTerms';
import { DEFAULT_FALLBACK } from './buildPrompt';
import type { AnswerRequest, ChatModel, ModelEvent } from './chatModel';
import { extractAnswer } from './extractAnswer';

const DEFAULT_WELCOME = 'Hello! How can I help you today?';
const LIVE_AGENT_REPLY = 'Request Live Agent';

/**
 * The model used when no OpenAI-compatible server is configured. It answers from the bot's
 * own content: the owner's saved answer when one matches the question, else the best sentences
 * of the most relevant page with the source cited, the welcome message for a greeting (flagged
 * as small talk, like thanks and goodbyes: no answer to rate), and the bot's fallback message
 * (plus a way to reach a person) when nothing relevant is known. The text is streamed in small
 * pieces like a model's.
 */
export function createOfflineModel(): ChatModel {
  return {
    kind: 'offline',
    async *answer(request: AnswerRequest): AsyncIterable<ModelEvent> {
      const reply = offlineReply(request);
      for (const piece of reply.text.match(/(?:\S+\s*){1,4}|\s+/g) ?? [reply.text]) yield { type: 'text', text: piece };
      yield { type: 'sources', sources: reply.sources };
      if (reply.quickReplies) yield { type: 'quick_replies', replies: reply.quickReplies };
      if (reply.smallTalk) yield { type: 'small_talk' };
    },
  };
}

type OfflineReply = { text: string; sources: SourceRef[]; quickReplies?: string[]; smallTalk?: true };

export function offlineReply(request: AnswerRequest): OfflineReply {
  const question = request.visibleQuestion.trim();
  const small = smallTalk(question, request.bot.welcomeMessage);
  if (small) return { text: small, sources: [], smallTalk: true };

  const qa =
    ownerAnswer(stripGreeting(question), request.passages) ?? (request.internalMessage ? ownerAnswer(request.internalMessage, request.passages) : null);
  if (qa) return qa;

  // A saved answer is used whole, for the questions it matches, or not at all: quoted in part
  // for whatever word it shares, it would answer a question its owner never meant it for.
  const pages = request.passages.filter((p) => !p.savedAnswer);
  const answer =
    extractAnswer(stripGreeting(question), pages, request.topicWeights) ??
    (request.internalMessage ? extractAnswer(request.internalMessage, pages, request.topicWeights) : null);
  if (answer) return { text: answer.text, sources: answer.sources };

  return {
    text: request.bot.fallbackMessage?.trim() || DEFAULT_FALLBACK,
    sources: [],
    quickReplies: [LIVE_AGENT_REPLY],
  };
}

/**
 * The owner's own answer, word for word, from the first Q&A that matches this question
 * (retrieval puts matching Q&As first). No source is shown: the owner's answer is its own
 * authority, and its question may be a visitor's exact words (a name, an address) that other
 * visitors must not see.
 */
function ownerAnswer(question: string, passages: AnswerRequest['passages']): OfflineReply | null {
  const best = passages.find((p) => p.qa && matchQa(question, { ...p.qa, answer: p.content }) !== null);
  return best ? { text: best.content.trim(), sources: [] } : null;
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
