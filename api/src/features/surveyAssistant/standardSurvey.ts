import type { SurveyConfig, SurveyQuestion } from '@parley/contracts';
import { shorten } from '../../lib/shorten';
import { type BusinessProfile, businessName, easeQuestion } from './businessProfile';
import { appendQuestions, capitalise, choiceQuestion, type QuestionDraft, ratingQuestion, textQuestion } from './questionDrafts';
import { HEAR_ABOUT_OPTIONS } from './surveyVocabulary';

export type StandardSurveyKind = 'customer_satisfaction' | 'feedback';

/** The most options a "what went well" question offers before Other. */
const MAX_OPTIONS = 6;

/**
 * A ready survey of a common kind for the business, on `base` (a new survey's config, or the
 * current one whose id, settings and messages are kept):
 * - customer satisfaction: overall satisfaction (1-5 stars), likelihood to recommend (0-10),
 *   what went well (multiple choice with Other, options from the business) and what could be
 *   better (optional text);
 * - feedback: how they heard about the business (with Other), which areas matter most (pick up
 *   to 2), how easy things were (1-5) and suggestions (optional text).
 */
export function standardSurvey(kind: StandardSurveyKind, profile: BusinessProfile, base: SurveyConfig): SurveyConfig {
  const name = businessName(profile);
  const drafts = kind === 'customer_satisfaction' ? satisfactionQuestions(profile) : feedbackQuestions(profile);
  const title = kind === 'customer_satisfaction' ? (profile.name ? `${profile.name} Customer Satisfaction` : 'Customer Satisfaction Survey') : profile.name ? `${profile.name} Feedback` : 'Feedback Survey';
  const description =
    kind === 'customer_satisfaction' ? `A short survey about your experience with ${name}: four quick questions.` : `Help ${name} improve: tell us how you found us and what matters to you.`;
  const { config } = appendQuestions({ ...base, title: shorten(title, 200), description, questions: [] }, drafts);
  return config;
}

function satisfactionQuestions(profile: BusinessProfile): QuestionDraft[] {
  const subject = profile.brand || 'our service';
  return [
    ratingQuestion(`Overall, how satisfied are you with ${subject}`, { min: 1, max: 5, type: 'stars' }),
    ratingQuestion(`How likely are you to recommend ${businessName(profile)} to a friend or colleague`, { min: 0, max: 10, type: 'scale' }),
    choiceQuestion('multiple_choice', 'What went well', wentWellOptions(profile), { other: true }),
    textQuestion('What could we do better'),
  ];
}

function feedbackQuestions(profile: BusinessProfile): QuestionDraft[] {
  return [
    choiceQuestion('single_choice', `How did you hear about ${businessName(profile)}`, HEAR_ABOUT_OPTIONS, { other: true }),
    choiceQuestion('multiple_choice', 'Which areas matter most to you', profile.kind.aspects, { other: true, maxSelections: 2 }),
    ratingQuestion(easeQuestion(profile), { min: 1, max: 5, type: 'numbers' }),
    textQuestion('Do you have any suggestions for us'),
  ];
}

/** The description's subjects ("Help with moorings") first, then what customers of such a business value. */
function wentWellOptions(profile: BusinessProfile): string[] {
  const fromTopics = profile.topics.slice(0, 2).map((t) => (t.help ? `Help with ${t.text}` : capitalise(t.text)));
  return [...fromTopics, ...profile.kind.aspects].slice(0, MAX_OPTIONS);
}

/** Useful questions the survey does not ask yet, the most useful first. */
export function usefulQuestions(profile: BusinessProfile, existing: SurveyQuestion[], count: number): QuestionDraft[] {
  const name = businessName(profile);
  const pool: [RegExp, QuestionDraft][] = [
    [/satisf|overall/i, ratingQuestion(`Overall, how satisfied are you with ${profile.brand || 'our service'}`)],
    [/recommend|likely/i, ratingQuestion(`How likely are you to recommend ${name} to a friend or colleague`, { min: 0, max: 10, type: 'scale' })],
    [/better|improve|suggest|change/i, textQuestion('What could we do better')],
    [/went well|like (most|best)|enjoy/i, choiceQuestion('multiple_choice', 'What went well', profile.kind.aspects, { other: true })],
    [/hear|find us|found us|discover/i, choiceQuestion('single_choice', `How did you hear about ${name}`, HEAR_ABOUT_OPTIONS, { other: true })],
    [/easy|ease|difficult/i, ratingQuestion(easeQuestion(profile), { type: 'numbers' })],
    [/matter|important|priorit/i, choiceQuestion('multiple_choice', 'Which areas matter most to you', profile.kind.aspects, { other: true, maxSelections: 2 })],
    [/anything else|other comments/i, textQuestion('Is there anything else you would like to tell us')],
  ];
  return pool
    .filter(([asked]) => !existing.some((q) => asked.test(q.text)))
    .slice(0, count)
    .map(([, draft]) => draft);
}
