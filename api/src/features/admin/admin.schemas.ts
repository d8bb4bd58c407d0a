import { z } from 'zod';

const page = z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').default(1);
const search = z.string().trim().max(200, 'search must be at most 200 characters').default('');

/** `?search=&page=` of the accounts list: search by email or name. */
export const accountsQuerySchema = z.object({ search, page });

/** `?search=` of the chatbot picker: search by bot name or owner email. */
export const chatbotsQuerySchema = z.object({ search });

/** `?page=` of the admin log. */
export const actionsQuerySchema = z.object({ page });

export const userParamSchema = z.object({ userId: z.string().trim().min(1, 'userId is required').max(100) });

export const adminChatbotParamSchema = z.object({ guid: z.string().trim().min(1, 'guid is required').max(100) });
