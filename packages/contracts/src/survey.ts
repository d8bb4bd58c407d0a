/**
 * Surveys a bot conducts inside the chat: plain types and the defaults of a new survey. The
 * zod schema is in `survey.schemas.ts`.
 */

export const surveyStatuses = ['draft', 'active', 'archived'] as const;
export type SurveyStatus = (typeof surveyStatuses)[number];

export const questionTypes = ['single_choice', 'multiple_choice', 'text', 'rating'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const ratingTypes = ['stars', 'numbers', 'scale'] as const;
export type RatingType = (typeof ratingTypes)[number];

/** Choice questions have options; text and rating questions have none. */
export const CHOICE_QUESTION_TYPES: readonly QuestionType[] = ['single_choice', 'multiple_choice'];

/** A choice question keeps at least this many options. */
export const MIN_CHOICE_OPTIONS = 2;

/** Bounds of a survey so one config stays a reasonable size to store and to send to a model. */
export const SURVEY_LIMITS = { questions: 50, options: 20, textLength: 500, longTextLength: 2000 } as const;

export interface QuestionOption {
  id: string;
  text: string;
}

export interface QuestionMetadata {
  /** Rating questions: lowest and highest value (1 and 5 unless set). */
  minValue?: number;
  maxValue?: number;
  ratingType?: RatingType;
  /** Multiple-choice questions: how many options the visitor must and may pick. */
  minSelections?: number;
  maxSelections?: number;
  [key: string]: unknown;
}

export interface SurveyQuestion {
  id: string;
  text: string;
  type: QuestionType;
  options?: QuestionOption[];
  required: boolean;
  /** Choice questions: the visitor may type an answer that is not among the options. */
  allowFreeChoice?: boolean;
  metadata?: QuestionMetadata;
}

export interface SurveySettings {
  allowBackNavigation: boolean;
  showProgress: boolean;
  savePartialResponses: boolean;
}

export interface SurveyConfig {
  id: string;
  title: string;
  description: string;
  questions: SurveyQuestion[];
  /** Kept as the owner or assistant wrote it; questions are asked in order (no branching yet). */
  conditionalFlow?: Record<string, unknown>;
  completionMessage: string;
  aiInstructions: string;
  settings: SurveySettings;
}

export interface Survey {
  id: number;
  chatbotId: number;
  name: string;
  description: string | null;
  status: SurveyStatus;
  surveyConfig: SurveyConfig;
  createdAt: string;
  updatedAt: string;
}

/** Defaults of a new survey's config. */
export const SURVEY_DEFAULTS = {
  title: 'New Survey',
  description: 'A new survey',
  completionMessage: 'Thank you for completing the survey!',
  aiInstructions: 'Conduct this survey with a friendly and professional tone.',
  settings: { allowBackNavigation: true, showProgress: true, savePartialResponses: true },
} as const;

/** Rating scale used when a question's bounds are missing or invalid. */
export const DEFAULT_RATING = { minValue: 1, maxValue: 5 } as const;

/** A survey as the owner API answers it. */
export interface SurveyWithCounts extends Survey {
  /** Responses counted in analytics (completed ones, and unfinished ones when partial responses are saved). */
  responseCount: number;
  completedCount: number;
}

/** Body of `POST /api/chatbots/{id}/surveys`; a missing config gets the defaults of a new survey. */
export interface CreateSurveyRequest {
  name: string;
  description?: string | null;
  surveyConfig?: Partial<SurveyConfig>;
}

/** Body of `PATCH /api/surveys/{id}`: any of the fields (also accepted wrapped as `{updates: {...}}`). */
export interface UpdateSurveyRequest {
  name?: string;
  description?: string | null;
  status?: SurveyStatus;
  surveyConfig?: SurveyConfig;
}

/** How many surveys one bot may hold. */
export const MAX_SURVEYS_PER_CHATBOT = 50;

/** A new survey's config: the defaults with a fresh id. */
export function newSurveyConfig(id: string): SurveyConfig {
  return {
    id,
    title: SURVEY_DEFAULTS.title,
    description: SURVEY_DEFAULTS.description,
    questions: [],
    completionMessage: SURVEY_DEFAULTS.completionMessage,
    aiInstructions: SURVEY_DEFAULTS.aiInstructions,
    settings: { ...SURVEY_DEFAULTS.settings },
  };
}

/** The option id that stands for "Other" (the visitor's own words) in a survey's choice questions. */
export const OTHER_OPTION_ID = 'q_other';
export const OTHER_OPTION_TEXT = 'Other';

/** A choice question's choices as the visitor sees them: its options, then Other when free answers are allowed. */
export function surveyChoices(question: Pick<SurveyQuestion, 'options' | 'allowFreeChoice'>): QuestionOption[] {
  return [...(question.options ?? []), ...(question.allowFreeChoice ? [{ id: OTHER_OPTION_ID, text: OTHER_OPTION_TEXT }] : [])];
}

/** The recorded value of an Other answer: "Other: {the visitor's words}". */
export function otherAnswerValue(words: string): string {
  return `${OTHER_OPTION_TEXT}: ${words}`;
}

/** Whether a recorded value is an Other answer (with or without words). */
export function isOtherAnswer(value: string): boolean {
  return value === OTHER_OPTION_TEXT || value.startsWith(`${OTHER_OPTION_TEXT}:`);
}

/** The default options a question gets when it turns into a choice question without any. */
export const DEFAULT_CHOICE_OPTIONS: readonly QuestionOption[] = [
  { id: 'option_1', text: 'Option 1' },
  { id: 'option_2', text: 'Option 2' },
];

export function isChoiceQuestion(type: QuestionType): boolean {
  return CHOICE_QUESTION_TYPES.includes(type);
}

/**
 * A question turned into another type: text and rating questions lose their options (rating
 * gets the 1 to 5 scale unless it has one); a choice question without options gets two
 * default ones.
 */
export function withQuestionType(question: SurveyQuestion, type: QuestionType): SurveyQuestion {
  const { options, allowFreeChoice, ...rest } = question;
  if (isChoiceQuestion(type)) {
    // A rating's scale means nothing to a choice question; selection limits stay for multiple choice.
    const { minValue: _min, maxValue: _max, ratingType: _type, ...kept } = rest.metadata ?? {};
    const metadata = type === 'multiple_choice' && Object.keys(kept).length ? kept : undefined;
    const { metadata: _old, ...base } = rest;
    return {
      ...base,
      type,
      options: options?.length ? options : DEFAULT_CHOICE_OPTIONS.map((o) => ({ ...o })),
      ...(allowFreeChoice !== undefined && { allowFreeChoice }),
      ...(metadata && { metadata }),
    };
  }
  const metadata = type === 'rating' ? ratingScale(question.metadata) : undefined;
  const { metadata: _dropped, ...plain } = rest;
  return metadata ? { ...plain, type, metadata } : { ...plain, type };
}

/**
 * A rating question's scale: whole numbers with min below max, else the default 1 to 5 (each
 * bound falls back on its own when only it is bad).
 */
export function ratingBounds(metadata: Partial<QuestionMetadata> | undefined): { minValue: number; maxValue: number } {
  const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : null);
  let minValue = whole(metadata?.minValue) ?? DEFAULT_RATING.minValue;
  let maxValue = whole(metadata?.maxValue) ?? DEFAULT_RATING.maxValue;
  if (minValue < RATING_RANGE.min || minValue > RATING_RANGE.max) minValue = DEFAULT_RATING.minValue;
  if (maxValue < RATING_RANGE.min || maxValue > RATING_RANGE.max) maxValue = DEFAULT_RATING.maxValue;
  if (minValue >= maxValue) return { ...DEFAULT_RATING };
  return { minValue, maxValue };
}

/** What a rating scale may span: 0 to 10 covers stars, 1-10 and NPS-style 0-10 scales. */
export const RATING_RANGE = { min: 0, max: 10 } as const;

/** A rating question's scale as it is used: `ratingBounds` and its look (stars unless set). */
export function ratingScale(metadata: Partial<QuestionMetadata> | undefined): { minValue: number; maxValue: number; ratingType: RatingType } {
  const type = metadata?.ratingType;
  return { ...ratingBounds(metadata), ratingType: type !== undefined && ratingTypes.includes(type) ? type : 'stars' };
}

/**
 * A multiple-choice question's selection limits over `optionCount` options (the Other option
 * included): at least `minSelections` (1 unless set), at most `maxSelections` (all unless set).
 */
export function selectionLimits(metadata: Partial<QuestionMetadata> | undefined, optionCount: number): { minSelections: number; maxSelections: number } {
  const count = Math.max(1, optionCount);
  const pos = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
  const maxSelections = Math.min(pos(metadata?.maxSelections) ?? count, count);
  const minSelections = Math.min(pos(metadata?.minSelections) ?? 1, maxSelections);
  return { minSelections, maxSelections };
}

/** One recorded answer, keyed by question id in a response's `answers`. */
export interface SurveyAnswer {
  /**
   * What the visitor chose, exactly as the survey words it: an option's text (Other as
   * "Other: their words"), several of them, a rating, or a text answer.
   */
  value: string | string[] | number;
  /** Choice questions: the ids chosen (`q_other` for Other). */
  optionIds?: string[];
  /** The words typed with Other. */
  otherText?: string;
  answeredAt: string;
}

/** An answer as one line for the owner: several choices joined with ", ". */
export function surveyAnswerText(answer: SurveyAnswer): string {
  const values = Array.isArray(answer.value) ? answer.value : [answer.value];
  return values.map(String).join(', ');
}

/** What a survey question message carries in `metadata.survey`, for the widget and history. */
export interface SurveyStep {
  kind: 'question' | 'completion' | 'notice';
  surveyId: number;
  responseId?: number;
  questionId?: string;
  questionType?: QuestionType;
  /** The question as the owner wrote it (the message's content may be the model's phrasing). */
  questionText?: string;
  /** 1-based position and question count, present when the survey shows progress. */
  progress?: { current: number; total: number };
  /**
   * Set once the message is done with: its answer recorded, its choice refused, or the survey
   * moved away from it (Skip, Back, a click on a question it had moved past).
   */
  answered?: boolean;
  /**
   * Set with `answered` by the server: the `selectedAt` of the choice the message held when it
   * was closed ('' for none). A choice recorded on it later is a click on a closed question.
   */
  closedChoice?: string;
}

/** Reads `metadata.survey` defensively (metadata is stored JSON). */
export function surveyStepOf(metadata: Record<string, unknown> | null | undefined): SurveyStep | null {
  const step = metadata?.survey as Partial<SurveyStep> | undefined;
  if (!step || typeof step !== 'object' || typeof step.surveyId !== 'number') return null;
  if (step.kind !== 'question' && step.kind !== 'completion' && step.kind !== 'notice') return null;
  return step as SurveyStep;
}

/** The quick replies a survey question offers, sent as internal messages `survey_{action}:{surveyId}:{questionId}`. */
export const surveyControls = ['back', 'skip', 'leave'] as const;
export type SurveyControl = (typeof surveyControls)[number];
export const SURVEY_CONTROL_LABELS: Record<SurveyControl, string> = { back: 'Back', skip: 'Skip', leave: 'Leave survey' };

export function surveyControlMessage(control: SurveyControl, surveyId: number, questionId: string): string {
  return `survey_${control}:${surveyId}:${questionId}`;
}

export function parseSurveyControl(internal: string | null | undefined): { control: SurveyControl; surveyId: number; questionId: string } | null {
  const match = /^survey_(back|skip|leave):(\d{1,12}):([A-Za-z0-9_-]{1,100})$/.exec(internal?.trim() ?? '');
  return match ? { control: match[1] as SurveyControl, surveyId: Number(match[2]), questionId: match[3] } : null;
}

/** The visitor-facing texts of a survey run in the chat. */
export const SURVEY_CHAT_TEXTS = {
  progress: (current: number, total: number) => `Question ${current} of ${total}`,
  unavailable: "Sorry, this survey isn't available right now.",
  alreadyCompleted: "You've already completed this survey. Thank you!",
  resumed: "Welcome back! Let's pick up where you left off.",
  left: 'No problem. You can come back to the survey at any time.',
  continuePrompt: (title: string) => `Would you like to continue the survey "${title}"?`,
  continueLabel: 'Continue survey',
  answerRequired: 'This question needs an answer.',
  chooseAnOption: 'Please choose one of the options.',
  chooseRating: (min: number, max: number) => `Please choose a rating from ${min} to ${max}.`,
  /** A multiple-choice answer with too few or too many options ticked. */
  chooseBetween: (min: number, max: number) => (min === max ? `Please choose ${min} ${min === 1 ? 'option' : 'options'}.` : `Please choose between ${min} and ${max} options.`),
  otherNeedsWords: 'Please type your answer for Other.',
  questionClosed: "That question isn't open any more. Let's continue here:",
  noEarlierQuestion: 'This is the first question.',
  answerPlaceholder: 'Type your answer…',
} as const;

/** Owner-side texts of the survey builder and analytics, word for word. */
export const SURVEY_MESSAGES = {
  authRequired: 'Authentication Required',
  authRequiredText: 'Please log in to access the survey builder.',
  createFailed: 'Failed to create survey',
  updateFailed: 'Failed to update survey',
  deleteFailed: 'Failed to delete survey',
  assistantFailed: 'Failed to get survey assistance. Please try again.',
  assistantEmpty: "I couldn't generate a response.",
  noData: 'No Survey Data',
  noResponses: 'No responses',
  noDashboardData: 'No survey data',
  activateNeedsQuestion: 'Add at least one question before activating the survey.',
  activeNeedsQuestion: 'An active survey needs at least one question. Deactivate it before removing its last question.',
} as const;

/** Survey edits are saved this long after the last change (or at once with Save Details). */
export const SURVEY_AUTOSAVE_MS = 2000;
/** The survey assistant's panel height in pixels. */
export const SURVEY_ASSISTANT_PANEL_HEIGHT = 600;
/** Per-question analytics list this many distinct answers, then "+ N more". */
export const SURVEY_RESPONSES_SHOWN = 3;
/** A completion rate above this (percent) is highlighted. */
export const COMPLETION_RATE_HIGHLIGHT = 70;

/** Figures of one question across a survey's counted responses. */
export interface QuestionAnalytics {
  questionId: string;
  questionText: string;
  questionType: QuestionType;
  responseCount: number;
  /** Distinct answers (as `surveyAnswerText` writes them), most frequent first, at most 50. */
  responses: { value: string; count: number }[];
  /** How many distinct answers there are in all (the list above may be cut). */
  distinctResponses: number;
  /** Choice questions: every option (Other last when allowed) with how often it was chosen. */
  options?: { id: string; text: string; count: number }[];
  /** Rating questions: the scale, each value's count and the mean (null without answers). */
  rating?: { minValue: number; maxValue: number; average: number | null; distribution: { value: number; count: number }[] };
}

export interface SurveyBreakdown {
  surveyId: number;
  surveyName: string;
  status: SurveyStatus;
  /** Percent of counted responses that were completed, 0 to 100. */
  completionRate: number;
  totalResponses: number;
  completedResponses: number;
  /** Mean time from start to completion of completed responses, in ms (0 without any). */
  avgCompletionTime: number;
  questionAnalytics: QuestionAnalytics[];
}

/** `GET /api/chatbots/{id}/surveys/analytics`. */
export interface SurveyAnalytics {
  totalSurveys: number;
  totalResponses: number;
  /** Percent, 0 to 100, over all counted responses of the bot. */
  completionRate: number;
  /** ms, over all completed responses of the bot. */
  averageCompletionTime: number;
  surveyBreakdown: SurveyBreakdown[];
  /**
   * Responses from the owner's own test chats that would otherwise count: left out of every
   * figure above, like test conversations in the chat analytics, and reported so the owner
   * knows why their own tries do not show.
   */
  testResponses: number;
}

/**
 * The dashboard's figure across bots: totals summed, the rates averaged over the bots that
 * have responses; a bot whose call failed counts as zeros.
 */
export function mergeSurveyAnalytics(list: readonly (Pick<SurveyAnalytics, 'totalSurveys' | 'totalResponses' | 'completionRate' | 'averageCompletionTime'> | null)[]): {
  totalSurveys: number;
  totalResponses: number;
  completionRate: number;
  averageCompletionTime: number;
} {
  const rows = list.map((a) => a ?? { totalSurveys: 0, totalResponses: 0, completionRate: 0, averageCompletionTime: 0 });
  const withResponses = rows.filter((a) => a.totalResponses > 0);
  const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);
  return {
    totalSurveys: rows.reduce((s, a) => s + a.totalSurveys, 0),
    totalResponses: rows.reduce((s, a) => s + a.totalResponses, 0),
    completionRate: mean(withResponses.map((a) => a.completionRate)),
    averageCompletionTime: mean(withResponses.filter((a) => a.averageCompletionTime > 0).map((a) => a.averageCompletionTime)),
  };
}

/** A completion rate as shown: one decimal and a percent sign ("66.7%"). */
export function formatCompletionRate(rate: number): string {
  return `${(Math.round(rate * 10) / 10).toFixed(1)}%`;
}

/** A completion time as shown: whole seconds under a minute ("42s"), else minutes to one decimal ("2.5 min"). */
export function formatCompletionTime(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  // 59.6 s would round to "60s": anything that shows as a whole minute reads in minutes.
  if (Math.round(seconds) < 60) return `${Math.round(seconds)}s`;
  const minutes = Math.round((seconds / 60) * 10) / 10;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min`;
}

/** What the survey assistant can do. */
export const SURVEY_ASSISTANT_ACTIONS = ['generate_customer_satisfaction', 'generate_feedback', 'improve_questions', 'add_questions', 'custom'] as const;
export type SurveyAssistantAction = (typeof SURVEY_ASSISTANT_ACTIONS)[number];

export const SURVEY_ASSISTANT_LIMITS = { chatbotName: 100, description: 1000, userMessage: 2000 } as const;

/** Body of `POST /api/chatbots/{guid}/survey-assistant`. */
export interface SurveyAssistantRequest {
  action: SurveyAssistantAction;
  context: {
    chatbotName: string;
    description: string;
    currentSurvey?: { name: string; description?: string | null; surveyConfig: SurveyConfig } | null;
  };
  userMessage: string;
}

/** A reply: bubbles whose first carries the proposed config, or plain content. */
export type SurveyAssistantResponse =
  | { action: SurveyAssistantAction; bubbles: { content: string; metadata?: { surveyConfig?: SurveyConfig } }[] }
  | { action: SurveyAssistantAction; content: string };

/** A message of the assistant panel as the builder keeps it. */
export interface SurveyAssistantMessage {
  content: string;
  sender: 'user' | 'assistant';
  timestamp: string;
  action?: SurveyAssistantAction;
  surveyConfig?: SurveyConfig;
}

/** A survey question as the chat shows it: the widget message the bot sends. */
export interface SurveyQuestionMessage {
  content: string;
  messageType: 'menu' | 'multiselect_menu' | 'rating' | 'text';
  metadata: Record<string, unknown> & { survey: SurveyStep };
}

/**
 * The message that asks question `index` of survey `surveyId`: single choice as a menu and
 * multiple choice as a multiselect (each with an Other option when free answers are allowed),
 * rating with its scale and type, text as plain text the visitor answers in the composer.
 * Quick replies offer Back (when allowed and not on the first question), Skip (optional
 * questions) and Leave survey. `content` replaces the question's wording (a model's phrasing);
 * the owner's wording stays in `metadata.survey.questionText`.
 */
export function surveyQuestionMessage(
  surveyId: number,
  config: SurveyConfig,
  index: number,
  options: { responseId?: number; content?: string } = {},
): SurveyQuestionMessage {
  const question = config.questions[index];
  const step: SurveyStep = {
    kind: 'question',
    surveyId,
    ...withResponse(options),
    questionId: question.id,
    questionType: question.type,
    questionText: question.text,
    ...(config.settings.showProgress && { progress: { current: index + 1, total: config.questions.length } }),
  };
  const controls: SurveyControl[] = [];
  if (config.settings.allowBackNavigation && index > 0) controls.push('back');
  if (!question.required) controls.push('skip');
  controls.push('leave');
  const quickReplies = controls.map((control) => ({ text: SURVEY_CONTROL_LABELS[control], action: surveyControlMessage(control, surveyId, question.id) }));
  const metadata = { survey: step, quickReplies };
  const content = options.content?.trim() || question.text;
  const choices = surveyChoices(question);
  switch (question.type) {
    case 'single_choice':
      return { content, messageType: 'menu', metadata: { ...metadata, options: choices } };
    case 'multiple_choice':
      return { content, messageType: 'multiselect_menu', metadata: { ...metadata, options: choices, ...selectionLimits(question.metadata, choices.length) } };
    case 'rating': {
      // The widget's message contract names number buttons "numeric"; "scale" is ours.
      const scale = ratingScale(question.metadata);
      return { content, messageType: 'rating', metadata: { ...metadata, ...scale, ratingType: scale.ratingType === 'numbers' ? 'numeric' : scale.ratingType } };
    }
    default:
      return { content, messageType: 'text', metadata };
  }
}

/**
 * A survey's title as visitors read it: the config's title, else the survey's name, else the
 * default. A title still at the default gives way to a name the owner chose: renaming a survey
 * in the list leaves the config's title as it was.
 */
export function surveyTitle(config: Pick<SurveyConfig, 'title'>, name?: string | null): string {
  const title = config.title.trim();
  const named = name?.trim();
  if (named && (!title || title === SURVEY_DEFAULTS.title)) return named;
  return title || SURVEY_DEFAULTS.title;
}

/** The message that opens a survey: its title in bold, then its description for visitors when it has one. */
export function surveyIntroMessage(surveyId: number, config: SurveyConfig, name?: string | null, options: { responseId?: number } = {}): SurveyNoticeMessage {
  const description = config.description.trim();
  return surveyNotice(`**${surveyTitle(config, name)}**${description ? `\n\n${description}` : ''}`, { kind: 'notice', surveyId, ...withResponse(options) });
}

/** The message that ends a survey: its completion message (the default one when blank). */
export function surveyCompletionMessage(surveyId: number, config: SurveyConfig, options: { responseId?: number } = {}): SurveyNoticeMessage {
  return surveyNotice(config.completionMessage.trim() || SURVEY_DEFAULTS.completionMessage, { kind: 'completion', surveyId, ...withResponse(options) });
}

/** A survey message that asks nothing: the opening, the completion or a notice. */
export interface SurveyNoticeMessage {
  content: string;
  messageType: 'text';
  metadata: { survey: SurveyStep };
}

function surveyNotice(content: string, survey: SurveyStep): SurveyNoticeMessage {
  return { content, messageType: 'text', metadata: { survey } };
}

const withResponse = (options: { responseId?: number }) => (options.responseId !== undefined ? { responseId: options.responseId } : {});
