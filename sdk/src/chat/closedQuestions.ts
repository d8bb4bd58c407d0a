import { surveyStepOf, type ChatMessage } from '@parley/contracts';
import { recordedChoice, type ChatActions } from './ChatActions';

/**
 * The keys of the survey question messages that take no answer any more: every one the survey
 * has moved past (a newer question message of the same response exists: after an answer, Skip,
 * Back, "Continue survey" or a refused choice the question asked next is a new message), and
 * the newest one once it is answered. Anything else said after a question (the model's answer
 * to an aside, a notice) leaves it open. Computed once per message list by the chat.
 */
export function closedQuestions(messages: readonly ChatMessage[], answers: Record<string, unknown>): ReadonlySet<string> {
  const closed = new Set<string>();
  const asked = new Set<string>();
  for (let i = messages.length - 1; i >= 0; i--) {
    const { id, metadata } = messages[i];
    const step = surveyStepOf(metadata);
    if (step?.kind !== 'question') continue;
    const key = String(id);
    const response = `${step.surveyId}:${step.responseId}`;
    if (asked.has(response) || isAnswered(metadata, answers[key])) closed.add(key);
    asked.add(response);
  }
  return closed;
}

/**
 * Whether the message behind `messageKey` still takes an answer, as the chat says
 * (`ChatActions.isOpen`). Without a chat that knows the conversation (a transcript, a story of
 * one message) only the message itself tells: a survey question is closed once answered.
 */
export function questionOpen(chat: ChatActions, messageKey: string, metadata: Record<string, unknown> | null | undefined): boolean {
  return chat.isOpen ? chat.isOpen(messageKey) : !isAnswered(metadata, chat.answers[messageKey]);
}

/**
 * A survey question answered: marked so by the server (also when the answer was typed), with a
 * choice recorded on it, or answered in this page view (`answer`, kept in the chat's answers).
 */
function isAnswered(metadata: Record<string, unknown> | null | undefined, answer: unknown): boolean {
  const step = surveyStepOf(metadata);
  return step?.kind === 'question' && (step.answered === true || answer !== undefined || recordedChoice(metadata ?? {}) !== undefined);
}
