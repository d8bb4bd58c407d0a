/** zod schemas of verified identity (see `identity.ts`). */
import { z } from 'zod';
import { isEmail } from './contact';
import { IDENTITY_LIMITS, USER_HASH_PATTERN, type IdentifyRequest, type IdentifyResponse, type IdentitySecretResponse } from './identity';
import { cleanString } from './text.schemas';

const { userIdMax, nameMax, emailMax } = IDENTITY_LIMITS;

/** An optional text: blank or null count as not given (left out of the output). */
const optionalText = (field: string, max: number) =>
  cleanString({ error: `${field} must be a string` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .transform((v) => v || undefined)
    .optional();

/** Body of `POST /api/chat/{sessionId}/identify`. */
export const identifyRequestSchema = z.object({
  userId: cleanString({ error: 'userId is required' })
    .trim()
    .min(1, 'userId is required')
    .max(userIdMax, `userId must be at most ${userIdMax} characters`),
  name: optionalText('name', nameMax),
  email: cleanString({ error: 'email must be a string' })
    .trim()
    .refine((email) => email === '' || (email.length <= emailMax && isEmail(email)), 'email must be a valid email address')
    .nullable()
    .transform((v) => v || undefined)
    .optional(),
  userHash: z
    .string({ error: 'userHash is required' })
    .trim()
    .regex(USER_HASH_PATTERN, 'userHash must be the HMAC-SHA256 of userId as 64 hex digits')
    .transform((hash) => hash.toLowerCase()),
}) satisfies z.ZodType<IdentifyRequest, unknown>;

export const identifyResponseSchema = z.object({ identified: z.literal(true), userId: z.string() }) satisfies z.ZodType<IdentifyResponse>;

export const identitySecretResponseSchema = z.object({ secret: z.string().regex(/^[0-9a-f]{64}$/) }) satisfies z.ZodType<IdentitySecretResponse>;
