import { z } from 'zod';
import { pageQuerySchema } from '../../lib/pageQuery';
import { SESSIONS_PAGE_SIZE } from '@parley/contracts';
import { sessionIdSchema } from '@parley/contracts/schemas';

export const sessionParamSchema = z.object({ sessionId: sessionIdSchema });

export const sessionsQuerySchema = pageQuerySchema(SESSIONS_PAGE_SIZE);

export const chatbotGuidParamSchema = z.object({ guid: z.string().trim().min(1).max(100) });
