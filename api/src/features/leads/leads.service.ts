import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatbots, chatSessions, formSubmissions, type User } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { pageInfo } from '../../lib/pagination';
import { isEmail } from '@parley/contracts';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { findChatbotByGuid, getOwnedChatbot } from '../chatbots/chatbots.service';
import { toCsv } from '../../lib/toCsv';

/** Who reads leads: the signed-in owner; admins also read those of Parley's own (system) bots. */
export type LeadReader = Pick<User, 'id' | 'isAdmin'>;

/** At most this many leads go into one CSV export (newest first). */
const EXPORT_LIMIT = 10_000;

/**
 * A page of the reader's leads (form submissions from visitors), newest first: of one bot when
 * `guid` is given (a foreign or unknown bot is a 404), else of all their bots. `unreadCount`
 * counts the same scope but leaves out leads from the owner's own test chats, which are
 * labelled `isTest` and never wait for an answer.
 */
export async function listLeads(reader: LeadReader, options: { guid?: string; page: number; limit: number }) {
  const scope = await scopeOf(reader, options.guid);
  const counts = (await db
    .select({ totalCount: count(), unreadCount: sql<number>`coalesce(sum(${unreadExpression}), 0)` })
    .from(formSubmissions)
    .innerJoin(chatbots, eq(chatbots.id, formSubmissions.chatbotId))
    .leftJoin(chatSessions, eq(chatSessions.sessionId, formSubmissions.sessionId))
    .where(scope).limit(1))[0];
  const totalCount = counts?.totalCount ?? 0;
  const rows = await selectLeads(scope)
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  return {
    leads: rows.map(toLead),
    pagination: pageInfo(totalCount, options.page, options.limit),
    unreadCount: Number(counts?.unreadCount ?? 0),
  };
}

/** The reader's unread leads across all their bots (test chats' leads left out), for badges. */
export async function countUnreadLeads(reader: LeadReader): Promise<number> {
  const row = (await db
    .select({ n: count() })
    .from(formSubmissions)
    .innerJoin(chatbots, eq(chatbots.id, formSubmissions.chatbotId))
    .leftJoin(chatSessions, eq(chatSessions.sessionId, formSubmissions.sessionId))
    .where(and(ownersOf(reader), sql`${unreadExpression} = 1`)).limit(1))[0];
  return row?.n ?? 0;
}

/** Marks one of the reader's leads read or unread; someone else's lead is a 404 like a missing one. */
export async function setLeadRead(reader: LeadReader, id: number, read: boolean) {
  const updated = (await db
    .update(formSubmissions)
    .set({ readAt: read ? new Date() : null })
    .where(and(eq(formSubmissions.id, id), inArray(formSubmissions.chatbotId, db.select({ id: chatbots.id }).from(chatbots).where(ownersOf(reader)))))
    .returning({ id: formSubmissions.id }))[0];
  if (!updated) throw notFound('Lead not found');
  return toLead((await selectLeads(eq(formSubmissions.id, id)).limit(1))[0]);
}

/** The reader's leads (of one bot, or all) as CSV, newest first. */
export async function exportLeadsCsv(reader: LeadReader, guid?: string): Promise<string> {
  const leads = (await selectLeads(await scopeOf(reader, guid)).limit(EXPORT_LIMIT)).map(toLead);
  const header = ['Received', 'Chatbot', 'Form', 'Name', 'Email', 'Message', 'All fields', 'Emailed', 'Read', 'Test', 'Session'];
  return toCsv([
    header,
    ...leads.map((lead) => [
      lead.createdAt,
      lead.chatbotName,
      lead.formTitle,
      lead.name ?? '',
      lead.email ?? '',
      lead.message ?? '',
      lead.fields.map((f) => `${f.label}: ${f.value}`).join('\n'),
      lead.emailSent ? 'yes' : 'no',
      lead.read ? 'yes' : 'no',
      lead.isTest ? 'yes' : 'no',
      lead.sessionId,
    ]),
  ]);
}

type LeadRow = Awaited<ReturnType<typeof selectLeads>>[number];
type Field = { id: string; label: string; value: string };

/** 1 for an unread lead from a real visitor; a lead whose session was deleted (no test flag joined) counts as one. */
const unreadExpression = sql`case when ${formSubmissions.readAt} is null and ${chatSessions.isTest} is not true then 1 else 0 end`;

/**
 * The bots whose leads the reader sees. Leads sent to Parley's own default bot have no
 * signed-in owner, so every admin sees them (they also get its lead mail).
 */
function ownersOf(reader: LeadReader): SQL {
  return reader.isAdmin ? or(eq(chatbots.userId, reader.id), eq(chatbots.userId, SYSTEM_USER_ID))! : eq(chatbots.userId, reader.id);
}

async function scopeOf(reader: LeadReader, guid?: string): Promise<SQL> {
  if (guid === undefined) return ownersOf(reader);
  const system = reader.isAdmin ? await findChatbotByGuid(guid) : undefined;
  const bot = system?.userId === SYSTEM_USER_ID ? system : await getOwnedChatbot(reader.id, guid);
  return eq(formSubmissions.chatbotId, bot.id);
}

function selectLeads(where: SQL | undefined) {
  return db
    .select({ submission: formSubmissions, chatbotGuid: chatbots.guid, chatbotName: chatbots.name, chatbotOwner: chatbots.userId, isTest: chatSessions.isTest })
    .from(formSubmissions)
    .innerJoin(chatbots, eq(chatbots.id, formSubmissions.chatbotId))
    .leftJoin(chatSessions, eq(chatSessions.sessionId, formSubmissions.sessionId))
    .where(where)
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .$dynamic();
}

function toLead({ submission, chatbotGuid, chatbotName, chatbotOwner, isTest }: LeadRow) {
  const fields: Field[] = submission.formData.map((f) => ({ id: f.id, label: f.label || f.id, value: f.value }));
  const types = new Map(submission.formData.map((f) => [f.id, f.type]));
  // Only a valid address is picked, so "Reply by email" never opens a broken mailto link.
  const emailLike = (test: (f: Field) => boolean) => pick(fields, (f) => test(f) && isEmail(f.value.trim()))?.trim() ?? null;
  const email = emailLike((f) => types.get(f.id) === 'email' || named(f, 'email')) ?? emailLike((f) => /e-?mail/i.test(f.label));
  return {
    id: submission.id,
    chatbotGuid,
    chatbotName,
    // Parley's own default bot has no history page in anyone's dashboard.
    fromParleyBot: chatbotOwner === SYSTEM_USER_ID,
    sessionId: submission.sessionId,
    formTitle: submission.formTitle,
    fields,
    name: pick(fields, (f) => named(f, 'name')) ?? pick(fields, (f) => /\bname\b/i.test(f.label)),
    email,
    message: pick(fields, (f) => named(f, 'message')) ?? pick(fields, (f) => types.get(f.id) === 'textarea'),
    emailSent: submission.emailSent,
    isTest: isTest ?? false,
    read: submission.readAt !== null,
    readAt: submission.readAt?.toISOString() ?? null,
    createdAt: submission.createdAt.toISOString(),
  };
}

const named = (f: Field, word: string) => f.id.toLowerCase() === word || f.label.toLowerCase() === word;

/** The value of the first non-blank field matching `test`, or null. */
function pick(fields: Field[], test: (f: Field) => boolean): string | null {
  return fields.find((f) => test(f) && f.value.trim() !== '')?.value ?? null;
}
