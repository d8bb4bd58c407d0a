/** Conversation history as the owner reads it. */

/** Sessions per page of a bot's history, unless the request asks for another `limit` (1–100). */
export const SESSIONS_PAGE_SIZE = 10;
