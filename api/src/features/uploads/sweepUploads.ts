import type { Dirent } from 'node:fs';
import { transaction } from '../../db/transaction';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type AnyColumn, and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { db, dialect } from '../../db/client';
import { chatbots, uploads, users } from '../../db/schema';
import { logger } from '../../lib/logger';
import { UPLOADS_DIR } from '../../lib/paths';
import { uploadFileName } from './uploadFileName';

/** How long a fresh upload is kept unreferenced: the owner may not have saved the bot form yet. */
const UPLOAD_GRACE_MS = 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export type SweepOptions = {
  /** Only files older than this are removed (default one hour). */
  olderThanMs?: number;
  /** Only this account's recorded uploads (files on disk without a row are left to the full sweep). */
  userId?: string;
  /** The clock, for tests. */
  now?: number;
};

export type SweepResult = { removed: string[]; freedBytes: number };

/**
 * Deletes uploaded files (disk and `uploads` row) that no avatar, home-screen config or profile
 * image of the file's own account points at. Files on disk with no row (uploaded before the table existed) are
 * judged the same way by their mtime. The referenced set is read once per sweep, so the cost is
 * one pass over bots and users plus one over the files.
 */
export async function sweepUnreferencedUploads(options: SweepOptions = {}): Promise<SweepResult> {
  const { olderThanMs = UPLOAD_GRACE_MS, userId, now = Date.now() } = options;
  const cutoff = now - olderThanMs;

  // Disk candidates first; the decision below is one transaction, so a bot
  // saved while we read the folder is seen before anything is deleted.
  const oldOnDisk = userId ? [] : await listFilesOlderThan(cutoff);

  const decided = await transaction(async () => {
    const referenced = await referencedUploads();
    const rows = (await db
      .select({ fileName: uploads.fileName, sizeBytes: uploads.sizeBytes, userId: uploads.userId })
      .from(uploads)
      .where(and(lt(uploads.createdAt, new Date(cutoff)), userId ? eq(uploads.userId, userId) : undefined)))
      .filter((row) => !referenced.byOwner.has(ownedKey(row.userId, row.fileName)));
    for (let i = 0; i < rows.length; i += 500) {
      await db.delete(uploads).where(inArray(uploads.fileName, rows.slice(i, i + 500).map((r) => r.fileName)));
    }

    let untracked: { fileName: string; sizeBytes: number }[] = [];
    if (oldOnDisk.length > 0) {
      const tracked = new Set((await db.select({ f: uploads.fileName }).from(uploads)).map((r) => r.f));
      const removedRows = new Set(rows.map((r) => r.fileName));
      untracked = oldOnDisk.filter((f) => !tracked.has(f.fileName) && !removedRows.has(f.fileName) && !referenced.anyOwner.has(f.fileName));
    }
    return [...rows, ...untracked];
  });

  const removed = await unlinkUploads(decided.map((f) => f.fileName));
  const gone = new Set(removed);
  const freedBytes = decided.reduce((total, f) => total + (gone.has(f.fileName) ? f.sizeBytes : 0), 0);
  if (removed.length > 0) {
    logger.info('removed unreferenced uploads', {
      count: removed.length,
      freedBytes,
      ...(userId && { userId }),
      files: removed.slice(0, 100),
      ...(removed.length > 100 && { more: removed.length - 100 }),
    });
  }
  return { removed, freedBytes };
}

/**
 * Which uploads the accounts' own profiles and bots point at, as `owner\nfile` pairs: a file is
 * kept only by a reference of the account that uploaded it, so pointing at another account's
 * file (by any host) neither keeps it alive nor keeps it on their quota. `anyOwner` holds every
 * referenced name, for files on disk with no recorded owner.
 */
async function referencedUploads(): Promise<{ byOwner: Set<string>; anyOwner: Set<string> }> {
  const values: { owner: string; v: unknown }[] = [
    ...(await db.select({ owner: chatbots.userId, v: chatbots.avatarUrl }).from(chatbots).where(mentionsUploads(chatbots.avatarUrl))),
    ...(await db.select({ owner: chatbots.userId, v: chatbots.homeScreenConfig }).from(chatbots).where(mentionsUploads(chatbots.homeScreenConfig, 'json'))),
    ...(await db.select({ owner: users.id, v: users.profileImageUrl }).from(users).where(mentionsUploads(users.profileImageUrl))),
  ];
  const byOwner = new Set<string>();
  const anyOwner = new Set<string>();
  for (const { owner, v } of values) {
    for (const text of stringsIn(v)) {
      const name = uploadFileName(text);
      if (!name) continue;
      byOwner.add(ownedKey(owner, name));
      anyOwner.add(name);
    }
  }
  return { byOwner, anyOwner };
}

/** Whether a column's text (a JSON column's serialised text) contains "uploads", case-sensitively as before. */
function mentionsUploads(column: AnyColumn, kind: 'text' | 'json' = 'text'): SQL {
  if (dialect === 'postgres') return kind === 'json' ? sql`strpos(${column}::text, 'uploads') > 0` : sql`strpos(${column}, 'uploads') > 0`;
  return sql`instr(${column}, 'uploads') > 0`;
}

const ownedKey = (owner: string, fileName: string) => `${owner}\n${fileName}`;

/** A plain URL column is one string; the home-screen config is JSON (read back as objects) with URLs anywhere in it. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string' && !value.trimStart().startsWith('{')) return [value];
  let node = value;
  if (typeof value === 'string') {
    try {
      node = JSON.parse(value);
    } catch {
      return [value];
    }
  }
  const found: string[] = [];
  const walk = (n: unknown): void => {
    if (typeof n === 'string') found.push(n);
    else if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') Object.values(n).forEach(walk);
  };
  walk(node);
  return found;
}

/**
 * Deletes files from the uploads folder and returns the names that are gone (a file already
 * missing counts as gone); a file that cannot be deleted is logged and left out.
 */
export async function unlinkUploads(fileNames: string[]): Promise<string[]> {
  const gone: string[] = [];
  for (const name of fileNames) {
    try {
      await unlink(path.join(UPLOADS_DIR, path.basename(name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        logger.warn('could not delete an uploaded file', { file: name, error: String(error) });
        continue;
      }
    }
    gone.push(name);
  }
  return gone;
}

async function listFilesOlderThan(cutoff: number): Promise<{ fileName: string; sizeBytes: number }[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(UPLOADS_DIR, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const old: { fileName: string; sizeBytes: number }[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const info = await stat(path.join(UPLOADS_DIR, entry.name)).catch(() => null);
    if (info && info.mtimeMs < cutoff) old.push({ fileName: entry.name, sizeBytes: info.size });
  }
  return old;
}

let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;

/** Sweeps once now and then every hour; the timer does not keep the process alive. */
export function startUploadSweeper(intervalMs = SWEEP_INTERVAL_MS) {
  if (timer) return;
  const run = () => {
    if (running) return;
    running = sweepUnreferencedUploads()
      .catch((error) => logger.error('sweeping unreferenced uploads failed', { error: String(error) }))
      .finally(() => (running = null));
  };
  timer = setInterval(run, intervalMs);
  timer.unref();
  run();
}

export function stopUploadSweeper() {
  if (timer) clearInterval(timer);
  timer = null;
}
