/** zod schemas of the Unanswered inbox's requests, built on the plain rules in `unanswered.ts`. */
import { z } from 'zod';
import { qaFieldsSchema, withDistinctVariants } from './sources.schemas';
import { UNANSWERED_MAX_QUESTIONS, type AnswerUnansweredRequest, type DismissUnansweredRequest } from './unanswered';

const messageIdsSchema = z
  .array(z.number({ error: 'Message ids must be numbers' }).int('Message ids must be whole numbers').positive('Message ids must be positive'), {
    error: 'messageIds must be a list of message ids',
  })
  .min(1, 'Choose at least one question')
  .max(UNANSWERED_MAX_QUESTIONS, `At most ${UNANSWERED_MAX_QUESTIONS} questions at once`);

export const dismissUnansweredSchema = z.object({ messageIds: messageIdsSchema }) satisfies z.ZodType<DismissUnansweredRequest>;

export const answerUnansweredSchema = withDistinctVariants(qaFieldsSchema.extend({ messageIds: messageIdsSchema })) satisfies z.ZodType<AnswerUnansweredRequest>;
