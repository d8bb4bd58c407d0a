import type OpenAI from 'openai';
import { z } from 'zod';
import {
  DESCRIPTION_FONT_SIZES,
  HOME_ACTION_TYPES,
  HOME_DESIGN_DEFAULTS,
  HOME_ITEM_STYLES,
  HOME_SCREEN_LIMITS,
  type HomeScreenConfig,
  homeComponentTypes,
  STARTER_HOME_SCREEN_CONFIG,
  splitThemeColors,
  TITLE_FONT_SIZES,
  type UiDesignerResponse,
} from '@parley/contracts';
import { issueLine, storedHomeScreenConfigSchema, uiDesignerResponseSchema } from '@parley/contracts/schemas';
import { HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { completeText, stripFence } from '../ai/assistantModel';
import { checkSurveyTopics, type DesignerSurvey, inactiveSurveyNote } from './matchSurvey';

export type ModelDesignerInput = {
  prompt: string;
  /** The design to change; null designs a new home screen. */
  currentConfig: HomeScreenConfig | null;
  bot: { name: string; description: string | null };
  /** The bot's surveys: a survey topic must start one of them. */
  surveys: DesignerSurvey[];
};

const INVALID_DESIGN = 'The AI designer could not produce a valid home screen. Please rephrase your request and try again.';
const DEFAULT_EXPLANATION = 'Here is your home screen design.';
const savableConfigSchema = storedHomeScreenConfigSchema.unwrap();

/**
 * The UI designer with a language model: it is told the home screen format exactly, the bot and
 * the owner's colours, and answers `{config, explanation}` as JSON. The config must pass the same
 * schema a save does; when it does not, the model gets one chance to correct it with the list of
 * problems, after which the request answers 502 (as does a failed model call). A survey topic
 * must start one of the bot's surveys: one that does not is sent back in the same repair round,
 * and left out with a note if it comes back again (the first design, valid otherwise, is kept
 * when the repair fails).
 */
export async function modelDesigner(client: OpenAI, model: string, input: ModelDesignerInput): Promise<UiDesignerResponse> {
  const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
    { role: 'system', content: designerBrief(input) },
    { role: 'user', content: designRequest(input) },
  ];
  const first = await complete(client, model, messages);
  const firstTry = readDesign(first, input.surveys);
  if (firstTry.ok && !firstTry.strays.length) return firstTry.design;
  const problems = firstTry.ok ? firstTry.strays.map((stray) => strayProblem(stray, input.surveys)) : firstTry.errors;

  const second = await complete(client, model, [...messages, { role: 'assistant', content: first }, { role: 'user', content: repairRequest(problems) }]);
  const secondTry = readDesign(second, input.surveys);
  if (secondTry.ok) return secondTry.design;
  if (firstTry.ok) return firstTry.design;
  logger.warn('ui designer model answered an invalid design twice', { errors: secondTry.errors.slice(0, 10) });
  throw new HttpError(502, INVALID_DESIGN);
}

type Stray = ReturnType<typeof checkSurveyTopics>['strays'][number];

function strayProblem({ path, topic }: Stray, surveys: DesignerSurvey[]): string {
  const ids = surveys.map((s) => s.id).join(', ');
  const fix = surveys.length ? `use one of ${ids}` : 'this bot has no surveys, so make no survey topic';
  return issueLine({ path: path.split('.'), message: `${JSON.stringify(topic.surveyId)} is not one of this bot's surveys: ${fix}` });
}

/**
 * The response format the model is held to: the JSON schema of `{config, explanation}` where the
 * server supports it. Built once; should the schema not convert, plain JSON mode is asked for
 * (the answer is validated either way).
 */
const responseFormat = buildResponseFormat();

function buildResponseFormat(): OpenAI.Chat.Completions.ChatCompletionCreateParams['response_format'] {
  try {
    const { $schema: _ignored, ...schema } = z.toJSONSchema(uiDesignerResponseSchema, { unrepresentable: 'any', io: 'input' });
    return { type: 'json_schema', json_schema: { name: 'home_screen_design', schema, strict: false } };
  } catch (error) {
    logger.warn('ui designer response schema has no JSON schema; using JSON mode', { error: String(error) });
    return { type: 'json_object' };
  }
}

function complete(client: OpenAI, model: string, messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[]): Promise<string> {
  return completeText(client, { model, temperature: 0.3, max_tokens: 4000, response_format: responseFormat, messages }, 'ui designer');
}

/** The home screen format in words, built from the same constants the schema checks. */
function designerBrief({ bot, surveys }: ModelDesignerInput): string {
  const list = (values: readonly (string | number)[]) => values.join(', ');
  const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');
  const d = HOME_DESIGN_DEFAULTS;
  return [
    "You design the home screen of a customer-support chat widget: the first screen a website visitor sees, with topics to pick before chatting with the support bot.",
    'Answer with one JSON object and nothing else: {"config": <the home screen config>, "explanation": "<one short paragraph: what you made, and anything asked for that the format cannot do>"}.',
    '',
    'The home screen config:',
    '{"version": 1, "components": [...], "theme": {...}, "settings": {...}}',
    `- components: at most ${HOME_SCREEN_LIMITS.components}, shown in "order" (0, 1, 2, ...). Each is {"id": a short unique id, "type": one of ${quoted(homeComponentTypes)}, "order": a whole number, "visible": true, "props": {...}}. No other types exist.`,
    'Props by type:',
    '- header: {"title": text, "subtitle": text, "topics": [topic] (optional, a few at most), "style": {"transparentBackground": boolean}}',
    `- topic_grid: {"title": text (optional), "topics": [topic] (at most ${HOME_SCREEN_LIMITS.topics}), "style": {"itemStyle": ${quoted(HOME_ITEM_STYLES)}, "titleFontSize": one of ${list(TITLE_FONT_SIZES)}, "descriptionFontSize": one of ${list(DESCRIPTION_FONT_SIZES)}}}`,
    `- category_tabs: {"title": text (optional), "categories": [{"id": text, "label": text}] (at most ${HOME_SCREEN_LIMITS.categories})}; a topic whose "category" is a category's id shows under that tab`,
    `- quick_actions: {"title": text (optional), "actions": [topic] (at most ${HOME_SCREEN_LIMITS.actions}), "style": as for topic_grid}`,
    '- footer: {"text": text, "links": [{"text": text, "url": an http(s) URL}] (a few at most)}',
    `A topic: {"id": a short unique id, "title": required, short, "description": one short sentence, "icon": one emoji, "actionType": one of ${quoted(HOME_ACTION_TYPES)}, "message": text, "surveyId": text, "url": text, "category": a category id}.`,
    'actionType "message" sends "message" (or else the title) as the visitor\'s first chat message; "start_chat" opens an empty chat; "survey" starts the survey "surveyId" (required then); "link" opens "url", an http(s) URL (required then).',
    surveys.length
      ? 'A survey topic\'s "surveyId" must be the number of one of the chatbot\'s surveys listed below; when the request names a survey, pick the one it means by name or title. Only active surveys can be started by visitors: say so in the explanation when you use a draft or archived one.'
      : 'The chatbot has no surveys yet, so make no survey topics; if one is asked for, say in the explanation that a survey must first be created on the Surveys page.',
    'theme: {"primaryColor", "backgroundColor", "textColor": hex colours such as #2563eb (never colour names), "backgroundImageUrl": null or an http(s) URL of an image, "backgroundImageTransparency": a whole number from 0 to 100}.',
    'settings: {"enableSearch": boolean, "enableCategories": boolean (true with a category_tabs component), "defaultCategory": a category id (optional)}.',
    `Defaults: primary ${d.primaryColor}, background ${d.backgroundColor}, text ${d.textColor}, item style ${d.itemStyle}, title ${d.titleFontSize}, description ${d.descriptionFontSize}, transparency ${d.backgroundImageTransparency}.`,
    'Keep the text short and friendly, written for the visitors of this business, in the language of the request. Ids must be unique among the components, and among the topics of a component.',
    '',
    'An example of a valid config (a minimal one):',
    JSON.stringify(STARTER_HOME_SCREEN_CONFIG),
    '',
    'The chatbot:',
    `Name: ${bot.name}`,
    `Description: ${bot.description?.trim() || '(none)'}`,
    ...(surveys.length ? ['', "The chatbot's surveys (id: name (status)):", ...surveys.map((s) => `${s.id}: ${s.name} (${s.status})${s.title && s.title !== s.name ? `, titled "${s.title}"` : ''}`)] : []),
  ].join('\n');
}

/** The owner's words, their Theme tab colours and, to change a design, the current one. */
function designRequest({ prompt, currentConfig }: ModelDesignerInput): string {
  const { words, colors } = splitThemeColors(prompt);
  const colorLine = colors
    ? `Theme colors: primary ${colors.primaryColor}, background ${colors.backgroundColor}, text ${colors.textColor}. Use these in the theme unless my request asks for other colours.`
    : null;
  if (!currentConfig) return [`Design a new home screen. My request: ${words}`, colorLine].filter(Boolean).join('\n\n');
  return [
    `Change the current home screen below. Change only what is asked and keep everything else as it is, ids included. My request: ${words}`,
    colorLine,
    `The current config:\n${JSON.stringify(currentConfig)}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

function repairRequest(errors: string[]): string {
  return [
    'That answer is not a valid home screen design. Problems:',
    ...errors.slice(0, 30).map((e) => `- ${e}`),
    'Reply with the corrected JSON object {"config": ..., "explanation": ...} only, fixing every problem and keeping the rest.',
  ].join('\n');
}

type DesignRead = { ok: true; design: UiDesignerResponse; strays: Stray[] } | { ok: false; errors: string[] };

/**
 * The model's text as a design: JSON (a ``` fence around it is tolerated), `{config,
 * explanation}` or a bare config, the config valid by the schema. Otherwise the problems as
 * "path: message" lines to send back. Survey topics that start none of the bot's surveys are
 * left out of the design and returned as `strays`, with a note in the explanation.
 */
function readDesign(text: string, surveys: DesignerSurvey[]): DesignRead {
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch {
    return { ok: false, errors: ['The answer is not valid JSON: reply with one JSON object only'] };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, errors: ['The answer must be a JSON object {"config": ..., "explanation": ...}'] };
  const answer = value as Record<string, unknown>;
  const isBareConfig = !('config' in answer) && 'components' in answer;
  // Checked as a save checks it (bounds included), so what the model hands back can be saved.
  const parsed = savableConfigSchema.safeParse(isBareConfig ? answer : answer.config);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((issue) => issueLine({ path: ['config', ...issue.path], message: issue.message })) };
  }
  const explanation = typeof answer.explanation === 'string' && answer.explanation.trim() ? answer.explanation.trim() : DEFAULT_EXPLANATION;
  const { config, strays, used } = checkSurveyTopics(parsed.data, surveys);
  const notes = strays.map(({ topic }) => `I left out "${topic.title}": survey ${topic.surveyId} is not one of this bot's surveys.`);
  // The owner must learn that visitors cannot start a draft survey, unless the model said so already.
  if (!/\b(?:draft|archived|activate)/i.test(explanation)) notes.push(...used.flatMap((s) => inactiveSurveyNote(s) ?? []).map((n) => `${n}.`));
  return { ok: true, design: { config, explanation: [explanation, ...notes].join(' ') }, strays };
}
