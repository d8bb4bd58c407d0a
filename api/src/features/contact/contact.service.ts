import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { contactMessages, users } from '../../db/schema';
import { logger } from '../../lib/logger';
import { sendViaOutbox } from '../email/outbox.service';
import type { ContactInput } from '@parley/contracts';

/**
 * Stores a contact message, then mails it to every admin through the outbox. The message is
 * kept even when no mail can leave (no SMTP, server down): admins can still read it in the
 * database, and the outbox retries.
 */
export async function submitContactMessage(input: ContactInput) {
  const row = (await db.insert(contactMessages).values(input).returning())[0];
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
  const kind = input.contactType === 'sales' ? 'Sales inquiry' : 'Support request';
  await Promise.all(
    admins.map((admin) =>
      sendViaOutbox({
        to: admin.email,
        subject: `[Parley] ${kind} from ${input.name}`,
        text: contactMailText(input),
        replyTo: input.email,
        contactMessageId: row.id,
      })
        .then(({ sent }) => sent)
        .catch((error) => logger.error('queueing a contact mail failed', { error: String(error) })),
    ),
  );
  return { id: row.id, createdAt: row.createdAt };
}

function contactMailText(input: ContactInput) {
  return [
    `Type: ${input.contactType}`,
    `Name: ${input.name}`,
    `Email: ${input.email}`,
    `Company: ${input.company ?? '-'}`,
    '',
    input.message,
  ].join('\n');
}
