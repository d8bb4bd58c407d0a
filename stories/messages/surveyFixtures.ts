import {
  newSurveyConfig,
  SURVEY_CHAT_TEXTS,
  surveyQuestionMessage,
  surveyStartMessage,
  type ChatMessage,
  type SurveyConfig,
  type SurveyStep,
} from '@parley/contracts';
import { bot } from '../support/fixtures';

/** The survey's id as the widget knows it (the stored survey's id) and the visitor's response. */
const SURVEY_ID = 12;
const RESPONSE_ID = 3;

/** A customer-feedback survey with every kind of question the chat asks. */
const feedbackSurvey: SurveyConfig = {
  ...newSurveyConfig('survey_feedback'),
  title: 'Customer feedback',
  description: 'Four quick questions about your last order.',
  completionMessage: 'Thank you for your feedback! It helps us improve.',
  questions: [
    {
      id: 'q_source',
      text: 'How did you hear about us?',
      type: 'single_choice',
      required: true,
      allowFreeChoice: true,
      options: [
        { id: 'search', text: 'Search engine' },
        { id: 'friend', text: 'A friend' },
        { id: 'social', text: 'Social media' },
      ],
    },
    {
      id: 'q_matters',
      text: 'What matters most to you? Pick up to two.',
      type: 'multiple_choice',
      required: true,
      allowFreeChoice: true,
      options: [
        { id: 'speed', text: 'Fast delivery' },
        { id: 'price', text: 'Low prices' },
        { id: 'support', text: 'Friendly support' },
      ],
      metadata: { minSelections: 1, maxSelections: 2 },
    },
    { id: 'q_satisfied', text: 'How satisfied are you with your order?', type: 'rating', required: true, metadata: { minValue: 1, maxValue: 5, ratingType: 'stars' } },
    { id: 'q_checkout', text: 'How easy was checkout?', type: 'rating', required: false, metadata: { minValue: 1, maxValue: 5, ratingType: 'numbers' } },
    { id: 'q_recommend', text: 'How likely are you to recommend us to a friend?', type: 'rating', required: false, metadata: { minValue: 0, maxValue: 10, ratingType: 'scale' } },
    { id: 'q_better', text: 'What could we do better?', type: 'text', required: false },
  ],
};

/** Question `index` exactly as the server sends it, as a stored bot message with id `id`. */
export function surveyQuestion(index: number, id: number, options: { survey?: SurveyConfig; step?: Partial<SurveyStep>; metadata?: Record<string, unknown> } = {}): ChatMessage {
  const asked = surveyQuestionMessage(SURVEY_ID, options.survey ?? feedbackSurvey, index, { responseId: RESPONSE_ID });
  const metadata = { ...asked.metadata, ...options.metadata, survey: { ...asked.metadata.survey, ...options.step } };
  return bot(asked.content, asked.messageType, metadata, id);
}

/** The same survey with progress hidden. */
export const withoutProgress: SurveyConfig = { ...feedbackSurvey, settings: { ...feedbackSurvey.settings, showProgress: false } };

/** The notice after "Leave survey", offering to come back. */
export function leftNotice(id: number): ChatMessage {
  return bot(SURVEY_CHAT_TEXTS.left, 'text', {
    survey: { kind: 'notice', surveyId: SURVEY_ID, responseId: RESPONSE_ID },
    quickReplies: [{ text: SURVEY_CHAT_TEXTS.continueLabel, action: surveyStartMessage(SURVEY_ID) }],
  }, id);
}

/** The survey's last message once every question is answered. */
export function completion(id: number): ChatMessage {
  return bot(feedbackSurvey.completionMessage, 'text', { survey: { kind: 'completion', surveyId: SURVEY_ID, responseId: RESPONSE_ID } }, id);
}

/** The survey's opening: its title and description. */
export function intro(id: number): ChatMessage {
  return bot(`**${feedbackSurvey.title}**\n\n${feedbackSurvey.description}`, 'text', { survey: { kind: 'notice', surveyId: SURVEY_ID, responseId: RESPONSE_ID } }, id);
}
