import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { transaction } from '../../db/transaction';
import { db } from '../../db/client';
import { jsonEquals } from '../../db/sqlDialect';
import { chatMessages, chatSessions, formSubmissions, users, type Chatbot } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { EMAIL_MESSAGE, isEmail, LIMIT_CONTACT_FORM_TITLE, validateLimitContactForm, type SelectOptionRequest, type SubmitFormRequest } from '@parley/contracts';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { appLink } from '../email/appLink';
import { isEmailConfigured, onEmailSent, sendViaOutbox } from '../email/outbox.service';
import { addMessage, updateMessage, type SessionRow } from './chat.service';
import { hotStatement } from './hotStatement';

/**
 * Stores a form a visitor submitted (a bot's contact form, or the widget's limit contact
 * form, which works even when the bot is over its limit or inactive) and queues it by mail to
 * the bot's form recipient (else its owner). The lead row and its history message are stored
 * in one transaction, and the visitor is answered right after: the mail goes out through the
 * outbox without the visitor waiting for the SMTP server. So `emailSent` in the answer is
 * false until the outbox has sent the mail; the lead and its history message turn to true
 * then (also on a later retry). Without SMTP the lead is kept in history and in the owner's
 * Leads inbox.
 */
export async function submitForm(session: SessionRow, bot: Chatbot, input: SubmitFormRequest) {
  validateForm(input);
  const { submission, message } = await storeLead(session, bot, input);

  const to = await recipientFor(bot);
  if (to && isEmailConfigured()) {
    const replyTo = input.formData.find((f) => isEmailField(f) && isEmail(f.value.trim()))?.value.trim();
    await sendViaOutbox({
      to,
      subject: `[${bot.name}] ${input.formTitle}`,
      text: emailText(bot, session, input),
      replyTo,
      formSubmissionId: submission.id,
      // Queued mail about a lead belongs to the bot's owner and goes with their account.
      userId: bot.userId === SYSTEM_USER_ID ? null : bot.userId,
    }).catch((error) => logger.error('lead mail failed', { chatbotId: bot.id, formSubmissionId: submission.id, error: String(error) }));
  } else {
    logger.info('form stored without email', { chatbotId: bot.id, reason: to ? 'SMTP_URL not set' : 'no recipient' });
  }
  return { success: true as const, messageId: message.id, emailSent: false };
}

/** The lead and the history message that shows it: both or neither, so no lead is stored behind an error. */
function storeLead(session: SessionRow, bot: Chatbot, input: SubmitFormRequest) {
  return transaction(async () => {
    const submission = (await db
      .insert(formSubmissions)
      .values({ chatbotId: bot.id, sessionId: session.sessionId, formTitle: input.formTitle, formData: input.formData })
      .returning())[0];
    // Hidden in the widget (system), visible to the owner in history.
    const message = await addMessage(session, {
      sender: 'user',
      content: summarize(input),
      messageType: 'system',
      metadata: { formSubmissionId: submission.id, formTitle: input.formTitle, formData: input.formData, emailSent: false },
    });
    await db.update(chatSessions).set({ hasLead: true }).where(eq(chatSessions.sessionId, session.sessionId));
    return { submission, message };
  });
}

/**
 * Records a menu, multiselect or rating choice on the bot message that offered it (so history
 * shows it and the widget does not offer it again): the message the widget names when it is a
 * bot message of this session, else the latest one offering that option. The answer itself
 * comes from the streamed send that the widget makes with the option's instruction (a survey
 * reads its answer from this record).
 */
export async function selectOption(session: SessionRow, input: SelectOptionRequest) {
  const named =
    input.messageId === undefined
      ? undefined
      : (await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.sessionId, session.sessionId), eq(chatMessages.sender, 'bot'))).limit(1))[0];
  const target = named ?? await latestOffering(session.sessionId, input.optionId);
  if (!target) return { success: true as const, messageId: null };
  const selection = {
    optionId: input.optionId,
    optionText: input.optionText ?? null,
    payload: input.payload ?? null,
    ...(input.otherText?.trim() && { otherText: input.otherText.trim() }),
    selectedAt: new Date().toISOString(),
  };
  const metadata: Record<string, unknown> = { ...(target.metadata ?? {}), selection, submitted: true };
  if (target.messageType === 'multiselect_menu' && Array.isArray(input.payload)) metadata.selectedOptions = input.payload;
  await updateMessage(target.id, { metadata });
  return { success: true as const, messageId: target.id };
}

/** The latest of the session's recent choice messages that offers `optionId`, else its latest rating or multiselect. */
async function latestOffering(sessionId: string, optionId: string) {
  const candidates = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.sender, 'bot'), ne(chatMessages.messageType, 'text')))
    .orderBy(desc(chatMessages.id))
    .limit(20);
  return (
    candidates.find((m) => optionsOf(m.metadata).some((o) => String(o.id) === optionId)) ??
    candidates.find((m) => m.messageType === 'rating' || m.messageType === 'multiselect_menu')
  );
}

/**
 * Whether the visitor's next message answers a rating or multiselect the bot asked: the widget
 * records the choice on that message (select-option) just before it sends the answer as text.
 * Such an answer ("4", "Price, Support") is no question of the visitor's own.
 */
export async function answersChoice(sessionId: string): Promise<boolean> {
  const last = (await lastMessage({ sessionId }))[0];
  return last !== undefined && last.sender === 'bot' && (last.messageType === 'rating' || last.messageType === 'multiselect_menu') && last.submitted;
}

// Part of every turn: only what the check needs is read, not the message's whole metadata.
const lastMessage = hotStatement('chat_last_message_choice', () =>
  db
    .select({ sender: chatMessages.sender, messageType: chatMessages.messageType, submitted: jsonEquals(chatMessages.metadata, ['submitted'], true).mapWith(Boolean) })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sql.placeholder('sessionId')))
    .orderBy(desc(chatMessages.id))
    .limit(1),
);

// Mail accepted on a later retry still flips the flags the owner and the widget read.
onEmailSent(async (row) => {
  if (!row.formSubmissionId) return;
  await db.update(formSubmissions).set({ emailSent: true }).where(eq(formSubmissions.id, row.formSubmissionId));
  const messages = await db
    .select()
    .from(chatMessages)
    .where(jsonEquals(chatMessages.metadata, ['formSubmissionId'], row.formSubmissionId));
  for (const m of messages) await updateMessage(m.id, { metadata: { ...(m.metadata ?? {}), emailSent: true } });
});

/** The limit contact form has its fixed rules; any other form needs content and valid emails. */
function validateForm(input: SubmitFormRequest) {
  if (input.formTitle === LIMIT_CONTACT_FORM_TITLE) {
    const value = (id: string) => input.formData.find((f) => f.id === id)?.value ?? '';
    // The widget checks the same rule before sending; this is for callers that skip it.
    const problems = Object.entries(validateLimitContactForm({ name: value('name'), email: value('email'), message: value('message') }));
    if (problems.length) throw badRequest(problems[0][1], { fieldErrors: Object.fromEntries(problems.map(([field, text]) => [field, [text]])) });
    return;
  }
  if (input.formData.every((f) => !f.value.trim())) throw badRequest('Please fill in the form before sending it');
  const badEmail = input.formData.find((f) => isEmailField(f) && f.value.trim() && !isEmail(f.value.trim()));
  if (badEmail) throw badRequest(EMAIL_MESSAGE, { fieldErrors: { [badEmail.id]: [EMAIL_MESSAGE] } });
}

function isEmailField(field: { id: string; type?: string }) {
  return field.type === 'email' || field.id.toLowerCase() === 'email';
}

/** The bot's form recipient, else its owner; the system bot's forms go to the first admin. */
async function recipientFor(bot: Chatbot): Promise<string | null> {
  if (bot.formRecipientEmail) return bot.formRecipientEmail;
  if (bot.userId === SYSTEM_USER_ID) {
    return (await db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.createdAt)).limit(1))[0]?.email ?? null;
  }
  const owner = (await db.select({ email: users.email }).from(users).where(eq(users.id, bot.userId)).limit(1))[0]?.email;
  return owner && !owner.endsWith('.invalid') ? owner : null;
}

function summarize(input: SubmitFormRequest) {
  return [input.formTitle, ...input.formData.map((f) => `${f.label || f.id}: ${f.value}`)].join('\n');
}

function emailText(bot: Chatbot, session: SessionRow, input: SubmitFormRequest) {
  return [
    bot.formRecipientName ? `Hi ${bot.formRecipientName},` : 'Hello,',
    '',
    `A visitor submitted "${input.formTitle}" through your chatbot "${bot.name}".`,
    '',
    ...input.formData.map((f) => `${f.label || f.id}: ${f.value}`),
    '',
    `Conversation: ${session.sessionId}`,
    `Received: ${new Date().toISOString()}`,
    '',
    `All leads: ${appLink('/leads')}`,
    // Parley's own bot has no owner's history page to open, only the admins' Leads inbox.
    ...(bot.userId === SYSTEM_USER_ID ? [] : [`This conversation: ${appLink(`/chatbots/${bot.guid}/history?session=${encodeURIComponent(session.sessionId)}`)}`]),
  ].join('\n');
}

function optionsOf(metadata: Record<string, unknown> | null): { id: unknown }[] {
  const options = metadata?.options;
  return Array.isArray(options) ? options.filter((o): o is { id: unknown } => typeof o === 'object' && o !== null && 'id' in o) : [];
}
