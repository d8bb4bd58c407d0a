import { SURVEY_DEFAULTS, type SurveyConfig } from '@parley/contracts';
import { joinWords } from '../../lib/joinWords';
import { shorten } from '../../lib/shorten';
import type { BusinessProfile } from './businessProfile';
import { asksForQuestions, listedQuestions } from './questionAsks';
import { appendQuestions, type QuestionDraft } from './questionDrafts';
import { questionEdit, typeName } from './questionEdits';
import { questionsFromWords } from './questionsFromWords';
import { type StandardSurveyKind, standardSurvey, usefulQuestions } from './standardSurvey';
import { type EditResult, surveyEdit } from './surveyEdits';
import { audienceTopic, businessTopic, type SurveyTopic, surveyTopic } from './surveyTopic';
import { COUNT, countOf } from './surveyVocabulary';
import { MAX_TOPIC_QUESTIONS, topicQuestions, type WantedType } from './topicQuestions';

/** What the owner's words did: the survey, whether a new one was built, what changed and what could not. */
export type CustomResult = { config: SurveyConfig; built: string | null; done: string[]; problems: string[]; unread: string[] };

/** The most questions one clause of a custom request adds. */
const MAX_ASKED = 3;

/**
 * The survey built or changed from the owner's own words, one clause at a time: "a 3
 * question survey about our new menu with a rating" or "a survey for people who attended our
 * class: rate the teacher, was it too long" builds a new one (on the current survey's id and
 * settings when there is one); "make question 2 optional", "rename the survey to X", "turn off
 * progress", "make the tone casual", "add a question about delivery", "rate our coffee from 1
 * to 10" change it. Questions asked of a survey without any make it a survey of those
 * questions. Clauses asking for something it cannot do are returned as `unread`.
 */
export function customSurvey(words: string, start: SurveyConfig, profile: BusinessProfile): CustomResult {
  let config = start;
  let built: string | null = null;
  let ofAskedQuestions = false;
  const done: string[] = [];
  const problems: string[] = [];
  const unread: string[] = [];
  for (const clause of splitClauses(words)) {
    const blank = !built && !ofAskedQuestions && config.questions.length === 0;
    const ask = built || ofAskedQuestions ? null : readNewSurveyAsk(clause, profile, blank);
    if (ask) {
      const result = buildSurvey(ask, config, profile);
      config = result.config;
      built = result.summary;
      unread.push(...(ask.listed?.unread ?? []));
      continue;
    }
    const edit = surveyEdit(clause, config);
    const asked = edit ? null : addAsked(clause, blank ? askedSurvey(config, start, profile) : config, profile, blank || ofAskedQuestions);
    if (asked && blank && asked.config.questions.length) ofAskedQuestions = true;
    const result = edit ?? asked ?? questionEdit(clause, config, profile);
    if (!result) {
      unread.push(clause);
      continue;
    }
    config = result.config;
    done.push(...result.done);
    problems.push(...result.problems);
  }
  if (ofAskedQuestions) {
    const n = config.questions.length;
    built = `I built "${config.title}" with ${n === 1 ? 'the question' : `the ${n} questions`} you asked for:`;
  }
  return { config, built, done, problems, unread };
}

/** The questions one clause asks for ("rate our coffee from 1 to 10") appended; `quiet` when they make up a survey being built. */
function addAsked(clause: string, config: SurveyConfig, profile: BusinessProfile, quiet: boolean): EditResult | null {
  if (!asksForQuestions(clause)) return null;
  const drafts = questionsFromWords(clause, profile, MAX_ASKED);
  if (!drafts.length) return null;
  const known = new Set(config.questions.map((q) => q.text.toLowerCase()));
  const fresh = drafts.filter((d) => !known.has(d.text.toLowerCase()));
  if (!fresh.length) return { config, done: [], problems: [`The survey already asks "${drafts[0].text}".`] };
  const { config: next, added } = appendQuestions(config, fresh);
  if (!added.length) return { config, done: [], problems: ['The survey already has the most questions it can hold.'] };
  return { config: next, done: quiet ? [] : added.map((q) => `Added "${q.text}" (${typeName(q)}).`), problems: [] };
}

/** A blank survey about to hold the questions asked: named after the business unless the owner named it in this message. */
function askedSurvey(config: SurveyConfig, start: SurveyConfig, profile: BusinessProfile): SurveyConfig {
  const untitled = config.title === start.title && start.title === SURVEY_DEFAULTS.title;
  const title = untitled ? shorten(`${profile.name ? `${profile.name} ` : ''}Survey`, 200) : config.title;
  const description = config.description === SURVEY_DEFAULTS.description ? `A short survey${profile.brand ? ` from ${profile.brand}` : ''}.` : config.description;
  return { ...config, title, description };
}

const INSTRUCTION =
  "(?:please\\s+)?(?:make|turn|rename|retitle|change|set|add|ask|include|remove|delete|drop|hide|show|disable|enable|allow|don't|do not|use|call|let|move|switch|put|keep|swap|reword|rephrase|improve|give|title|create|build|generate|write|also|only|stop|save|find out|rate|tell us|let us know|one (?:about|asking|for|on)|another one|another about|an? (?:yes\\s*/\\s*no|rating|multiple[- ]choice|single[- ]choice|open|text|question)|(?:which|what|how|whether|if)\\s+(?:they|you|customers|visitors|people|the|your|our)|(?:was|were|did|would|will|is|are|do|does|could)\\s+(?:it|they|you|we|the|your|our|people|customers|visitors))\\b";

/**
 * "rename it to X and turn off progress. Add a question about Y" → three clauses; "Fish and
 * Chips" stays whole, and so does a survey request listing its questions after a colon ("a
 * survey for our class: rate the teacher, was it too long").
 */
export function splitClauses(words: string): string[] {
  const listing = SURVEY_LISTING.exec(words);
  if (listing) {
    const end = listing.index + listing[0].length;
    return [...splitClauses(words.slice(0, listing.index)), listing[1].trim(), ...splitClauses(words.slice(end))];
  }
  const clauses = words
    // ";" and "and then" always end a clause, so words it cannot read are reported on their own.
    .split(new RegExp(`\\s*;\\s*|\\s*(?:,|\\band)\\s+then\\s+|(?:\\s*[.!\\n]+\\s*|\\s*,\\s*(?:and\\s+|then\\s+)?|\\s+(?:and|then|also|plus)\\s+(?:then\\s+|also\\s+)?)(?=${INSTRUCTION})`, 'i'))
    .map((c) => c.trim().replace(/^(?:and|then|also)\s+/i, '').replace(/[,;]+$|(?<![.!?])\.$/, '').trim())
    .filter(Boolean);
  // "a survey about X with a rating and an open question": the question types belong to the survey.
  return clauses.reduce<string[]>((out, clause) => {
    const previous = out.at(-1);
    if (previous && SURVEY_WORD.test(previous) && /^an?\s+(?:yes|rating|multiple|single|open|text)/i.test(clause)) out[out.length - 1] = `${previous} and ${clause}`;
    else out.push(clause);
    return out;
  }, []);
}

/** A sentence asking for a survey, its questions listed after a colon. */
const SURVEY_LISTING = /(?<=^|[.!?\n]\s*)([^.!?\n:]*\b(?:surveys?|questionnaires?|polls?|quiz)\b[^.!?\n:]*:[^.!?\n]+)[.!?]*/i;

type NewSurveyAsk = {
  count: number | null;
  /** "…: rate the teacher, was it too long": the questions the owner listed, and the items read as none. */
  listed?: { drafts: QuestionDraft[]; unread: string[] };
  topic: SurveyTopic | null;
  /** "a poll on which class times people prefer": the question itself. */
  question: string | null;
  poll: boolean;
  wanted: Set<WantedType>;
  standard: StandardSurveyKind | null;
};

const SURVEY_WORD = /\b(surveys?|questionnaires?|polls?|quiz(?:zes)?|(?:feedback|survey) forms?)\b/i;
const QUESTION_COUNT = new RegExp(`\\b${COUNT}[\\s-]+(?:(?:short|quick|simple|easy|brief|good)[\\s-]+)*questions?\\b`, 'i');
const TOPIC_END = String.raw`(?=\s+(?:with|including|that|which|using|in a|to (?:ask|find|learn|see|know|measure|get|understand|collect|gather)|and (?:make|add|turn|set|use|include|a|an|one|some|ask)|so|about|regarding|on|concerning|covering)\b|[,.;:!?(]|$)`;
const ABOUT = new RegExp(String.raw`\b(?:about|on|regarding|covering|concerning|around|for)\s+(.+?)${TOPIC_END}`, 'gi');
const OPINION = new RegExp(String.raw`\b(?:think|feel|opinions?|feedback|thoughts|views|satisfaction|experiences?)\s+(?:of|on|about|with)\s+(.+?)${TOPIC_END}`, 'i');

/**
 * A request for a whole new survey, with its size, topic and the question types it must have,
 * or the questions it lists after a colon; on a blank survey "questions about our vegan range"
 * asks for one too. Null for anything else.
 */
function readNewSurveyAsk(clause: string, profile: BusinessProfile, blank: boolean): NewSurveyAsk | null {
  const listing = /^([^:]*):\s*(.+)$/.exec(clause);
  if (listing && SURVEY_WORD.test(listing[1])) {
    const ask = readSurveyHead(listing[1], profile, blank);
    // "a poll on which pastry people like: croissant, scone" lists the answers to its question.
    if (ask?.question) return { ...ask, question: `${ask.question}: ${listing[2]}` };
    const listed = ask ? listedQuestions(listing[2], ask.topic, profile) : null;
    if (ask && listed?.drafts.length) return { ...ask, listed };
  }
  return readSurveyHead(clause, profile, blank);
}

const QUESTIONS_ABOUT = new RegExp(
  String.raw`^(?:please\s+)?(?:(?:add|write|create|make|give me|suggest|i need|we need|i want)\s+)?(?:${COUNT}\s+|some\s+)?(?:(?:more|new|short|quick|good|simple)\s+)*questions\s+(?:about|on|regarding|covering|for)\s+(.+)$`,
  'i',
);

function readSurveyHead(clause: string, profile: BusinessProfile, blank: boolean): NewSurveyAsk | null {
  const hasSurvey = SURVEY_WORD.test(clause);
  const aboutOnly = blank && !hasSurvey ? QUESTIONS_ABOUT.exec(clause) : null;
  if (aboutOnly) {
    const topic = surveyTopic(aboutOnly[2], profile) ?? audienceTopic(aboutOnly[2], profile);
    const count = aboutOnly[1] ? countOf(aboutOnly[1]) : null;
    return topic ? { count: count && count > 0 ? count : null, topic, question: null, poll: false, wanted: wantedTypes(clause), standard: null } : null;
  }
  const countMatch = QUESTION_COUNT.exec(clause);
  const renaming = /^(?:please\s+)?(?:rename|retitle|call|name|title)\b/i.test(clause);
  const newOne =
    /\b(?:a|an|new|another|one)\s+(?:[\w-]+[\s-]+){0,5}?(?:surveys?|questionnaires?|polls?|quiz)\b/i.test(clause) ||
    (/^(?:please\s+)?(?:create|make|build|generate|write|design|draft|set up|give me|i need|i want|we need|we want|start|new)\b/i.test(clause) && !/\b(?:the|this|my|our|current)\s+survey\b/i.test(clause)) ||
    /\b(?:surveys?|questionnaires?|polls?)\s+(?:about|on|for|regarding|to|asking|covering|that)\b/i.test(clause) ||
    /^(?:[\w/-]+\s+){0,5}(?:surveys?|questionnaires?|polls?|forms?)(?:\s+please)?$/i.test(clause) ||
    countMatch !== null;
  const countOnly = countMatch && /\b(?:about|on|regarding|covering)\b/i.test(clause) && !/\b(?:add|include|insert|append|also|more|another|extra)\b/i.test(clause);
  if (!((hasSurvey && newOne && !renaming) || countOnly)) return null;

  const opinion = OPINION.exec(clause);
  let topic = opinion ? surveyTopic(opinion[1], profile) : null;
  let question: string | null = null;
  for (const match of clause.matchAll(ABOUT)) {
    if (topic || question) break;
    const words = match[1].replace(SURVEY_WORD, '').trim();
    if (/^(which|what|how|why|where|when|who|whether|if)\s/i.test(words)) question = words;
    else topic = surveyTopic(words, profile) ?? audienceTopic(words, profile);
  }
  const count = countMatch ? countOf(countMatch[1]) : null;
  const standard: StandardSurveyKind | null = topic
    ? null
    : /\b(customer satisfaction|csat|satisfaction|nps|net promoter)\b/i.test(clause)
      ? 'customer_satisfaction'
      : /\bfeedback\b/i.test(clause)
        ? 'feedback'
        : null;
  return { count: count && count > 0 ? count : null, topic, question, poll: /\bpolls?\b/i.test(clause), wanted: wantedTypes(clause), standard: question ? null : standard };
}

function wantedTypes(clause: string): Set<WantedType> {
  const wanted = new Set<WantedType>();
  if (/\b(ratings?|stars?|scales?|scores?|nps|rate)\b/i.test(clause)) wanted.add('rating');
  if (/\bmultiple[- ]choice|\bmulti[- ]?select|\bcheck ?box(es)?\b/i.test(clause)) wanted.add('multiple_choice');
  if (/\bsingle[- ]choice|\bdrop-?down\b/i.test(clause)) wanted.add('single_choice');
  if (/\byes\s*\/\s*no\b|\byes or no\b/i.test(clause)) wanted.add('yes_no');
  if (/\bopen(?:[- ]ended)?\b|\bfree[- ]?text\b|\btext\b|\bwritten\b|\bcomments?\b/i.test(clause)) wanted.add('text');
  return wanted;
}

/** The survey asked for, on `base`'s id, settings and messages; and a one-sentence summary. */
function buildSurvey(ask: NewSurveyAsk, base: SurveyConfig, profile: BusinessProfile): { config: SurveyConfig; summary: string } {
  if (ask.listed) {
    const about = ask.topic;
    const title = shorten(about ? `${about.title} Survey` : `${profile.name ? `${profile.name} ` : ''}Survey`, 200);
    const description = about ? `A short survey about ${about.phrase}.` : 'A short survey.';
    const { config } = appendQuestions({ ...base, title, description, questions: [] }, ask.listed.drafts);
    const n = config.questions.length;
    return { config, summary: `I built "${title}" with ${n === 1 ? 'the question' : `the ${n} questions`} you listed${about ? ` about ${about.phrase}` : ''}:` };
  }
  if (ask.standard) {
    let config = standardSurvey(ask.standard, profile, base);
    const wanted = ask.count ?? config.questions.length;
    if (wanted < config.questions.length) config = { ...config, questions: config.questions.slice(0, wanted) };
    else if (wanted > config.questions.length) config = appendQuestions(config, usefulQuestions(profile, config.questions, wanted - config.questions.length)).config;
    return { config, summary: `I built "${config.title}", a ${ask.standard === 'customer_satisfaction' ? 'customer satisfaction' : 'feedback'} survey with ${config.questions.length} questions.` };
  }
  const asked = ask.question ? questionsFromWords(`ask ${ask.question}`, profile, 1) : [];
  if (asked.length) {
    const title = shorten(`${profile.name ? `${profile.name} ` : ''}${ask.poll ? 'Poll' : 'Survey'}`, 200);
    const { config } = appendQuestions({ ...base, title, description: ask.poll ? 'A one-question poll.' : 'A one-question survey.', questions: [] }, asked);
    return { config, summary: `I built "${config.title}" with one question, as you asked it:` };
  }
  const topic = ask.topic ?? businessTopic(profile);
  const count = ask.count ?? 4;
  const drafts = topicQuestions(topic, count, ask.wanted);
  const title = shorten(ask.topic ? `${topic.title} Survey` : `${profile.name || topic.title} Feedback Survey`, 200);
  const { config } = appendQuestions({ ...base, title, description: `A short survey about ${topic.phrase}.`, questions: [] }, drafts);
  const kinds = [...new Set(config.questions.map((q) => KIND_WORDS[q.type]))];
  const capped = count > MAX_TOPIC_QUESTIONS ? ` You asked for ${count}: offline I write at most ${MAX_TOPIC_QUESTIONS} distinct questions on one topic, so add the rest yourself or with Add Questions.` : '';
  return {
    config,
    summary: `I built "${config.title}": ${config.questions.length} ${config.questions.length === 1 ? 'question' : 'questions'} about ${topic.phrase} (${joinWords(kinds)}).${capped}`,
  };
}

const KIND_WORDS = { rating: 'rating', single_choice: 'single choice', multiple_choice: 'multiple choice', text: 'open answer' } as const;
