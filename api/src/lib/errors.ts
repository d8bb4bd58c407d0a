import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error a service throws on purpose; `onError` turns it into `{message, details}`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const unauthorized = (message = 'Unauthorized', details?: Record<string, unknown>) => new HttpError(401, message, details);
export const forbidden = (message: string, details?: Record<string, unknown>) => new HttpError(403, message, details);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, details);
export const payloadTooLarge = (message = 'Payload too large', details?: Record<string, unknown>) => new HttpError(413, message, details);
export const tooManyRequests = (message = 'Too many requests', details?: Record<string, unknown>) =>
  new HttpError(429, message, details);
export const badGateway = (message: string, details?: Record<string, unknown>) => new HttpError(502, message, details);
