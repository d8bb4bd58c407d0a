import { z } from 'zod';

const PLAN_REQUIRED = 'Choose a plan';

/** `POST /api/subscription/create-checkout-session`, `/modify` and an admin's plan change. */
export const planChangeRequestSchema = z.object({
  planId: z.string({ error: PLAN_REQUIRED }).trim().min(1, PLAN_REQUIRED).max(100, 'planId is too long'),
});
