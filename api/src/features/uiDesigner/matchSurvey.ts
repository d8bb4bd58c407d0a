import type { HomeComponent, HomeScreenConfig, HomeTopic, SurveyStatus } from '@parley/contracts';

/** One of the bot's surveys as the designers see it: `id` is what a survey topic's surveyId holds. */
export type DesignerSurvey = { id: number; name: string; status: SurveyStatus; title: string };

/**
 * How the owner named a survey: by its id ("survey 12"), by words of its name ("our customer
 * satisfaction survey"), or neither ("the survey"). `label` is the button's quoted text, a hint
 * when nothing else tells the surveys apart.
 */
export type SurveyRef = { id?: string | number; words: string; label?: string };

export type SurveyMatch =
  | { kind: 'found'; survey: DesignerSurvey }
  | { kind: 'unknownId'; id: string | number }
  | { kind: 'ambiguous'; among: DesignerSurvey[] }
  /** Words that fit none of the surveys, or a bot without surveys. */
  | { kind: 'none' };

/**
 * The bot's survey the owner means. An id wins when it is one of the bot's surveys; a quoted
 * id that is not may still be a name ("survey 'NPS'"). Words that are a survey's whole name pick
 * it, else the survey sharing the most of them with its name and title; surveys sharing that
 * name are asked about. "The survey" means the only active one (or the only one).
 */
export function matchSurvey(ref: SurveyRef, surveys: DesignerSurvey[]): SurveyMatch {
  if (ref.id !== undefined) {
    const byId = surveys.find((s) => String(s.id) === String(ref.id));
    if (byId) return { kind: 'found', survey: byId };
    const asName = /^\d+$/.test(String(ref.id)) ? null : byWholeName(String(ref.id), surveys) ?? byWords(String(ref.id), surveys);
    return asName?.length === 1 ? { kind: 'found', survey: asName[0]! } : { kind: 'unknownId', id: ref.id };
  }
  const named = byWholeName(ref.words, surveys);
  if (named) return named.length === 1 ? { kind: 'found', survey: named[0]! } : { kind: 'ambiguous', among: named };
  if (significantWords(ref.words).length) {
    const best = byWords(ref.words, surveys);
    if (!best) return { kind: 'none' };
    return best.length === 1 ? { kind: 'found', survey: best[0]! } : { kind: 'ambiguous', among: best };
  }
  const active = surveys.filter((s) => s.status === 'active');
  if (active.length === 1) return { kind: 'found', survey: active[0]! };
  if (surveys.length === 1) return { kind: 'found', survey: surveys[0]! };
  if (!surveys.length) return { kind: 'none' };
  const among = active.length ? active : surveys;
  const byLabel = ref.label ? byWords(ref.label, among) : null;
  if (byLabel?.length === 1) return { kind: 'found', survey: byLabel[0]! };
  return { kind: 'ambiguous', among };
}

/**
 * The surveys whose whole name the words are, with or without "survey" after them (null when
 * none). Compared before any word is left out: the default name "New Survey" is nothing but
 * words that otherwise say nothing about which survey.
 */
function byWholeName(words: string, surveys: DesignerSurvey[]): DesignerSurvey[] | null {
  const said = allWords(words);
  if (!said.length) return null;
  for (const wanted of [said, [...said, 'survey']]) {
    const same = surveys.filter((s) => allWords(s.name).join(' ') === wanted.join(' '));
    if (same.length) return same;
  }
  return null;
}

/**
 * The surveys sharing the most words with `words` (null when none shares any). A tie goes to
 * the one whose name is exactly those words, then to the active ones.
 */
function byWords(words: string, surveys: DesignerSurvey[]): DesignerSurvey[] | null {
  const wanted = new Set(significantWords(words));
  const scored = surveys.map((survey) => {
    const own = new Set(significantWords(`${survey.name} ${survey.title}`));
    return { survey, score: [...wanted].filter((w) => own.has(w)).length };
  });
  const top = Math.max(0, ...scored.map((s) => s.score));
  if (top === 0) return null;
  let best = scored.filter((s) => s.score === top).map((s) => s.survey);
  const exact = best.filter((s) => sameWords(s.name, words));
  if (exact.length) best = exact;
  const active = best.filter((s) => s.status === 'active');
  return active.length ? active : best;
}

/** Words that name a survey: "our Customer Satisfaction survey" → customer, satisfaction. */
function significantWords(text: string): string[] {
  return wordsOf(text)
    .filter((w) => !IGNORED.has(w) && !/^\d+$/.test(w))
    .map(singular);
}

/** Every word, each in the singular: "New Surveys" → new, survey. */
const allWords = (text: string) => wordsOf(text).map(singular);

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const singular = (word: string) => word.replace(/(?<=...)s$/, '');

/** Words that say nothing about which survey: "a short 5-question survey" names none. */
const IGNORED = new Set([
  ...['survey', 'surveys', 'our', 'the', 'a', 'an', 'my', 'your', 'this', 'that', 'for', 'to', 'of', 'and', 'on', 'in', 'about', 'with'],
  ...['short', 'quick', 'brief', 'little', 'small', 'simple', 'new', 'current', 'latest', 'question', 'questions'],
]);

const sameWords = (a: string, b: string) => significantWords(a).sort().join(' ') === significantWords(b).sort().join(' ');

/** How many surveys a sentence names before it says "and N more". */
const LISTED = 5;

/** '"Feedback" (id 3) or "NPS" (id 4)': the surveys an owner can pick from. */
export function surveyChoiceList(surveys: DesignerSurvey[], joiner: 'and' | 'or' = 'and'): string {
  const named = surveys.slice(0, LISTED).map((s) => `"${s.name}" (id ${s.id})`);
  if (surveys.length > LISTED) named.push(`${surveys.length - LISTED} more`);
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} ${joiner} ${named.at(-1)}`;
}

/** Said when the owner picks a survey visitors cannot start yet. */
export function inactiveSurveyNote(survey: DesignerSurvey): string | null {
  if (survey.status === 'active') return null;
  const state = survey.status === 'draft' ? 'still a draft' : 'archived';
  return `The "${survey.name}" survey is ${state}, so visitors cannot start it until you activate it on the Surveys page`;
}

type TopicList = { topics: HomeTopic[]; set: (topics: HomeTopic[]) => void };

/**
 * A model's design with every survey topic checked against the bot's surveys: topics whose
 * surveyId is none of them are returned as `strays` (with where they are, for a repair request)
 * and left out of `config`; the kept ones hold the survey's numeric id.
 */
export function checkSurveyTopics(
  config: HomeScreenConfig,
  surveys: DesignerSurvey[],
): { config: HomeScreenConfig; strays: { path: string; topic: HomeTopic }[]; used: DesignerSurvey[] } {
  const copy = structuredClone(config);
  const strays: { path: string; topic: HomeTopic }[] = [];
  const used: DesignerSurvey[] = [];
  for (const [index, component] of copy.components.entries()) {
    const list = topicList(component);
    if (!list) continue;
    const kept: HomeTopic[] = [];
    for (const [i, topic] of list.topics.entries()) {
      const survey = topic.actionType === 'survey' ? surveys.find((s) => String(s.id) === String(topic.surveyId).trim()) : undefined;
      if (topic.actionType !== 'survey') kept.push(topic);
      else if (!survey) strays.push({ path: `config.components.${index}.props.${component.type === 'quick_actions' ? 'actions' : 'topics'}.${i}.surveyId`, topic });
      else {
        if (!used.includes(survey)) used.push(survey);
        kept.push({ ...topic, surveyId: survey.id });
      }
    }
    list.set(kept);
  }
  return { config: copy, strays, used };
}

function topicList(component: HomeComponent): TopicList | null {
  if (component.type === 'topic_grid') return { topics: component.props.topics, set: (t) => (component.props.topics = t) };
  if (component.type === 'quick_actions') return { topics: component.props.actions, set: (t) => (component.props.actions = t) };
  if (component.type === 'header' && component.props.topics) return { topics: component.props.topics, set: (t) => (component.props.topics = t) };
  return null;
}
