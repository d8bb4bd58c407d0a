import type { Chatbot } from '../../db/schema';
import {
  OTHER_OPTION_ID,
  otherAnswerValue,
  parseSurveyControl,
  parseSurveyStart,
  ratingBounds,
  selectionLimits,
  SURVEY_CHAT_TEXTS,
  surveyChoices,
  surveyCompletionMessage,
  surveyIntroMessage,
  surveyQuestionMessage,
  surveyStartMessage,
  surveyTitle,
  type SurveyAnswer,
  type SurveyControl,
  type SurveyQuestion,
} from '@parley/contracts';
import type { SessionRow } from '../chat/chat.service';
import { detectHandoff } from '../chat/detectHandoff';
import type { ReplyWriter } from '../chat/replyWriter';
import { phraseQuestion } from './phraseQuestion';
import {
  answersOf,
  askedQuestionIds,
  backToQuestion,
  closeQuestionMessages,
  completeResponse,
  findResponse,
  findSurvey,
  moveToQuestion,
  newestOpenQuestionId,
  openQuestionMessages,
  recordAnswer,
  setActiveSurvey,
  skipQuestion,
  staleChoiceMessages,
  startResponse,
  type RunnableSurvey,
  type SurveyResponseRow,
} from './surveyResponses.service';

/**
 * What a visitor turn means for surveys. `survey`: the turn belongs to a survey (a start, a
 * control, an answer to the pending question) and `run` writes the bot's side instead of the
 * model; the visitor's message is then no question of theirs. `aside`: the turn is the usual
 * one (the model's answer, or the contact form for a visitor asking for a person), after which
 * `followUp` does the survey's part: offer to continue the survey that waits, or let go of one
 * the session no longer takes. Classifying writes nothing; `run` and `followUp` do.
 */
export type SurveyTurn = { kind: 'survey'; run: (reply: ReplyWriter) => Promise<void> } | { kind: 'aside'; followUp: (reply: ReplyWriter) => Promise<void> };

type Turn = { bot: Chatbot; session: SessionRow; reply: ReplyWriter };
type Answer = Omit<SurveyAnswer, 'answeredAt'>;
/** What the visitor's turn gives the pending question: an answer, a choice refused with the reason the visitor reads, or null (no answer). */
type Reading = Answer | Refusal | null;
type Refusal = { refused: string };

/**
 * Classifies a visitor turn before its message is stored: a survey start (`start_survey:{id}`),
 * a survey control (`survey_{back|skip|leave}:{id}:{questionId}`), an answer to the session's
 * pending survey question, an aside while a survey waits, or null for a turn surveys have no
 * part in. Questions are asked in order; `conditionalFlow` is kept for later and not read.
 */
export async function surveyTurnFor(bot: Chatbot, session: SessionRow, content: string, internal: string | undefined): Promise<SurveyTurn | null> {
  const start = parseSurveyStart(internal);
  if (start !== null) return surveyTurn((turn) => startSurvey(turn, start), bot, session);
  const control = parseSurveyControl(internal);
  if (control) return surveyTurn((turn) => runControl(turn, control), bot, session);
  const surveyId = session.activeSurveyId;
  if (surveyId === null) return null;

  const survey = runnable(await findSurvey(bot.id, surveyId));
  if (!survey) {
    // Deactivated or deleted while the visitor was taking it.
    return surveyTurn(async (turn) => {
      await setActiveSurvey(session.sessionId, null);
      await notice(turn, surveyId, SURVEY_CHAT_TEXTS.unavailable);
    }, bot, session);
  }
  const response = await findResponse(survey.id, session.sessionId);
  // Nothing left to answer: the turn is the usual one, after which the session lets go of the survey.
  if (!response || response.completed) return { kind: 'aside', followUp: async () => await setActiveSurvey(session.sessionId, null) };
  const index = await pendingIndex(survey, response);
  if (index === null) return surveyTurn(async (turn) => await complete(turn, survey, response), bot, session);

  const question = survey.config.questions[index];
  // The widget records a choice on the question's message (select-option) just before it sends
  // it; the visitor may click any copy of the question still open (it is asked again after an
  // aside or a refused choice).
  const chosen = (await openQuestionMessages(session.sessionId, response.id, question.id)).find((m) => isSelection(m.metadata?.selection));
  const stale = chosen ? [] : await staleChoiceMessages(session.sessionId, response.id, question.id);
  if (stale.length) {
    // A click on a question the survey has moved past (asked before the visitor went Back) is
    // no answer to the pending question, however it reads, and no question for the model.
    return surveyTurn(async (turn) => {
      await closeQuestionMessages(stale);
      await notice(turn, survey.id, SURVEY_CHAT_TEXTS.questionClosed, response.id);
      await ask(turn, survey, response, index);
    }, bot, session);
  }
  const reading = readAnswer(question, chosen?.metadata?.selection, content, internal);
  if (reading && 'refused' in reading) {
    return surveyTurn(async (turn) => {
      // A refused choice is read once: the question is asked anew for the next one.
      if (chosen) await closeQuestionMessages([chosen]);
      await notice(turn, survey.id, reading.refused, response.id);
      await ask(turn, survey, response, index);
    }, bot, session);
  }
  if (reading) {
    return surveyTurn(async (turn) => {
      await recordAnswer(response, question.id, { ...reading, answeredAt: new Date().toISOString() }, index + 1, survey.config.questions.length);
      await moveOn(turn, survey, response, index + 1);
    }, bot, session);
  }
  // Whatever the question, the usual turn answers a request for a person with the contact form.
  const handoff = detectHandoff(content, internal);
  return { kind: 'aside', followUp: (reply) => afterAside({ bot, session, reply }, survey, response, index, handoff) };
}

/**
 * After an aside, the way back to the survey. A visitor who asked for a person has left it for
 * now: it pauses, so nothing they type next is taken for an answer, and Continue survey resumes
 * it. Otherwise it still waits; a text question takes whatever is typed next, so it is asked
 * again to show what the next words answer.
 */
async function afterAside(turn: Turn, survey: RunnableSurvey, response: SurveyResponseRow, index: number, handoff: boolean) {
  const prompt = SURVEY_CHAT_TEXTS.continuePrompt(titleOf(survey));
  if (handoff) {
    await setActiveSurvey(turn.session.sessionId, null);
    return await notice(turn, survey.id, prompt, response.id, continueReplies(survey.id));
  }
  if (survey.config.questions[index].type !== 'text') return await notice(turn, survey.id, prompt, response.id, continueReplies(survey.id));
  await notice(turn, survey.id, prompt, response.id);
  await ask(turn, survey, response, index);
}

function surveyTurn(run: (turn: Turn) => Promise<void>, bot: Chatbot, session: SessionRow): SurveyTurn {
  return { kind: 'survey', run: (reply) => run({ bot, session, reply }) };
}

/**
 * Starts survey `ref` of this bot, or resumes the session's unfinished response to it; only an
 * active survey with questions starts, and a survey is taken once per session. Starting one
 * pauses any other the session was taking.
 */
async function startSurvey(turn: Turn, ref: string) {
  const surveyId = /^\d{1,15}$/.test(ref) ? Number(ref) : 0;
  const survey = runnable(surveyId ? await findSurvey(turn.bot.id, surveyId) : null);
  if (!survey) {
    if (surveyId && turn.session.activeSurveyId === surveyId) await setActiveSurvey(turn.session.sessionId, null);
    return await notice(turn, surveyId, SURVEY_CHAT_TEXTS.unavailable);
  }
  const existing = await findResponse(survey.id, turn.session.sessionId);
  if (existing?.completed) return await notice(turn, survey.id, SURVEY_CHAT_TEXTS.alreadyCompleted, existing.id);
  await setActiveSurvey(turn.session.sessionId, survey.id);
  if (existing) {
    await notice(turn, survey.id, SURVEY_CHAT_TEXTS.resumed, existing.id);
    const index = await pendingIndex(survey, existing);
    return index === null ? await complete(turn, survey, existing) : await ask(turn, survey, existing, index);
  }
  const response = await startResponse(survey, turn.session.sessionId);
  await turn.reply.addMessage(surveyIntroMessage(survey.id, survey.config, survey.name, { responseId: response.id }));
  await ask(turn, survey, response, 0);
}

/**
 * A Back, Skip or Leave quick reply. Back and Skip act on the pending question only: one
 * pressed under an earlier question asks the pending one again. Leave works from any question
 * of the survey. A control for a survey the session is not taking resumes nothing.
 */
async function runControl(turn: Turn, { control, surveyId, questionId }: { control: SurveyControl; surveyId: number; questionId: string }) {
  const { session } = turn;
  const survey = runnable(await findSurvey(turn.bot.id, surveyId));
  const response = survey ? await findResponse(survey.id, session.sessionId) : undefined;
  if (session.activeSurveyId !== surveyId) {
    if (survey && response && !response.completed) return await notice(turn, surveyId, SURVEY_CHAT_TEXTS.continuePrompt(titleOf(survey)), response.id, continueReplies(surveyId));
    return await notice(turn, surveyId, response?.completed ? SURVEY_CHAT_TEXTS.alreadyCompleted : SURVEY_CHAT_TEXTS.unavailable, response?.id);
  }
  if (!survey || !response || response.completed) {
    await setActiveSurvey(session.sessionId, null);
    return await notice(turn, surveyId, response?.completed ? SURVEY_CHAT_TEXTS.alreadyCompleted : SURVEY_CHAT_TEXTS.unavailable, response?.id);
  }
  if (control === 'leave') {
    // The response stays unfinished: the topic or the quick reply resumes it.
    await setActiveSurvey(session.sessionId, null);
    return await notice(turn, surveyId, SURVEY_CHAT_TEXTS.left, response.id, continueReplies(surveyId));
  }
  const index = await pendingIndex(survey, response);
  if (index === null) return await complete(turn, survey, response);
  const question = survey.config.questions[index];
  if (question.id !== questionId) return await ask(turn, survey, response, index);
  if (control === 'back') {
    if (survey.config.settings.allowBackNavigation && index > 0) {
      await backToQuestion(response, index - 1, question.id);
      return await ask(turn, survey, response, index - 1);
    }
    await notice(turn, surveyId, SURVEY_CHAT_TEXTS.noEarlierQuestion, response.id);
    return await ask(turn, survey, response, index);
  }
  if (question.required) {
    await notice(turn, surveyId, SURVEY_CHAT_TEXTS.answerRequired, response.id);
    return await ask(turn, survey, response, index);
  }
  await skipQuestion(response, question.id, index + 1, survey.config.questions.length);
  await moveOn(turn, survey, response, index + 1);
}

/**
 * After an answer or a skip (already stored, the response completed with it past the last
 * question): asks question `index`, or ends the survey when there is none left.
 */
async function moveOn(turn: Turn, survey: RunnableSurvey, response: SurveyResponseRow, index: number) {
  if (index < survey.config.questions.length) await ask(turn, survey, response, index);
  else await turn.reply.addMessage(surveyCompletionMessage(survey.id, survey.config, { responseId: response.id }));
}

/**
 * Asks question `index` as its widget message, in the model's wording when a model phrases it,
 * noting it as the one the response stands at (analytics and the CSV read that position; the
 * owner's edits may have moved the question).
 */
async function ask(turn: Turn, survey: RunnableSurvey, response: SurveyResponseRow, index: number) {
  await moveToQuestion(response.id, index);
  const content = await phraseQuestion(turn.bot, survey.config, survey.config.questions[index]);
  await turn.reply.addMessage(surveyQuestionMessage(survey.id, survey.config, index, { responseId: response.id, ...(content && { content }) }));
}

/** Completes a response that has every answer (the owner's edits can leave one so) and ends the survey. */
async function complete(turn: Turn, survey: RunnableSurvey, response: SurveyResponseRow) {
  await completeResponse(response, survey.config.questions.length);
  await turn.reply.addMessage(surveyCompletionMessage(survey.id, survey.config, { responseId: response.id }));
}

async function notice(turn: Turn, surveyId: number, content: string, responseId?: number, quickReplies?: { text: string; action: string }[]) {
  await turn.reply.addMessage({
    content,
    messageType: 'text',
    metadata: { survey: { kind: 'notice', surveyId, ...(responseId !== undefined && { responseId }) }, ...(quickReplies && { quickReplies }) },
  });
}

function continueReplies(surveyId: number) {
  return [{ text: SURVEY_CHAT_TEXTS.continueLabel, action: surveyStartMessage(surveyId) }];
}

/** A survey that may run in the chat: active, with something to ask. */
function runnable(survey: RunnableSurvey | null): RunnableSurvey | null {
  return survey && survey.status === 'active' && survey.config.questions.length > 0 ? survey : null;
}

function titleOf(survey: RunnableSurvey): string {
  return surveyTitle(survey.config, survey.name);
}

/**
 * The question the response waits for: the one its newest open question message asks, found by
 * id so that the owner's edits to a live survey (questions added, moved, deleted) never turn a
 * click or a typed answer into an answer to another question; when that question is gone, the
 * first one neither answered nor put to the visitor (a skipped question stays skipped). Null
 * when nothing is left to ask. Reads only: `ask` stores the position.
 */
async function pendingIndex(survey: RunnableSurvey, response: SurveyResponseRow): Promise<number | null> {
  const { questions } = survey.config;
  const open = await newestOpenQuestionId(response.sessionId, response.id);
  let index = open === null ? -1 : questions.findIndex((q) => q.id === open);
  if (index < 0) {
    const answers = answersOf(response);
    const asked = await askedQuestionIds(response.sessionId, response.id);
    index = questions.findIndex((q) => !(q.id in answers) && !asked.has(q.id));
  }
  return index < 0 ? null : index;
}

/**
 * The visitor's answer to `question`: a text question takes their words, unless they ask for a
 * person or ask the bot a question; a choice or rating question takes the choice recorded on
 * its message (refused, with the reason, when the question does not allow it), else typed text
 * that names its options or a number. Null: no answer, but something else the visitor asked or
 * clicked.
 */
function readAnswer(question: SurveyQuestion, selection: unknown, content: string, internal: string | undefined): Reading {
  if (question.type === 'text') {
    const words = content.trim().slice(0, TEXT_ANSWER_MAX);
    return internal || !words || detectHandoff(words) || asksTheBot(words) ? null : { value: words };
  }
  if (isSelection(selection)) return fromSelection(question, selection);
  return internal ? null : fromText(question, content);
}

/**
 * Words that are plainly a question to the bot ("What are your opening hours?"): a question mark
 * at the end and an interrogative or auxiliary word first. Anything else typed answers a text
 * question, however it reads.
 */
function asksTheBot(words: string): boolean {
  return /\?\s*$/.test(words) && /^(?:what|how|when|where|why|who|which|can|could|do|does|is|are|will|would|should|may)\b/i.test(words);
}

/** A text answer is kept up to this many characters. */
const TEXT_ANSWER_MAX = 2000;
/** The words typed with Other are kept up to this many characters. */
const OTHER_WORDS_MAX = 1000;

type Selection = { optionId: string; optionText?: unknown; payload?: unknown; otherText?: unknown };

function isSelection(value: unknown): value is Selection {
  return typeof value === 'object' && value !== null && typeof (value as Selection).optionId === 'string';
}

function fromSelection(question: SurveyQuestion, selection: Selection): Answer | Refusal {
  const typed = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, OTHER_WORDS_MAX) : '');
  if (question.type === 'rating') return ratingAnswer(question, selection.optionId) ?? ratingAnswer(question, selection.payload) ?? ratingRefusal(question);
  if (question.type === 'single_choice') {
    const words = typed(selection.otherText) || typed(selection.optionText);
    return choiceAnswer(question, [selection.optionId], words);
  }
  const ids = Array.isArray(selection.payload) ? selection.payload : selection.optionId.split(',');
  if (!ids.every((id): id is string => typeof id === 'string')) return { refused: SURVEY_CHAT_TEXTS.chooseAnOption };
  // The widget sends Other's words as `otherText`; its `optionText` lists every choice.
  return choiceAnswer(question, ids, typed(selection.otherText));
}

/** Typed text that names options (several comma-separated for multiple choice) or a rating. */
function fromText(question: SurveyQuestion, content: string): Reading {
  if (question.type === 'rating') return /^\s*-?\d+\s*$/.test(content) ? (ratingAnswer(question, content.trim()) ?? ratingRefusal(question)) : null;
  const byText = new Map((question.options ?? []).map((o) => [normalize(o.text), o.id]));
  const whole = byText.get(normalize(content));
  if (whole) return choiceAnswer(question, [whole], '');
  if (question.type !== 'multiple_choice') return null;
  const ids = content.split(',').map((part) => byText.get(normalize(part)));
  if (ids.length < 2 || ids.some((id) => id === undefined)) return null;
  // Every part names an option: an answer, though perhaps too many or too few of them.
  return choiceAnswer(question, ids as string[], '');
}

/**
 * The answer choosing `ids` of a choice question, in the config's order and words (Other last,
 * as "Other: {words}"), or the reason the question does not allow the choice: an option it
 * does not offer, Other without words, or a count outside a multiple choice's limits.
 */
function choiceAnswer(question: SurveyQuestion, ids: string[], otherWords: string): Answer | Refusal {
  const options = question.options ?? [];
  const hasOther = ids.includes(OTHER_OPTION_ID);
  const known = options.filter((o) => ids.includes(o.id));
  const offered = new Set(ids).size === ids.length && known.length + (hasOther ? 1 : 0) === ids.length && (!hasOther || question.allowFreeChoice);
  if (!offered) return { refused: SURVEY_CHAT_TEXTS.chooseAnOption };
  if (hasOther && !otherWords) return { refused: SURVEY_CHAT_TEXTS.otherNeedsWords };
  if (question.type === 'multiple_choice') {
    const { minSelections, maxSelections } = selectionLimits(question.metadata, surveyChoices(question).length);
    if (ids.length < minSelections || ids.length > maxSelections) return { refused: SURVEY_CHAT_TEXTS.chooseBetween(minSelections, maxSelections) };
  } else if (ids.length !== 1) return { refused: SURVEY_CHAT_TEXTS.chooseAnOption };
  const values = [...known.map((o) => o.text), ...(hasOther ? [otherAnswerValue(otherWords)] : [])];
  return {
    value: question.type === 'multiple_choice' ? values : values[0],
    optionIds: [...known.map((o) => o.id), ...(hasOther ? [OTHER_OPTION_ID] : [])],
    ...(hasOther && { otherText: otherWords }),
  };
}

function ratingAnswer(question: SurveyQuestion, raw: unknown): Answer | null {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  const { minValue, maxValue } = ratingBounds(question.metadata);
  return Number.isInteger(value) && value >= minValue && value <= maxValue ? { value } : null;
}

function ratingRefusal(question: SurveyQuestion): Refusal {
  const { minValue, maxValue } = ratingBounds(question.metadata);
  return { refused: SURVEY_CHAT_TEXTS.chooseRating(minValue, maxValue) };
}

function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
