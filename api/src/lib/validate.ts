import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { z } from 'zod';
import { issueLine } from '@parley/contracts/schemas';
import { jsonTextDepth, MAX_JSON_BODY_DEPTH } from './jsonTextDepth';
import { badRequest } from './errors';

/** The media types Hono's validator parses as JSON (others validate as `{}`). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * `issuePaths`: answer a nested body (a home screen config) with where each problem is, the
 * message naming the first one's field ("components.1.props.topics.0.title: Title is required")
 * and `details.issues` listing all of them as `{path, message}`, paths dotted. With `{under}`,
 * paths inside that body field are given relative to it, as the owner sees the config it holds.
 * Off by default, so the other routes' answers stay as they are.
 */
type ValidateOptions = { issuePaths?: true | { under: string } };

/**
 * zValidator with Parley's error shape: 400 `{message, details: {fieldErrors, formErrors}}`,
 * where `message` is the first problem in words so a client can show it as is (or, with
 * `issuePaths`, the shape described there).
 *
 * For `json`, the body's nesting depth is checked on its text before it is parsed (JSON nested
 * thousands of levels deep would otherwise blow the stack of whatever walks it later: a 500
 * instead of a 400); it is then parsed once, for the validator.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T, options: ValidateOptions = {}) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      const error = result.error as unknown as z.ZodError;
      throw options.issuePaths ? issuePathError(error, options.issuePaths) : validationError(error);
    }
  });
  if (target !== 'json') return validator;
  const checked: MiddlewareHandler = async (c, next) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
    if (JSON_MEDIA_TYPE.test(mediaType)) {
      const text = await c.req.text();
      assertJsonDepth(text);
      // Parsed once here: the validator's c.req.json() then reads this instead of re-reading
      // the cached text through a new Response (a visible cost on every chat turn).
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest('Malformed JSON in request body');
      }
      c.req.bodyCache.json = Promise.resolve(parsed);
    }
    return validator(c, next);
  };
  // Same middleware type as zValidator's, so `hc<AppType>` still sees each route's input.
  return checked as unknown as typeof validator;
}

/**
 * Throws 400 for a body nested deeper than `MAX_JSON_BODY_DEPTH`. (Its size is already bounded
 * by the body-limit middleware every API route runs behind.)
 */
function assertJsonDepth(text: string) {
  if (jsonTextDepth(text, MAX_JSON_BODY_DEPTH) > MAX_JSON_BODY_DEPTH) {
    throw badRequest(`JSON is nested too deeply (at most ${MAX_JSON_BODY_DEPTH} levels)`);
  }
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

/** A zod error as a 400 whose message and `details.issues` say where each problem is. */
function issuePathError(error: z.ZodError, paths: true | { under: string }) {
  const under = paths === true ? null : paths.under;
  const relative = error.issues.map((issue) => ({ path: relativePath(issue.path, under), message: issue.message }));
  const issues = relative.map(({ path, message }) => ({ path: path.map(String).join('.'), message }));
  const flat = z.flattenError(error);
  return badRequest(relative[0] ? issueLine(relative[0]) : 'Invalid request', { issues, fieldErrors: flat.fieldErrors, formErrors: flat.formErrors });
}

function relativePath(path: PropertyKey[], under: string | null): PropertyKey[] {
  const inside = under !== null && path.length > 1 && path[0] === under;
  return inside ? path.slice(1) : path;
}
