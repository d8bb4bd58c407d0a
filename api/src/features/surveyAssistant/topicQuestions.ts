import type { QuestionType } from '@parley/contracts';
import { choiceQuestion, type QuestionDraft, ratingQuestion, textQuestion } from './questionDrafts';
import type { SurveyTopic } from './surveyTopic';
import { YES_MAYBE_NO, YES_NO } from './surveyVocabulary';

/** What the owner asked a survey to include: question types, "yes/no" standing for a Yes/No choice. */
export type WantedType = QuestionType | 'yes_no';

/** The most questions the offline assistant writes about one topic: past that they repeat themselves. */
export const MAX_TOPIC_QUESTIONS = 7;

type Idea = { draft: QuestionDraft; kind: WantedType };

/**
 * `count` distinct questions about `topic`, most useful first (a rating, what people liked,
 * what to improve, ...), the open questions last; each type in `wanted` is included even in
 * a short survey. At most `MAX_TOPIC_QUESTIONS`.
 */
export function topicQuestions(topic: SurveyTopic, count: number, wanted: ReadonlySet<WantedType> = new Set()): QuestionDraft[] {
  const ideas = topicIdeas(topic);
  const n = Math.min(Math.max(count, 1, wanted.size), ideas.length);
  const chosen = ideas.slice(0, n);
  for (const kind of wanted) {
    if (chosen.some((idea) => idea.kind === kind)) continue;
    const extra = ideas.find((idea) => idea.kind === kind && !chosen.includes(idea));
    if (!extra) continue;
    // Make room by dropping the least useful question whose type was not asked for.
    const drop = chosen.findLastIndex((idea, i) => i > 0 && !wanted.has(idea.kind));
    if (drop >= 0) chosen.splice(drop, 1, extra);
    else if (chosen.length < MAX_TOPIC_QUESTIONS) chosen.push(extra);
  }
  const order = (idea: Idea) => (idea.kind === 'text' ? 1 : 0);
  return chosen
    .map((idea, i) => ({ idea, i }))
    .sort((a, b) => order(a.idea) - order(b.idea) || ideas.indexOf(a.idea) - ideas.indexOf(b.idea) || a.i - b.i)
    .map(({ idea }) => idea.draft);
}

/** Questions about a topic, most useful first. A quality ("delivery speed") is not recommended or chosen again. */
function topicIdeas(topic: SurveyTopic): Idea[] {
  const t = topic.phrase;
  const ideas: Idea[] = [
    { kind: 'rating', draft: ratingQuestion(`How would you rate ${t}`) },
    { kind: 'text', draft: textQuestion(`What could we improve about ${t}`) },
    { kind: 'multiple_choice', draft: choiceQuestion('multiple_choice', topic.isQuality ? `What matters most to you about ${t}` : `What did you like most about ${t}`, topic.aspects, { other: true }) },
  ];
  if (topic.isQuality) {
    ideas.push(
      { kind: 'single_choice', draft: choiceQuestion('single_choice', `How did ${t} compare with your expectations`, ['Better than expected', 'As expected', 'Worse than expected']) },
      { kind: 'yes_no', draft: choiceQuestion('single_choice', `Are you happy with ${t}`, YES_NO) },
      { kind: 'rating', draft: ratingQuestion(`How important is ${t} to you`, { type: 'numbers' }) },
    );
  } else {
    ideas.push(
      { kind: 'rating', draft: ratingQuestion(`How likely are you to recommend ${t} to a friend`, { min: 0, max: 10, type: 'scale' }) },
      { kind: 'yes_no', draft: choiceQuestion('single_choice', `Would you choose ${t} again`, YES_MAYBE_NO) },
      { kind: 'single_choice', draft: choiceQuestion('single_choice', `How did ${t} compare with your expectations`, ['Better than expected', 'As expected', 'Worse than expected']) },
    );
  }
  ideas.push({ kind: 'text', draft: textQuestion(`Is there anything else you would like to tell us about ${t}`) });
  return ideas;
}
