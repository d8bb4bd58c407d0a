import { randomUUID } from 'node:crypto';
import { newSurveyConfig, type SurveyAssistantRequest, type SurveyAssistantResponse, type SurveyConfig, type SurveyQuestion } from '@parley/contracts';
import { surveyConfigSchema } from '@parley/contracts/schemas';
import { joinWords } from '../../lib/joinWords';
import { logger } from '../../lib/logger';
import { type BusinessProfile, businessName, businessProfile } from './businessProfile';
import { customSurvey, splitClauses } from './customSurvey';
import { improveQuestions } from './improveQuestions';
import { typeName } from './questionEdits';
import { appendQuestions, type QuestionDraft } from './questionDrafts';
import { countAsked, questionsFromWords } from './questionsFromWords';
import { standardSurvey, usefulQuestions } from './standardSurvey';
import { COUNT } from './surveyVocabulary';

const OFFLINE_NOTE = "Made offline from your bot's name and description and your words: no AI model was involved. Review it, then use Apply to Survey to put it in the builder.";
/** The most questions add_questions appends in one go. */
const MAX_ADDED = 3;
const DEFAULT_ADDED = 2;
/** "add 2 more questions": a number, no topic. */
const GENERIC_ADD = new RegExp(`^(?:please\\s+)?(?:(?:add|give me|suggest|write|create)\\s+)?(?:${COUNT}\\s+|some\\s+|a\\s+|an\\s+|another\\s+|one more\\s+)?(?:(?:more|new|extra|other|good|useful|relevant|additional)\\s+)*questions?(?:\\s+please)?[.!]*$`, 'i');

/**
 * The survey assistant when no model is configured. Every action answers two bubbles: what
 * was made or changed, carrying the complete survey config (checked by the same schema a save
 * uses), then an honest note that no model was involved. Questions come from the bot's name
 * and description (the business and what it helps with) and the owner's words. A current
 * survey keeps its id, settings and messages unless the owner asks otherwise.
 */
export function offlineSurveyAssistant(request: SurveyAssistantRequest, newConfigId: () => string = freshConfigId): SurveyAssistantResponse {
  const profile = businessProfile(request.context.chatbotName, request.context.description);
  const current = request.context.currentSurvey?.surveyConfig ?? null;
  const base = current ?? newSurveyConfig(newConfigId());
  const words = request.userMessage.trim();
  const reply = (() => {
    switch (request.action) {
      case 'generate_customer_satisfaction':
      case 'generate_feedback':
        return generated(request.action, profile, base, words, current !== null);
      case 'improve_questions':
        return improved(base, profile, words);
      case 'add_questions':
        return added(base, profile, words);
      default:
        return custom(base, profile, words, current !== null);
    }
  })();
  return { action: request.action, bubbles: [{ content: reply.explanation, metadata: { surveyConfig: valid(reply.config, base) } }, { content: OFFLINE_NOTE }] };
}

type Reply = { config: SurveyConfig; explanation: string };

function generated(action: 'generate_customer_satisfaction' | 'generate_feedback', profile: BusinessProfile, base: SurveyConfig, words: string, replacing: boolean): Reply {
  const kind = action === 'generate_customer_satisfaction' ? 'customer_satisfaction' : 'feedback';
  let config = standardSurvey(kind, profile, base);
  const what = kind === 'customer_satisfaction' ? 'a customer satisfaction survey' : 'a feedback survey';
  const lines = [`I made ${what} for ${businessName(profile, 'your business')}, "${config.title}":`, ...questionLines(config.questions)];
  if (words) {
    const changes = customSurvey(words, config, profile);
    config = changes.config;
    lines.push(...changes.done, ...changes.problems, ...unreadLine(changes.unread));
  }
  if (replacing) lines.push("Applying it replaces the current survey's questions; its settings and completion message stay as they are.");
  return { config, explanation: lines.join('\n') };
}

function improved(base: SurveyConfig, profile: BusinessProfile, words: string): Reply {
  const count = base.questions.length;
  const { config, changed, titleChanged } = improveQuestions(base, profile.brand ? profile.brand.split(' ') : []);
  const lines: string[] = [];
  if (!changed.length && !titleChanged) {
    lines.push(`Your ${count} ${count === 1 ? 'question already reads' : 'questions already read'} clearly: well-formed questions, distinct options and valid rating scales. I kept ${count === 1 ? 'it' : 'them'} as ${count === 1 ? 'it is' : 'they are'}.`);
  } else {
    lines.push(changed.length ? `I improved ${changed.length} of your ${count} ${count === 1 ? 'question' : 'questions'}:` : 'Your questions already read clearly; I only tidied the title.');
    lines.push(...changed.map((c) => `• Question ${c.number}: ${c.changes.join('; ')}.`));
    if (titleChanged && changed.length) lines.push(`• Tidied the title to "${config.title}".`);
    lines.push('Ids, order, types and required settings are unchanged, so answers already given still match.');
  }
  if (!words) return { config, explanation: lines.join('\n') };
  const more = customSurvey(words, config, profile);
  return { config: more.config, explanation: [...lines, ...more.done, ...more.problems, ...unreadLine(more.unread)].join('\n') };
}

function added(base: SurveyConfig, profile: BusinessProfile, words: string): Reply {
  const asked = new Set(base.questions.map((q) => q.text.toLowerCase()));
  const drafts: QuestionDraft[] = [];
  const unread: string[] = [];
  for (const clause of words ? splitClauses(words) : []) {
    const fromClause = questionsFromWords(clause, profile, MAX_ADDED);
    if (!fromClause.length) unread.push(clause);
    for (const draft of fromClause) {
      if (drafts.length < MAX_ADDED && !asked.has(draft.text.toLowerCase())) {
        drafts.push(draft);
        asked.add(draft.text.toLowerCase());
      }
    }
  }
  const fromWords = drafts.length > 0;
  if (!fromWords) drafts.push(...usefulQuestions(profile, base.questions, Math.min(MAX_ADDED, words ? countAsked(words) : DEFAULT_ADDED)));
  const { config, added: questions } = appendQuestions(base, drafts);
  if (!questions.length) {
    return { config: base, explanation: `"${base.title}" already has the most questions a survey can hold, so I added none. Remove a question first.` };
  }
  const title = base.title.replace(/\s+/g, ' ').trim();
  const intro =
    words && !fromWords && !GENERIC_ADD.test(words)
      ? `I couldn't find a question to ask in "${words}", so I added ${questions.length === 1 ? 'one that fits' : 'some that fit'} your survey instead:`
      : `I added ${questions.length} ${questions.length === 1 ? 'question' : 'questions'} at the end of "${title}":`;
  const lines = [
    intro,
    ...questionLines(questions),
    base.questions.length ? `Your ${base.questions.length} existing ${base.questions.length === 1 ? 'question is' : 'questions are'} unchanged.` : '',
    ...(fromWords ? unreadLine(unread) : []),
  ];
  return { config, explanation: lines.filter(Boolean).join('\n') };
}

function custom(base: SurveyConfig, profile: BusinessProfile, words: string, hasCurrent: boolean): Reply {
  const result = customSurvey(words, base, profile);
  const lines = [...(result.built ? [result.built, ...questionLines(result.config.questions)] : []), ...result.done, ...result.problems];
  if (!result.built && !result.done.length) {
    const intro = result.problems.length ? 'Nothing was changed.' : `I couldn't find a change to make in "${words}", so the survey is ${hasCurrent ? 'unchanged' : 'still a blank new survey'}.`;
    return { config: base, explanation: [...result.problems, intro, HELP].join('\n') };
  }
  lines.push(...unreadLine(result.unread));
  return { config: result.config, explanation: lines.join('\n') };
}

const HELP = [
  'Offline, I can:',
  '• build a survey: "a 4 question survey about our delivery service with a rating"',
  '• add questions: "add a question about delivery speed", "ask which features they use"',
  '• change questions: "make question 2 optional", "change question 3 to a rating", "remove the last question"',
  '• change the survey: "rename the survey to Summer Feedback", "turn off progress", "make the tone casual"',
].join('\n');

/** What the owner asked that the offline assistant could not read, said once rather than guessed at. */
function unreadLine(unread: string[]): string[] {
  const asks = unread.filter((c) => c.split(/\s+/).length > 1);
  return asks.length ? [`I didn't understand: ${joinWords(asks.map((c) => `"${c}"`))}, so I left ${asks.length === 1 ? 'it' : 'them'} out.`] : [];
}

function questionLines(questions: Pick<SurveyQuestion, 'text' | 'type' | 'metadata' | 'required' | 'allowFreeChoice'>[]): string[] {
  return questions.map((q) => `• "${q.text}" (${typeName(q)}${q.allowFreeChoice ? ', with Other' : ''}${q.required ? '' : ', optional'})`);
}

/**
 * The config as the schema reads it. Offline configs are built to pass; should one not, the
 * survey the owner started from is answered instead of an invalid one, and the miss is logged.
 */
function valid(config: SurveyConfig, fallback: SurveyConfig): SurveyConfig {
  const parsed = surveyConfigSchema.safeParse(config);
  if (parsed.success) return parsed.data;
  logger.warn('offline survey assistant built an invalid survey', { issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`) });
  const usable = surveyConfigSchema.safeParse(fallback);
  return usable.success ? usable.data : newSurveyConfig(fallback.id);
}

const freshConfigId = () => `survey_${randomUUID().slice(0, 8)}`;
