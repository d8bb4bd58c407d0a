import { Hono } from 'hono';
import { createSurveyRequestSchema, updateSurveyRequestSchema } from '@parley/contracts/schemas';
import { attachment } from '../../lib/attachment';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { exportSurveyResponses, getSurveyAnalytics } from './surveyAnalytics.service';
import { surveyAnalyticsQuerySchema, surveyChatbotParamSchema, surveyParamSchema } from './surveys.schemas';
import { createSurvey, deleteSurvey, listSurveys, updateSurvey } from './surveys.service';

// A config's problems are named by their place inside it ("questions.0.options: ...").
const configPaths = { issuePaths: { under: 'surveyConfig' } } as const;

/**
 * `/api/chatbots/{id}/surveys`: the surveys of one of the owner's bots, a new one, and their
 * analytics (`/surveys/analytics`, `?include=totals` for the totals alone). `{id}` is the bot's
 * numeric id or guid.
 */
export const chatbotSurveyRoutes = new Hono<OwnerEnv>()
  .get('/:id/surveys', validate('param', surveyChatbotParamSchema), async (c) => c.json(await listSurveys(c.get('user').id, c.req.valid('param').id), 200))
  .post('/:id/surveys', validate('param', surveyChatbotParamSchema), validate('json', createSurveyRequestSchema, configPaths), async (c) =>
    c.json(await createSurvey(c.get('user').id, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .get('/:id/surveys/analytics', validate('param', surveyChatbotParamSchema), validate('query', surveyAnalyticsQuerySchema), async (c) =>
    c.json(await getSurveyAnalytics(c.get('user').id, c.req.valid('param').id, c.req.valid('query')), 200),
  );

/** `/api/surveys/{id}`: changing or deleting one of the owner's surveys, and the CSV of its responses. */
export const surveyRoutes = new Hono<OwnerEnv>()
  .patch('/:id', validate('param', surveyParamSchema), validate('json', updateSurveyRequestSchema, configPaths), async (c) =>
    c.json(await updateSurvey(c.get('user').id, c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/:id', validate('param', surveyParamSchema), async (c) => c.json(await deleteSurvey(c.get('user').id, c.req.valid('param').id), 200))
  .get('/:id/responses/export.csv', validate('param', surveyParamSchema), async (c) => {
    const { fileName, csv } = await exportSurveyResponses(c.get('user').id, c.req.valid('param').id);
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': attachment(fileName), 'Cache-Control': 'no-store' });
  });
