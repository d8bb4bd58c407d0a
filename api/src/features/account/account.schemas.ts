import { z } from 'zod';
import { passwordChangeSchema, passwordResetSchema } from '@parley/contracts/schemas';
import { email, newPassword } from '../auth/auth.schemas';

/** The shared shapes with the server's full password rules on the new password. */
export const passwordChangeRequestSchema = passwordChangeSchema.extend({ newPassword });
export const passwordResetRequestSchema = passwordResetSchema.extend({ newPassword });

export const forgotPasswordSchema = z.object({ email });
export const adminResetLinkSchema = z.object({ email });
