import { Hono } from 'hono';
import { uiDesignerRequestSchema } from '@parley/contracts/schemas';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { ownerRateLimit } from '../../middleware/ownerRateLimit';
import { designHomeScreen } from './uiDesigner.service';

/** Each design is a model call an owner reads before asking again; 30 a minute stops a script. */
export const UI_DESIGNER_PER_MINUTE = 30;
const limitPerUser = ownerRateLimit({
  bucket: 'ui-designer',
  limit: UI_DESIGNER_PER_MINUTE,
  message: 'Too many design requests. Please wait a moment and try again.',
});

/**
 * `POST /api/ui-designer/generate` (a new home screen) and `/modify` (change `currentConfig`):
 * `{prompt, currentConfig?, chatbotId}` → `{config, explanation}`. Invalid input answers 400
 * naming the field ("currentConfig.components.0.type: ...").
 */
export const uiDesignerRoutes = new Hono<OwnerEnv>()
  .post('/generate', limitPerUser, validate('json', uiDesignerRequestSchema, { issuePaths: true }), async (c) =>
    c.json(await designHomeScreen(c.get('user').id, 'generate', c.req.valid('json')), 200),
  )
  .post('/modify', limitPerUser, validate('json', uiDesignerRequestSchema, { issuePaths: true }), async (c) =>
    c.json(await designHomeScreen(c.get('user').id, 'modify', c.req.valid('json')), 200),
  );
