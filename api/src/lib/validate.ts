import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { badRequest } from './errors';

/**
 * zValidator with Parley's error shape: 400 `{message, details: {fieldErrors, formErrors}}`,
 * where `message` is the first problem in words so a client can show it as is.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error as unknown as z.ZodError);
  });
}

/** Converts a zod error into the 400 HttpError every route uses. */
export function validationError(error: z.ZodError) {
  const first = error.issues[0];
  const flat = z.flattenError(error);
  return badRequest(first?.message ?? 'Invalid request', {
    fieldErrors: flat.fieldErrors,
    formErrors: flat.formErrors,
  });
}
