/**
 * Verified identity: a site tells the widget who its signed-in visitor is, and proves it with
 * `userHash = HMAC-SHA256(the bot's identity secret, userId)` (hex) computed on its own server.
 * Parley checks the hash and labels the conversation with that user (history, exports).
 */

/** Longest values `POST /api/chat/{sessionId}/identify` accepts (after trimming). */
export const IDENTITY_LIMITS = { userIdMax: 200, nameMax: 200, emailMax: 254 } as const;

/** A `userHash`: an HMAC-SHA256 in hex, 64 digits (either case). */
export const USER_HASH_PATTERN = /^[0-9a-fA-F]{64}$/;

/** The visitor as the site's server vouches for them: `ChatWidget.identify(...)`, the widget's `identity` prop. */
export interface VisitorIdentity {
  /** The user's id on the site (1–200 characters, trimmed): what the hash is computed over. */
  userId: string;
  /** Prefills the widget's contact form and shows in the owner's history. */
  name?: string;
  /** Prefills the widget's contact form and shows in the owner's history. */
  email?: string;
  /** `HMAC-SHA256(identity secret, userId)`, hex: made on the site's server, never in the browser. */
  userHash: string;
}

/** Body of `POST /api/chat/{sessionId}/identify`. */
export type IdentifyRequest = VisitorIdentity;

/** Answer of a verified `POST /api/chat/{sessionId}/identify` (200). */
export interface IdentifyResponse {
  identified: true;
  userId: string;
}

/** Answer of `GET /api/chatbots/{guid}/identity-secret` and of its `/rotate` (owner only). */
export interface IdentitySecretResponse {
  /** 64 hex digits. */
  secret: string;
}

/** The refusals of the identify call: texts and `details.reason`. */
export const IDENTITY_ERRORS = {
  /** 401: the hash does not match the user id (wrong or rotated secret). */
  badUserHash: { message: 'Identity verification failed', reason: 'bad_user_hash' },
  /** 409: the conversation was verified for another user id. */
  identityMismatch: { message: 'This conversation belongs to another signed-in user', reason: 'identity_mismatch' },
} as const;

/** The verified user a conversation is labelled with, as the owner's history and exports show it. */
export interface IdentifiedUser {
  userId: string;
  name: string | null;
  email: string | null;
  /** When the visitor was last verified in this conversation (ISO). */
  identifiedAt: string;
}
