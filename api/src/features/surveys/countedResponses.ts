import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { db, dialect } from '../../db/client';
import { chatSessions, surveyResponses, surveys } from '../../db/schema';

/**
 * Which survey responses count in the owner's figures (analytics, the CSV, list counts): a
 * completed one always, an unfinished one while its survey's current config saves partial
 * responses, and never one from the owner's own test chat. `counted` holds responses that
 * count; `fromTest` those that would but come from a test chat.
 *
 * The surveys that keep unfinished responses are read once here, from their configs, so the
 * conditions compare plain columns: reading the setting per response would parse a survey's
 * whole config again for each.
 *
 * Needs `survey_responses` in the query with `chat_sessions` left-joined on its session (a
 * response whose session was deleted counts as a visitor's); a survey left-joined without any
 * response has none that counts.
 */
export async function countedResponses(scope: { chatbotId: number } | { surveyId: number }): Promise<{ counted: SQL; fromTest: SQL }> {
  const keepingPartial = (await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(
      and(
        'chatbotId' in scope ? eq(surveys.chatbotId, scope.chatbotId) : eq(surveys.id, scope.surveyId),
        savesPartialResponses,
      ),
    ))
    .map((s) => s.id);
  const byRule = sql`(${surveyResponses.id} is not null and (${surveyResponses.completed} or ${inArray(surveyResponses.surveyId, keepingPartial)}))`;
  return { counted: sql`(${byRule} and not ${fromTestChat})`, fromTest: sql`(${byRule} and ${fromTestChat})` };
}

// Flags are written as bare conditions: SQLite's 0/1 and PostgreSQL's booleans both read as such.
const fromTestChat = sql`coalesce(${chatSessions.isTest}, false)`;

/** The survey's config saves unfinished responses (its default when the setting is missing). */
const savesPartialResponses =
  dialect === 'postgres'
    ? sql`coalesce((${surveys.surveyConfig} #>> '{settings,savePartialResponses}')::boolean, true)`
    : sql`coalesce(json_extract(${surveys.surveyConfig}, '$.settings.savePartialResponses'), 1) = 1`;
