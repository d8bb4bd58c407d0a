import type { Chatbot } from '../../db/schema';
import {
  OTHER_OPTION_ID,
  parseSurveyControl,
  parseSurveyStart,
  ratingBounds,
  selectionLimits,
  SURVEY_CHAT_TEXTS,
  SURVEY_DEFAULTS,
  surveyQuestionMessage,
  surveyStartMessage,
  type SurveyAnswer,
  type SurveyControl,
  type SurveyQuestion,
} from '@parley/contracts';
import type { SessionRow } from '../chat/chat.service';
import type { ReplyWriter } from '../chat/replyWriter';
import { phraseQuestion } from './phraseQuestion';
import {
  answersOf,
  closeQuestionMessages,
  completeResponse,
  findResponse,
  findSurvey,
  moveToQuestion,
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
 * model; the visitor's message is then no question of theirs. `aside`: a survey is waiting for
 * an answer but the visitor asked something else, which the model answers as usual before
 * `followUp` offers to continue the survey.
 */
export type SurveyTurn = { kind: 'survey'; run: (reply: ReplyWriter) => Promise<void> } | { kind: 'aside'; followUp: (reply: ReplyWriter) => void };

type Turn = { bot: Chatbot; session: SessionRow; reply: ReplyWriter };
type Reading = Omit<SurveyAnswer, 'answeredAt'> | 'invalid' | null;

/**
 * Classifies a visitor turn before its message is stored: a survey start (`start_survey:{id}`),
 * a survey control (`survey_{back|skip|leave}:{id}:{questionId}`), an answer to the session's
 * pending survey question, an aside while a survey waits, or null for a turn surveys have no
 * part in. Questions are asked in order; `conditionalFlow` is kept for later and not read.
 */
export function surveyTurnFor(bot: Chatbot, session: SessionRow, content: string, internal: string | undefined): SurveyTurn | null {
  const start = parseSurveyStart(internal);
  if (start !== null) return surveyTurn((turn) => startSurvey(turn, start), bot, session);
  const control = parseSurveyControl(internal);
  if (control) return surveyTurn((turn) => runControl(turn, control), bot, session);
  const surveyId = session.activeSurveyId;
  if (surveyId === null) return null;

  const survey = runnable(findSurvey(bot.id, surveyId));
  if (!survey) {
    // Deactivated or deleted while the visitor was taking it.
    return surveyTurn(async (turn) => {
      setActiveSurvey(session.sessionId, null);
      notice(turn, surveyId, SURVEY_CHAT_TEXTS.unavailable);
    }, bot, session);
  }
  const response = findResponse(survey.id, session.sessionId);
  if (!response || response.completed) {
    setActiveSurvey(session.sessionId, null);
    return null;
  }
  const index = pendingIndex(survey, response);
  if (index === null) return surveyTurn(async (turn) => complete(turn, survey, response), bot, session);

  const question = survey.config.questions[index];
  // The widget records a choice on the question's message (select-option) just before it sends
  // it; the visitor may click any copy of the question still open (it is asked again after an
  // aside or a refused choice).
  const chosen = openQuestionMessages(session.sessionId, response.id, question.id).find((m) => isSelection(m.metadata?.selection));
  const stale = chosen ? [] : staleChoiceMessages(session.sessionId, response.id, question.id);
  if (stale.length) {
    // A click on a question the survey has moved past (asked before the visitor went Back) is
    // no answer to the pending question, however it reads, and no question for the model.
    return surveyTurn(async (turn) => {
      closeQuestionMessages(stale);
      notice(turn, survey.id, SURVEY_CHAT_TEXTS.questionClosed, response.id);
      await ask(turn, survey, response, index);
    }, bot, session);
  }
  const reading = readAnswer(question, chosen?.metadata?.selection, content, internal);
  if (reading === 'invalid') {
    return surveyTurn(async (turn) => {
      // A refused choice is read once: the question is asked anew for the next one.
      if (chosen) closeQuestionMessages([chosen]);
      notice(turn, survey.id, SURVEY_CHAT_TEXTS.chooseAnOption, response.id);
      await ask(turn, survey, response, index);
    }, bot, session);
  }
  if (reading) {
    return surveyTurn(async (turn) => {
      recordAnswer(response, question.id, { ...reading, answeredAt: new Date().toISOString() }, index + 1);
      await askNext(turn, survey, response, index + 1);
    }, bot, session);
  }
  return {
    kind: 'aside',
    followUp: (reply) => notice({ bot, session, reply }, survey.id, SURVEY_CHAT_TEXTS.continuePrompt(titleOf(survey)), response.id, continueReplies(survey.id)),
  };
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
  const survey = runnable(surveyId ? findSurvey(turn.bot.id, surveyId) : null);
  if (!survey) {
    if (surveyId && turn.session.activeSurveyId === surveyId) setActiveSurvey(turn.session.sessionId, null);
    return notice(turn, surveyId, SURVEY_CHAT_TEXTS.unavailable);
  }
  const existing = findResponse(survey.id, turn.session.sessionId);
  if (existing?.completed) return notice(turn, survey.id, SURVEY_CHAT_TEXTS.alreadyCompleted, existing.id);
  setActiveSurvey(turn.session.sessionId, survey.id);
  if (existing) {
    notice(turn, survey.id, SURVEY_CHAT_TEXTS.resumed, existing.id);
    const index = pendingIndex(survey, existing);
    return index === null ? complete(turn, survey, existing) : ask(turn, survey, existing, index);
  }
  const response = startResponse(survey, turn.session.sessionId);
  const description = survey.config.description.trim();
  notice(turn, survey.id, `**${titleOf(survey)}**${description ? `\n\n${description}` : ''}`, response.id);
  await ask(turn, survey, response, 0);
}

/**
 * A Back, Skip or Leave quick reply. Back and Skip act on the pending question only: one
 * pressed under an earlier question asks the pending one again. Leave works from any question
 * of the survey. A control for a survey the session is not taking resumes nothing.
 */
async function runControl(turn: Turn, { control, surveyId, questionId }: { control: SurveyControl; surveyId: number; questionId: string }) {
  const { session } = turn;
  const survey = runnable(findSurvey(turn.bot.id, surveyId));
  const response = survey ? findResponse(survey.id, session.sessionId) : undefined;
  if (session.activeSurveyId !== surveyId) {
    if (survey && response && !response.completed) return notice(turn, surveyId, SURVEY_CHAT_TEXTS.continuePrompt(titleOf(survey)), response.id, continueReplies(surveyId));
    return notice(turn, surveyId, response?.completed ? SURVEY_CHAT_TEXTS.alreadyCompleted : SURVEY_CHAT_TEXTS.unavailable, response?.id);
  }
  if (!survey || !response || response.completed) {
    setActiveSurvey(session.sessionId, null);
    return notice(turn, surveyId, response?.completed ? SURVEY_CHAT_TEXTS.alreadyCompleted : SURVEY_CHAT_TEXTS.unavailable, response?.id);
  }
  if (control === 'leave') {
    // The response stays unfinished: the topic or the quick reply resumes it.
    setActiveSurvey(session.sessionId, null);
    return notice(turn, surveyId, SURVEY_CHAT_TEXTS.left, response.id, continueReplies(surveyId));
  }
  const index = pendingIndex(survey, response);
  if (index === null) return complete(turn, survey, response);
  const question = survey.config.questions[index];
  if (question.id !== questionId) return ask(turn, survey, response, index);
  if (control === 'back') {
    if (survey.config.settings.allowBackNavigation && index > 0) {
      moveToQuestion(response.id, index - 1);
      return ask(turn, survey, response, index - 1);
    }
    notice(turn, surveyId, SURVEY_CHAT_TEXTS.noEarlierQuestion, response.id);
    return ask(turn, survey, response, index);
  }
  if (question.required) {
    notice(turn, surveyId, SURVEY_CHAT_TEXTS.answerRequired, response.id);
    return ask(turn, survey, response, index);
  }
  skipQuestion(response, question.id, index + 1);
  await askNext(turn, survey, response, index + 1);
}

/** Asks question `index`, or completes the response when there is none left. */
async function askNext(turn: Turn, survey: RunnableSurvey, response: SurveyResponseRow, index: number) {
  if (index < survey.config.questions.length) await ask(turn, survey, response, index);
  else complete(turn, survey, response);
}

/** Asks question `index` as its widget message, in the model's wording when a model phrases it. */
async function ask(turn: Turn, survey: RunnableSurvey, response: SurveyResponseRow, index: number) {
  const content = await phraseQuestion(turn.bot, survey.config, survey.config.questions[index]);
  turn.reply.addMessage(surveyQuestionMessage(survey.id, survey.config, index, { responseId: response.id, ...(content && { content }) }));
}

function complete(turn: Turn, survey: RunnableSurvey, response: SurveyResponseRow) {
  completeResponse(response, survey.config.questions.length);
  turn.reply.addMessage({
    content: survey.config.completionMessage.trim() || SURVEY_DEFAULTS.completionMessage,
    messageType: 'text',
    metadata: { survey: { kind: 'completion', surveyId: survey.id, responseId: response.id } },
  });
}

function notice(turn: Turn, surveyId: number, content: string, responseId?: number, quickReplies?: { text: string; action: string }[]) {
  turn.reply.addMessage({
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
  return survey.config.title.trim() || survey.name;
}

/**
 * The question the response waits for: the one it stands at, or, when the owner's edits took
 * that position away, the first one without an answer; null when every question has one.
 */
function pendingIndex(survey: RunnableSurvey, response: SurveyResponseRow): number | null {
  const { questions } = survey.config;
  const at = response.currentQuestionIndex;
  if (at >= 0 && at < questions.length) return at;
  const answers = answersOf(response);
  const unanswered = questions.findIndex((q) => !(q.id in answers));
  return unanswered < 0 ? null : unanswered;
}

/**
 * The visitor's answer to `question`: a text question takes their words; a choice or rating
 * question takes the choice recorded on its message ('invalid' when it is none the question
 * offers), else typed text that names its options or a number on its scale. Null: no answer,
 * but something else the visitor asked or clicked.
 */
function readAnswer(question: SurveyQuestion, selection: unknown, content: string, internal: string | undefined): Reading {
  if (question.type === 'text') {
    const words = content.trim().slice(0, TEXT_ANSWER_MAX);
    return internal || !words ? null : { value: words };
  }
  if (isSelection(selection)) return fromSelection(question, selection) ?? 'invalid';
  return internal ? null : fromText(question, content);
}

/** A text answer is kept up to this many characters. */
const TEXT_ANSWER_MAX = 2000;
/** The words typed with Other are kept up to this many characters. */
const OTHER_WORDS_MAX = 1000;

type Selection = { optionId: string; optionText?: unknown; payload?: unknown; otherText?: unknown };

function isSelection(value: unknown): value is Selection {
  return typeof value === 'object' && value !== null && typeof (value as Selection).optionId === 'string';
}

function fromSelection(question: SurveyQuestion, selection: Selection): Reading {
  const typed = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, OTHER_WORDS_MAX) : '');
  if (question.type === 'rating') return ratingAnswer(question, selection.optionId) ?? ratingAnswer(question, selection.payload);
  if (question.type === 'single_choice') {
    const words = typed(selection.otherText) || typed(selection.optionText);
    return choiceAnswer(question, [selection.optionId], words);
  }
  const ids = Array.isArray(selection.payload) ? selection.payload : selection.optionId.split(',');
  if (!ids.every((id): id is string => typeof id === 'string')) return null;
  // Without `otherText`, the widget's text lists the chosen options' texts in order, Other's words last.
  const known = (question.options ?? []).filter((o) => ids.includes(o.id)).map((o) => o.text);
  const listed = typed(selection.optionText);
  const prefix = known.length ? `${known.join(', ')}, ` : '';
  return choiceAnswer(question, ids, typed(selection.otherText) || (listed.startsWith(prefix) ? listed.slice(prefix.length).trim() : ''));
}

/** Typed text that names options (several comma-separated for multiple choice) or a rating. */
function fromText(question: SurveyQuestion, content: string): Reading {
  if (question.type === 'rating') return /^\s*-?\d+\s*$/.test(content) ? (ratingAnswer(question, content.trim()) ?? 'invalid') : null;
  const byText = new Map((question.options ?? []).map((o) => [normalize(o.text), o.id]));
  const whole = byText.get(normalize(content));
  if (whole) return choiceAnswer(question, [whole], '') ?? 'invalid';
  if (question.type !== 'multiple_choice') return null;
  const ids = content.split(',').map((part) => byText.get(normalize(part)));
  if (ids.length < 2 || ids.some((id) => id === undefined)) return null;
  // Every part names an option: an answer, though perhaps too many or too few of them.
  return choiceAnswer(question, ids as string[], '') ?? 'invalid';
}

/**
 * The answer choosing `ids` of a choice question, in the config's order and words (Other last,
 * as "Other: {words}"), or null when the choice is not one the question allows.
 */
function choiceAnswer(question: SurveyQuestion, ids: string[], otherWords: string): Omit<SurveyAnswer, 'answeredAt'> | null {
  const options = question.options ?? [];
  const hasOther = ids.includes(OTHER_OPTION_ID);
  const known = options.filter((o) => ids.includes(o.id));
  if (new Set(ids).size !== ids.length || known.length + (hasOther ? 1 : 0) !== ids.length) return null;
  if (hasOther && (!question.allowFreeChoice || !otherWords)) return null;
  const count = options.length + (question.allowFreeChoice ? 1 : 0);
  const limits = question.type === 'multiple_choice' ? selectionLimits(question.metadata, count) : { minSelections: 1, maxSelections: 1 };
  if (ids.length < limits.minSelections || ids.length > limits.maxSelections) return null;
  const values = [...known.map((o) => o.text), ...(hasOther ? [`Other: ${otherWords}`] : [])];
  return {
    value: question.type === 'multiple_choice' ? values : values[0],
    optionIds: [...known.map((o) => o.id), ...(hasOther ? [OTHER_OPTION_ID] : [])],
    ...(hasOther && { otherText: otherWords }),
  };
}

function ratingAnswer(question: SurveyQuestion, raw: unknown): Omit<SurveyAnswer, 'answeredAt'> | null {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  const { minValue, maxValue } = ratingBounds(question.metadata);
  return Number.isInteger(value) && value >= minValue && value <= maxValue ? { value } : null;
}

function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
