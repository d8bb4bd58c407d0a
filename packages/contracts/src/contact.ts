/**
 * Email and contact-form rules shared by every Parley package: the one test of an email
 * address, the public contact form's limits and messages, and the widget's limit contact form.
 * Plain functions and constants: the widget checks its form without zod, and the zod schemas in
 * `contact.schemas.ts` use the same pieces, so browser and server accept the same addresses.
 */

/**
 * zod 4's own `z.email()` pattern, copied (the widget cannot load zod). A test compares it with
 * zod's, so a zod upgrade that changes the pattern fails loudly instead of drifting.
 */
// biome-ignore lint/complexity/noUselessEscapeInRegex: kept character for character as zod writes it
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The longest address mail can carry: SMTP's 256-character path less its angle brackets. */
export const EMAIL_MAX_LENGTH = 254;

/** Whether `s` (already trimmed) is an email address every Parley form and the server accept. */
export function isEmail(s: string): boolean {
  return s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s);
}

export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** What a visitor of the public contact form can ask about. */
export const CONTACT_TYPES = ['sales', 'support'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** POST /api/contact, as the server keeps it. */
export interface ContactInput {
  contactType: ContactType;
  name: string;
  email: string;
  company: string | null;
  message: string;
}

export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, companyMax: 200, messageMin: 10, messageMax: 5000 } as const;

/** The public contact form's texts, word for word. */
export const CONTACT_MESSAGES = {
  contactType: 'Please select how we can help you',
  nameShort: `Name must be at least ${CONTACT_LIMITS.nameMin} characters`,
  nameLong: `Name must be at most ${CONTACT_LIMITS.nameMax} characters`,
  email: EMAIL_MESSAGE,
  companyLong: `Company must be at most ${CONTACT_LIMITS.companyMax} characters`,
  messageShort: `Message must be at least ${CONTACT_LIMITS.messageMin} characters`,
  messageLong: `Message must be at most ${CONTACT_LIMITS.messageMax} characters`,
} as const;

/** Values of the contact form the widget shows when its bot is over its limit or inactive. */
export interface LimitContactValues {
  name: string;
  email: string;
  message: string;
}

export type LimitContactErrors = Partial<Record<keyof LimitContactValues, string>>;

/** The limit contact form is tighter than the public one: it fits in the chat window. */
export const LIMIT_CONTACT_LIMITS = { nameMin: 2, nameMax: 50, emailMax: 100, messageMin: 10, messageMax: 1000 } as const;

/** The limit contact form's problems, one per field, in the widget's own words; `{}` when it may be sent. */
export function validateLimitContactForm(values: LimitContactValues): LimitContactErrors {
  const { nameMin, nameMax, emailMax, messageMin, messageMax } = LIMIT_CONTACT_LIMITS;
  const errors: LimitContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'Name is required';
  else if (name.length < nameMin) errors.name = `Name must be at least ${nameMin} characters`;
  else if (name.length > nameMax) errors.name = `Name must be at most ${nameMax} characters`;
  if (!email) errors.email = 'Email is required';
  else if (email.length > emailMax || !isEmail(email)) errors.email = EMAIL_MESSAGE;
  if (!message) errors.message = 'Message is required';
  else if (message.length < messageMin) errors.message = `Message must be at least ${messageMin} characters`;
  else if (message.length > messageMax) errors.message = `Message must be less than ${messageMax} characters`;
  return errors;
}
