/** zod schemas of the account forms and requests, built on the plain rules in `account.ts`. */
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  type AccountDeletion,
  type NewPasswordForm,
  type PasswordChange,
  type PasswordChangeForm,
  type PasswordReset,
  PROFILE_LIMITS,
  type ProfileUpdate,
} from './account';
import { isImageAddress } from './chatbot';
import { cleanString } from './text.schemas';

/** A name field: trimmed, bounded; empty means "no name" and is stored as null. */
const nameField = (tooLong: string) =>
  cleanString()
    .trim()
    .max(PROFILE_LIMITS.nameMax, tooLong)
    .nullable()
    .transform((v) => v || null)
    .optional();

export const profileUpdateSchema = z.object({
  firstName: nameField(ACCOUNT_MESSAGES.firstNameLong),
  lastName: nameField(ACCOUNT_MESSAGES.lastNameLong),
  profileImageUrl: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.imageUrlMax, ACCOUNT_MESSAGES.profileImageUrl)
    .refine((v) => v === '' || isImageAddress(v), ACCOUNT_MESSAGES.profileImageUrl)
    .nullable()
    .transform((v) => v || null)
    .optional(),
}) satisfies z.ZodType<ProfileUpdate>;

const currentPassword = z.string({ error: ACCOUNT_MESSAGES.currentPasswordRequired }).min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(200);
const newPassword = z.string({ error: ACCOUNT_MESSAGES.newPasswordRequired }).min(1, ACCOUNT_MESSAGES.newPasswordRequired).max(200);

/** The password change as sent; the server then applies its own rules to the new password. */
export const passwordChangeSchema = z.object({ currentPassword, newPassword }) satisfies z.ZodType<PasswordChange>;

const confirmed = { check: (v: NewPasswordForm) => v.newPassword === v.confirmPassword, message: ACCOUNT_MESSAGES.confirmPasswordMismatch, path: ['confirmPassword'] };

/** The reset-password form: the confirmation must repeat the new password. */
export const newPasswordFormSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine(confirmed.check, { message: confirmed.message, path: confirmed.path }) satisfies z.ZodType<NewPasswordForm>;

/** The change-password form: the current password, and the new one twice. */
export const passwordChangeFormSchema = z
  .object({ currentPassword, newPassword, confirmPassword: z.string() })
  .refine(confirmed.check, { message: confirmed.message, path: confirmed.path }) satisfies z.ZodType<PasswordChangeForm>;

export const passwordResetSchema = z.object({
  token: z.string({ error: ACCOUNT_MESSAGES.resetLinkInvalid }).min(1, ACCOUNT_MESSAGES.resetLinkInvalid).max(200, ACCOUNT_MESSAGES.resetLinkInvalid),
  newPassword,
}) satisfies z.ZodType<PasswordReset>;

export const accountDeletionSchema = z.object({
  confirmEmail: z.string({ error: ACCOUNT_MESSAGES.confirmEmail }).max(320, ACCOUNT_MESSAGES.confirmEmail),
}) satisfies z.ZodType<AccountDeletion>;
