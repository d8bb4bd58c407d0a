import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { env } from '../env';
import { payloadTooLarge } from '../lib/errors';

/** JSON bodies are small; multipart uploads get the larger upload limit. */
const jsonBodyLimit = bodyLimit({
  maxSize: env.BODY_LIMIT_BYTES,
  onError: () => {
    throw payloadTooLarge(`Request body must be at most ${Math.round(env.BODY_LIMIT_BYTES / 1024)} KB`);
  },
});

const uploadBodyLimit = bodyLimit({
  maxSize: env.UPLOAD_LIMIT_BYTES + 64 * 1024,
  onError: () => {
    throw payloadTooLarge(`Upload must be at most ${Math.round(env.UPLOAD_LIMIT_BYTES / 1024 / 1024)} MB`);
  },
});

/** Picks the limit by content type, so every route is covered by one of the two. */
export const apiBodyLimit = createMiddleware((c, next) =>
  (c.req.header('content-type')?.toLowerCase().startsWith('multipart/') ? uploadBodyLimit : jsonBodyLimit)(c, next),
);
