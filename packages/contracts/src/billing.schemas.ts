import { z } from 'zod';

/** `POST /api/subscription/create-checkout-session` and `/modify`. */
export const planChangeRequestSchema = z.object({
  planId: z.string({ error: 'planId is required' }).trim().min(1, 'planId is required').max(40, 'planId is too long'),
});
export type PlanChangeRequest = z.infer<typeof planChangeRequestSchema>;
