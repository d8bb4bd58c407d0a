import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { env } from '../../env';
import type { Passage } from '../knowledge/retrieve';
import type { AnswerRequest } from './chatModel';
import { fitPassages, trimHistory } from './tokenBudget';

export const DEFAULT_FALLBACK = "I'm sorry, I didn't understand that. Could you please rephrase your question?";

/**
 * The chat-completion messages for one turn: the owner's system prompt, grounding rules with
 * the retrieved passages, the history that fits the token budget, then the question. A menu
 * selection or survey start arrives as an instruction next to what the visitor saw.
 */
export function buildPrompt(request: AnswerRequest): ChatCompletionMessageParam[] {
  const { bot } = request;
  const fallback = bot.fallbackMessage?.trim() || DEFAULT_FALLBACK;
  const passages = fitPassages(request.passages, env.CHAT_CONTEXT_TOKENS);
  const knowledge = passages.length
    ? passages.map((p, i) => `[${i + 1}] ${p.qa ? describeQa(p.qa) : describe(p)}\n${p.content.trim()}`).join('\n\n')
    : '(No passage of the knowledge base matched this message.)';

  const system = [
    bot.systemPrompt.trim(),
    `You are "${bot.name}", chatting with a visitor in a small website chat widget.`,
    'Ground every factual answer in the KNOWLEDGE below. Do not invent facts, prices, policies, links or contact details that are not in it.',
    ...(passages.some((p) => p.qa) ? [VERIFIED_ANSWER_RULE] : []),
    `If the KNOWLEDGE does not contain the answer, reply exactly with: "${fallback}" — and, if the visitor seems to need help from a person, call request_contact_details.`,
    'Greetings, thanks and small talk need no knowledge: answer them briefly and offer help.',
    'Keep answers short and friendly (a few sentences or a short list). Plain text or light Markdown; no HTML.',
    'Call show_quick_replies only when a few follow-up options would clearly help the visitor.',
    `KNOWLEDGE:\n${knowledge}`,
  ].join('\n\n');

  const question =
    request.internalMessage && request.internalMessage !== request.visibleQuestion
      ? `The visitor chose: "${request.visibleQuestion}".\nInstruction for you (not shown to the visitor): ${request.internalMessage}`
      : request.visibleQuestion;

  return [
    { role: 'system', content: system },
    ...trimHistory(request.history, env.CHAT_HISTORY_TOKENS).map((t) => ({ role: t.role, content: t.content })),
    { role: 'user', content: question },
  ];
}

const VERIFIED_ANSWER_RULE =
  'Passages marked "VERIFIED ANSWER" were written by the site owner for that question: when one answers what the visitor asks, reply with it (you may shorten or adapt its wording, never its facts) and prefer it over any other passage that disagrees. Never mention the label or quote the question it answers.';

function describeQa(qa: NonNullable<Passage['qa']>) {
  const also = qa.variants.length ? ` (also asked as: ${qa.variants.map((v) => `"${v}"`).join('; ')})` : '';
  return `VERIFIED ANSWER to the question "${qa.question}"${also}`;
}

function describe(p: { title: string | null; heading: string | null; url: string | null }) {
  const name = [p.title, p.heading].filter(Boolean).join(' › ') || 'Untitled';
  return p.url ? `${name} (${p.url})` : name;
}
