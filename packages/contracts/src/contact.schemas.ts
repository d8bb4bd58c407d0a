/** zod schema of the public contact form, built on the plain rules in `contact.ts`. */
import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_TYPES, isEmail, type ContactInput } from './contact';
import { cleanString } from './text.schemas';

/** A required email address (trimmed) under the one rule every form shares. */
const emailSchema = (message: string) => z.string({ error: message }).trim().refine(isEmail, message);

/** POST /api/contact: who is asking, about what, and how to answer them. */
export const contactSchema = z.object({
  contactType: z.enum(CONTACT_TYPES, { error: CONTACT_MESSAGES.contactType }),
  name: cleanString({ error: CONTACT_MESSAGES.nameShort })
    .trim()
    .min(CONTACT_LIMITS.nameMin, CONTACT_MESSAGES.nameShort)
    .max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameLong),
  email: emailSchema(CONTACT_MESSAGES.email),
  company: cleanString()
    .trim()
    .max(CONTACT_LIMITS.companyMax, CONTACT_MESSAGES.companyLong)
    .nullish()
    .transform((v) => v || null),
  message: cleanString({ error: CONTACT_MESSAGES.messageShort })
    .trim()
    .min(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageShort)
    .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageLong),
}) satisfies z.ZodType<ContactInput>;
