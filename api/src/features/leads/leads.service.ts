import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatbots, formSubmissions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { getOwnedChatbot } from '../chatbots/chatbots.service';
import { isEmailConfigured } from '../email/outbox.service';
import { toCsv } from './toCsv';

/** At most this many leads go into one CSV export (newest first). */
const EXPORT_LIMIT = 10_000;

/**
 * A page of the owner's leads (form submissions from visitors), newest first: of one bot when
 * `guid` is given (a foreign or unknown bot is a 404), else of all their bots. `unreadCount`
 * counts the same scope; `emailConfigured` says whether leads also leave by mail.
 */
export function listLeads(userId: string, options: { guid?: string; page: number; limit: number }) {
  const scope = scopeOf(userId, options.guid);
  const totalCount = db.select({ n: count() }).from(formSubmissions).innerJoin(chatbots, eq(chatbots.id, formSubmissions.chatbotId)).where(scope).get()?.n ?? 0;
  const unreadCount =
    db
      .select({ n: count() })
      .from(formSubmissions)
      .innerJoin(chatbots, eq(chatbots.id, formSubmissions.chatbotId))
      .where(and(scope, isNull(formSubmissions.readAt)))
      .get()?.n ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalCount / options.limit));
  const rows = selectLeads(scope)
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .all();
  return {
    leads: rows.map(toLead),
    pagination: {
      totalCount,
      currentPage: options.page,
      totalPages,
      hasPreviousPage: options.page > 1,
      hasNextPage: options.page < totalPages,
    },
    unreadCount,
    emailConfigured: isEmailConfigured(),
  };
}

/** Marks one of the owner's leads read or unread; someone else's lead is a 404 like a missing one. */
export function setLeadRead(userId: string, id: number, read: boolean) {
  const owned = db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .innerJoin(chatbots, eq(chatbots.id, formSubmissions.chatbotId))
    .where(and(eq(formSubmissions.id, id), eq(chatbots.userId, userId)))
    .get();
  if (!owned) throw notFound('Lead not found');
  db.update(formSubmissions)
    .set({ readAt: read ? new Date() : null })
    .where(eq(formSubmissions.id, id))
    .run();
  return toLead(selectLeads(eq(formSubmissions.id, id)).get()!);
}

/** The owner's leads (of one bot, or all) as CSV, newest first. */
export function exportLeadsCsv(userId: string, guid?: string): string {
  const leads = selectLeads(scopeOf(userId, guid)).limit(EXPORT_LIMIT).all().map(toLead);
  const header = ['Received', 'Chatbot', 'Form', 'Name', 'Email', 'Message', 'All fields', 'Emailed', 'Read', 'Session'];
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
      lead.sessionId,
    ]),
  ]);
}

type LeadRow = ReturnType<ReturnType<typeof selectLeads>['all']>[number];
type Field = { id: string; label: string; value: string };

function scopeOf(userId: string, guid?: string): SQL {
  if (guid === undefined) return eq(chatbots.userId, userId);
  return eq(formSubmissions.chatbotId, getOwnedChatbot(userId, guid).id);
}

function selectLeads(where: SQL | undefined) {
  return db
    .select({ submission: formSubmissions, chatbotGuid: chatbots.guid, chatbotName: chatbots.name })
    .from(formSubmissions)
    .innerJoin(chatbots, eq(chatbots.id, formSubmissions.chatbotId))
    .where(where)
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .$dynamic();
}

function toLead({ submission, chatbotGuid, chatbotName }: LeadRow) {
  const fields: Field[] = submission.formData.map((f) => ({ id: f.id, label: f.label || f.id, value: f.value }));
  const types = new Map(submission.formData.map((f) => [f.id, f.type]));
  return {
    id: submission.id,
    chatbotGuid,
    chatbotName,
    sessionId: submission.sessionId,
    formTitle: submission.formTitle,
    fields,
    name: pick(fields, (f) => named(f, 'name')) ?? pick(fields, (f) => /\bname\b/i.test(f.label)),
    email: pick(fields, (f) => types.get(f.id) === 'email' || named(f, 'email')) ?? pick(fields, (f) => /e-?mail/i.test(f.label)),
    message: pick(fields, (f) => named(f, 'message')) ?? pick(fields, (f) => types.get(f.id) === 'textarea'),
    emailSent: submission.emailSent,
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
