import { storedHomeScreenConfigSchema } from '@parley/contracts/schemas';
import { z } from 'zod';

/** PATCH body of a bot's home screen; null restores the default home. */
export const homeScreenPatchSchema = z.object({ homeScreenConfig: storedHomeScreenConfigSchema });

export const chatbotParamSchema = z.object({ guid: z.string().min(1).max(100) });
