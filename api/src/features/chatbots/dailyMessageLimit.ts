/**
 * The bounds and message of a bot's daily message cap. Plain constants, no zod: the
 * dashboard's bot form imports them too, so browser and server never disagree.
 */
export const DAILY_MESSAGE_LIMIT_MAX = 1_000_000;
export const DAILY_MESSAGE_LIMIT_MESSAGE = `Daily message limit must be between 1 and ${DAILY_MESSAGE_LIMIT_MAX}`;
