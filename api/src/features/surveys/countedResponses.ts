import { eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatSessions, surveyResponses, surveys } from '../../db/schema';

/**
 * Which survey responses count in the owner's figures (analytics, the CSV, list counts): a
 * completed one always, an unfinished one while its survey's current config saves partial
 * responses, and never one from the owner's own test chat. `counted` holds responses that
 * count; `fromTest` those that would but come from a test chat.
 *
 * The surveys that keep unfinished responses are read once here, from their configs, so the
 * conditions compare plain columns: reading the setting per response would parse a survey's
 * whole config again for each. The setting is read in code, the same on both databases: a bot
 * has a handful of surveys.
 *
 * Needs `survey_responses` in the query with `chat_sessions` left-joined on its session (a
 * response whose session was deleted counts as a visitor's); a survey left-joined without any
 * response has none that counts.
 */
export async function countedResponses(scope: { chatbotId: number } | { surveyId: number }): Promise<{ counted: SQL; fromTest: SQL }> {
  const keepingPartial = (await db
    .select({ id: surveys.id, config: surveys.surveyConfig })
    .from(surveys)
    .where('chatbotId' in scope ? eq(surveys.chatbotId, scope.chatbotId) : eq(surveys.id, scope.surveyId)))
    .filter((s) => keepsPartialResponses(s.config))
    .map((s) => s.id);
  const byRule = sql`(${surveyResponses.id} is not null and (${eq(surveyResponses.completed, true)} or ${inArray(surveyResponses.surveyId, keepingPartial)}))`;
  return { counted: sql`(${byRule} and not ${fromTestChat})`, fromTest: sql`(${byRule} and ${fromTestChat})` };
}

/** A config without the setting keeps them, as the settings' default does. */
function keepsPartialResponses(config: Record<string, unknown>): boolean {
  const settings = config.settings;
  const keep = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>).savePartialResponses : undefined;
  return keep === undefined || keep === null || keep === true || keep === 1;
}

// A response whose session was deleted (no session joined) is a visitor's.
const fromTestChat = sql`(${isNotNull(chatSessions.isTest)} and ${eq(chatSessions.isTest, true)})`;
