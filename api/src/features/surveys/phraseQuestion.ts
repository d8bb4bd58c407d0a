import type { Chatbot } from '../../db/schema';
import { logger } from '../../lib/logger';
import { ratingScale, type SurveyConfig, type SurveyQuestion } from '@parley/contracts';
import { assistantClient } from '../ai/assistantModel';

/** Longer than this is no rephrased question but a model that went on talking. */
const MAX_PHRASING = 400;
/** The visitor is waiting for the next question: a slow model is skipped, not waited for. */
const PHRASING_TIMEOUT_MS = 8000;

/**
 * The question as the bot's model would ask it in the survey's tone (its AI instructions), or
 * null to ask it in the owner's words: without a model, when the call fails or times out, or
 * when the model answers nothing or too much. Only the wording changes: options, scale and the
 * recorded answers always come from the config.
 */
export async function phraseQuestion(bot: Pick<Chatbot, 'id' | 'model' | 'temperature'>, config: SurveyConfig, question: SurveyQuestion): Promise<string | null> {
  const client = assistantClient();
  if (!client) return null;
  try {
    const completion = await client.chat.completions.create(
      {
        model: bot.model,
        temperature: bot.temperature / 10,
        max_tokens: 200,
        messages: [
          { role: 'system', content: instructions(config) },
          { role: 'user', content: questionBrief(question) },
        ],
      },
      // One try: a retry would double the wait, and the owner's wording is a fine answer.
      { timeout: PHRASING_TIMEOUT_MS, maxRetries: 0 },
    );
    const text = unquote(completion.choices[0]?.message?.content ?? '');
    return text && text.length <= MAX_PHRASING ? text : null;
  } catch (error) {
    logger.warn('survey question phrasing failed', { chatbotId: bot.id, error: String(error) });
    return null;
  }
}

function instructions(config: SurveyConfig): string {
  return [
    'Rephrase the survey question for a chat, in the tone the instructions ask; keep its meaning; do not list options or add new questions; one or two sentences; answer with the question only.',
    `Survey: ${config.title}`,
    `Instructions: ${config.aiInstructions.trim() || '(none)'}`,
  ].join('\n');
}

function questionBrief(question: SurveyQuestion): string {
  if (question.type !== 'rating') return question.text;
  const { minValue, maxValue, ratingType } = ratingScale(question.metadata);
  return `${question.text}\n(Rated on a scale from ${minValue} to ${maxValue}${ratingType === 'stars' ? ' stars' : ''}.)`;
}

/** Models like to wrap a rewritten sentence in quotes. */
function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(["“'])([\s\S]*)(["”'])$/.exec(trimmed);
  return (quoted ? quoted[2] : trimmed).trim();
}
