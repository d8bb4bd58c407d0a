import { z } from 'zod';

/** `?page=&limit=` of a paged owner list: page from 1, limit 1-100, `defaultLimit` when absent. */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int()
      .min(1, 'limit must be between 1 and 100')
      .max(100, 'limit must be between 1 and 100')
      .default(defaultLimit),
  });
}
