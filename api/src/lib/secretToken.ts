import { createHash, randomBytes } from 'node:crypto';

/**
 * A bearer secret (login session, password-reset link, Test-page token): 32 random bytes,
 * base64url. Only its hash is ever stored, so a copy of the database opens nothing.
 */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

/** The stored form of a secret token: its SHA-256, hex. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
