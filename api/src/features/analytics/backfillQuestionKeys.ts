import { dialect, sqlite } from '../../db/client';
import { logger } from '../../lib/logger';
import { questionKey } from '../chat/questionKey';

/** Messages keyed per transaction: short write locks, few round trips. */
const BATCH_SIZE = 1_000;

/**
 * Gives the visitor messages written before wording keys existed their `question_key`, once.
 * The migration that added the column left a one-row table `question_key_backfill` naming the
 * last message it found; keys are code (`questionKey`), not SQL, so they are written here, in
 * batches along the primary key, and the table is dropped when done. Without the table (new
 * installs, later starts) this is one lookup.
 *
 * Form submissions (`system` messages) are not questions and stay without a key. Replies to a
 * rating or a choice cannot be told apart in old data and are keyed like questions.
 */
export function backfillQuestionKeys(): number {
  // PostgreSQL databases start with the column: they have no messages from before it.
  if (dialect === 'postgres') return 0;
  const pending = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'question_key_backfill'`).get();
  if (!pending) return 0;
  const row = sqlite.prepare(`SELECT max(up_to) AS upTo FROM question_key_backfill`).get() as { upTo: number | null };
  const upTo = row.upTo ?? 0;
  const next = sqlite.prepare(
    `SELECT id, content FROM chat_messages
     WHERE id > ? AND id <= ? AND question_key IS NULL AND sender = 'user' AND message_type <> 'system'
     ORDER BY id LIMIT ${BATCH_SIZE}`,
  );
  const setKey = sqlite.prepare(`UPDATE chat_messages SET question_key = ? WHERE id = ?`);
  const keyBatch = sqlite.transaction((rows: { id: number; content: string }[]) => {
    for (const message of rows) setKey.run(questionKey(message.content), message.id);
  });
  let keyed = 0;
  let after = 0;
  for (;;) {
    const rows = next.all(after, upTo) as { id: number; content: string }[];
    if (rows.length === 0) break;
    keyBatch(rows);
    keyed += rows.length;
    after = rows.at(-1)!.id;
  }
  sqlite.exec('DROP TABLE question_key_backfill');
  if (keyed > 0) logger.info('keyed earlier visitor questions for analytics', { messages: keyed });
  return keyed;
}
