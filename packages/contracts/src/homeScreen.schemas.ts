/** zod schema of a home screen configuration, checked against the plain types in `homeScreen.ts`. */
import { z } from 'zod';
import { HOME_SCREEN_MAX_BYTES, HOME_SCREEN_MAX_DEPTH, type HomeComponent, type HomeScreenConfig, type HomeTopic } from './homeScreen';
import { boundedJson } from './text.schemas';

export const homeTopicSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    icon: z.string().optional(),
    message: z.string().optional(),
    actionType: z.string().optional(),
    surveyId: z.union([z.string(), z.number()]).optional(),
    action: z.string().optional(),
    category: z.string().optional(),
  })
  .loose() satisfies z.ZodType<HomeTopic>;

export const homeComponentSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    order: z.number().optional(),
    visible: z.boolean().optional(),
    /** Components sit 3 levels into a home screen config, so 9 levels keep within its 12. */
    props: boundedJson(z.record(z.string(), z.unknown()), { label: 'props', maxDepth: HOME_SCREEN_MAX_DEPTH - 3, maxBytes: 32 * 1024 }).default({}),
  })
  .loose() satisfies z.ZodType<HomeComponent, unknown>;

export const homeScreenConfigSchema = z
  .object({
    version: z.union([z.string(), z.number()]).optional(),
    components: z.array(homeComponentSchema).default([]),
    theme: z
      .object({
        primaryColor: z.string().optional(),
        backgroundColor: z.string().optional(),
        textColor: z.string().optional(),
        backgroundImageUrl: z.string().nullable().optional(),
        backgroundImageTransparency: z.number().min(0).max(100).optional(),
      })
      .loose()
      .optional(),
    settings: z
      .object({
        enableSearch: z.boolean().optional(),
        enableCategories: z.boolean().optional(),
        defaultCategory: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose() satisfies z.ZodType<HomeScreenConfig, unknown>;

/** A home screen as stored on a bot: bounded in depth and size, or null for the default home. */
export const storedHomeScreenConfigSchema = boundedJson(homeScreenConfigSchema, {
  label: 'homeScreenConfig',
  maxDepth: HOME_SCREEN_MAX_DEPTH,
  maxBytes: HOME_SCREEN_MAX_BYTES,
}).nullable();
