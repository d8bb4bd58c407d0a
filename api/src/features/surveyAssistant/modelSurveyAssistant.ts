import type OpenAI from 'openai';
import { z } from 'zod';
import {
  DEFAULT_RATING,
  MIN_CHOICE_OPTIONS,
  newSurveyConfig,
  OTHER_OPTION_ID,
  questionTypes,
  RATING_RANGE,
  ratingTypes,
  SURVEY_DEFAULTS,
  SURVEY_LIMITS,
  type SurveyAssistantRequest,
  type SurveyAssistantResponse,
  type SurveyConfig,
} from '@parley/contracts';
import { issueLine, surveyConfigSchema } from '@parley/contracts/schemas';
import { HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { completeText, stripFence } from '../ai/assistantModel';

const INVALID_SURVEY = 'The AI assistant could not produce a valid survey. Please try again.';
const DEFAULT_EXPLANATION = 'Here is your survey.';
/** What the model answers: a short explanation and the complete survey config. */
const replySchema = z.object({ explanation: z.string(), surveyConfig: surveyConfigSchema });

/**
 * The survey assistant with a language model: it is told the survey format exactly, the bot,
 * the current survey and what the action asks, and answers `{explanation, surveyConfig}` as
 * JSON. The config must pass the schema a save uses (and, to improve or add questions, keep the
 * current ones); when it does not, the model gets one chance to correct it with the list of
 * problems, after which the request answers 502 (as does a failed model call).
 */
export async function modelSurveyAssistant(client: OpenAI, model: string, request: SurveyAssistantRequest): Promise<SurveyAssistantResponse> {
  const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
    { role: 'system', content: assistantBrief(request) },
    { role: 'user', content: actionRequest(request) },
  ];
  const first = await complete(client, model, messages);
  const firstTry = readReply(first, request);
  if (firstTry.ok) return answer(request, firstTry);

  const second = await complete(client, model, [...messages, { role: 'assistant', content: first }, { role: 'user', content: repairRequest(firstTry.errors) }]);
  const secondTry = readReply(second, request);
  if (secondTry.ok) return answer(request, secondTry);
  logger.warn('survey assistant model answered an invalid survey twice', { errors: secondTry.errors.slice(0, 10) });
  throw new HttpError(502, INVALID_SURVEY);
}

/**
 * The JSON schema the model is held to where the server supports it. Built once; should the
 * schema not convert, plain JSON mode is asked for (the answer is validated either way).
 */
const responseFormat = buildResponseFormat();

function buildResponseFormat(): OpenAI.Chat.Completions.ChatCompletionCreateParams['response_format'] {
  try {
    const { $schema: _ignored, ...schema } = z.toJSONSchema(replySchema, { unrepresentable: 'any', io: 'input' });
    return { type: 'json_schema', json_schema: { name: 'survey_assistant_reply', schema, strict: false } };
  } catch (error) {
    logger.warn('survey assistant response schema has no JSON schema; using JSON mode', { error: String(error) });
    return { type: 'json_object' };
  }
}

function complete(client: OpenAI, model: string, messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[]): Promise<string> {
  return completeText(client, { model, temperature: 0.4, max_tokens: 4000, response_format: responseFormat, messages }, 'survey assistant');
}

/** The survey format in words, built from the constants the schema checks, and the bot. */
function assistantBrief({ context }: SurveyAssistantRequest): string {
  const example = {
    ...newSurveyConfig('survey_example'),
    title: 'Example Survey',
    questions: [
      { id: 'question_1', text: 'How satisfied are you with our service?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
      {
        id: 'question_2',
        text: 'What went well?',
        type: 'multiple_choice',
        required: true,
        options: [
          { id: 'option_1', text: 'Quick answers' },
          { id: 'option_2', text: 'Friendly help' },
        ],
        allowFreeChoice: true,
        metadata: { minSelections: 1, maxSelections: 2 },
      },
    ],
  };
  return [
    'You help the owner of a customer-support chatbot write surveys that the chatbot conducts inside the chat with website visitors, one question at a time.',
    'Answer with one JSON object and nothing else: {"explanation": "<a short paragraph to the owner: what you made or changed, or the answer to their question>", "surveyConfig": <the complete survey config>}.',
    '',
    'The survey config:',
    '{"id": text, "title": text, "description": text, "questions": [...], "completionMessage": text, "aiInstructions": text, "settings": {"allowBackNavigation": boolean, "showProgress": boolean, "savePartialResponses": boolean}}',
    `- questions: at most ${SURVEY_LIMITS.questions}, asked in order. Each is {"id": unique, letters, digits, _ and - only (question_1, question_2, ...), "text": the question as the visitor reads it, ending with "?", "type": one of ${questionTypes.map((t) => `"${t}"`).join(', ')}, "required": boolean, "options": [...], "allowFreeChoice": boolean, "metadata": {...}}.`,
    `- single_choice and multiple_choice need "options": at least ${MIN_CHOICE_OPTIONS}, at most ${SURVEY_LIMITS.options}, each {"id": "option_1", "option_2", ... unique in the question, "text": short}. Never write an "Other" option and never use the id "${OTHER_OPTION_ID}": set "allowFreeChoice": true to let the visitor type their own answer.`,
    '- multiple_choice may limit picks with metadata {"minSelections": n, "maxSelections": n}.',
    `- rating: no options; metadata {"minValue", "maxValue": whole numbers from ${RATING_RANGE.min} to ${RATING_RANGE.max}, min below max (default ${DEFAULT_RATING.minValue} to ${DEFAULT_RATING.maxValue}), "ratingType": one of ${ratingTypes.map((t) => `"${t}"`).join(', ')}}. Use stars for 1-5 satisfaction, scale for 0-10 likelihood to recommend.`,
    '- text: a free answer; no options. Open questions at the end are usually optional ("required": false).',
    `- completionMessage is shown when the visitor finishes (default "${SURVEY_DEFAULTS.completionMessage}"); aiInstructions tell the chatbot the tone to ask in (default "${SURVEY_DEFAULTS.aiInstructions}").`,
    'Write short, clear, neutral questions for the visitors of this business, in the language of the owner\'s request, one topic per question. Keep the current survey\'s id, settings, completion message and AI instructions unless the owner asks to change them.',
    '',
    'An example of a valid config:',
    JSON.stringify(example),
    '',
    'The chatbot:',
    `Name: ${context.chatbotName || '(not named)'}`,
    `Description: ${context.description || '(none)'}`,
  ].join('\n');
}

/** What the action asks, the owner's words and the current survey. */
function actionRequest({ action, context, userMessage }: SurveyAssistantRequest): string {
  const current = context.currentSurvey?.surveyConfig ?? null;
  const words = userMessage.trim();
  const name = context.chatbotName || 'the business';
  const asks: Record<SurveyAssistantRequest['action'], string> = {
    generate_customer_satisfaction: `Write a new customer satisfaction survey for ${name}, titled "${context.chatbotName ? `${context.chatbotName} Customer Satisfaction` : 'Customer Satisfaction Survey'}": overall satisfaction (rating 1-5 stars), how likely they are to recommend us (rating 0-10, scale), what went well (multiple_choice with options that fit this business, allowFreeChoice true) and what could be better (text, optional).`,
    generate_feedback: `Write a new feedback survey for ${name}: how they heard about us (single_choice, allowFreeChoice true), which areas matter most to them (multiple_choice, maxSelections 2, options that fit this business), how easy it was (rating 1-5) and their suggestions (text, optional).`,
    improve_questions: 'Improve the questions of the current survey: clearer and shorter wording, each a real question starting with a capital and ending with "?", no shouting; choice questions with distinct, trimmed options (at least 2); valid rating scales with a ratingType. Keep every question\'s id, the number of questions, their order, types and required settings.',
    add_questions: 'Add 1 to 3 new questions at the end of the current survey, about what it does not ask yet. Keep every current question first and unchanged; new questions get new unique ids (question_<n>).',
    custom: 'Do what I ask below: build a new survey or change the current one, keeping everything I do not ask to change. If I only ask a question, answer it in the explanation and return the current survey unchanged.',
  };
  return [
    asks[action],
    words ? `My words: ${words}` : null,
    current ? `The current survey${context.currentSurvey?.name ? ` ("${context.currentSurvey.name}")` : ''}:\n${JSON.stringify(current)}` : 'There is no current survey: write a new one with the default settings.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

function repairRequest(errors: string[]): string {
  return [
    'That answer is not a valid survey. Problems:',
    ...errors.slice(0, 30).map((e) => `- ${e}`),
    'Reply with the corrected JSON object {"explanation": ..., "surveyConfig": ...} only, fixing every problem and keeping the rest.',
  ].join('\n');
}

type ReplyRead = { ok: true; explanation: string; config: SurveyConfig } | { ok: false; errors: string[] };

/**
 * The model's text as a reply: JSON (a ``` fence around it is tolerated), `{explanation,
 * surveyConfig}` or a bare config, valid by the schema; improving keeps the current questions'
 * ids in order, adding keeps them first and adds 1 to 3. Otherwise the problems as "path:
 * message" lines to send back.
 */
function readReply(text: string, request: SurveyAssistantRequest): ReplyRead {
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch {
    return { ok: false, errors: ['The answer is not valid JSON: reply with one JSON object only'] };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, errors: ['The answer must be a JSON object {"explanation": ..., "surveyConfig": ...}'] };
  const reply = value as Record<string, unknown>;
  const isBareConfig = !('surveyConfig' in reply) && 'questions' in reply;
  const parsed = surveyConfigSchema.safeParse(isBareConfig ? reply : reply.surveyConfig);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((issue) => issueLine({ path: ['surveyConfig', ...issue.path], message: issue.message })) };
  }
  const current = request.context.currentSurvey?.surveyConfig;
  const currentIds = current?.questions.map((q) => q.id) ?? [];
  const ids = parsed.data.questions.map((q) => q.id);
  if (request.action === 'improve_questions' && ids.join('\n') !== currentIds.join('\n')) {
    return { ok: false, errors: [`surveyConfig.questions: keep every current question with the same ids in the same order (${currentIds.join(', ')})`] };
  }
  if (request.action === 'add_questions') {
    const added = ids.length - currentIds.length;
    if (ids.slice(0, currentIds.length).join('\n') !== currentIds.join('\n') || added < 1 || added > 3) {
      return { ok: false, errors: [`surveyConfig.questions: keep the current questions first (${currentIds.join(', ') || 'none'}) and add 1 to 3 new ones after them`] };
    }
  }
  const explanation = typeof reply.explanation === 'string' && reply.explanation.trim() ? reply.explanation.trim() : DEFAULT_EXPLANATION;
  // The survey keeps its internal id whatever the model wrote: it is the builder's, not the model's.
  return { ok: true, explanation, config: current ? { ...parsed.data, id: current.id } : parsed.data };
}

function answer(request: SurveyAssistantRequest, reply: { explanation: string; config: SurveyConfig }): SurveyAssistantResponse {
  return { action: request.action, bubbles: [{ content: reply.explanation, metadata: { surveyConfig: reply.config } }] };
}
