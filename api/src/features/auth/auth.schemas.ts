import { z } from 'zod';
import { cleanString } from '@parley/contracts/schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem } from './passwordRules';

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** A password someone is choosing: the length rule, then nothing trivially guessable. */
export const newPassword = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
  .superRefine((password, ctx) => {
    // One message at a time: a too-short password is reported as too short only.
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const registerSchema = z.object({
  email,
  password: newPassword,
  firstName: cleanString().trim().max(100).optional(),
  lastName: cleanString().trim().max(100).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** `/api/login?returnTo=&mode=`: `mode=signup` opens the sign-up form instead of sign-in; any other mode is ignored. */
export const loginPageQuerySchema = z.object({ returnTo: z.string().optional(), mode: z.string().optional() });
