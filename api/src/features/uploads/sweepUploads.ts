import type { Dirent } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, lt } from 'drizzle-orm';
import { db, sqlite } from '../../db/client';
import { uploads } from '../../db/schema';
import { logger } from '../../lib/logger';
import { UPLOADS_DIR } from '../../lib/paths';

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
 * Deletes uploaded files (disk and `uploads` row) that no bot avatar, bot home-screen config or
 * profile image points at. Files on disk with no row (uploaded before the table existed) are
 * judged the same way by their mtime. The referenced set is read once per sweep, so the cost is
 * one pass over bots and users plus one over the files.
 */
export async function sweepUnreferencedUploads(options: SweepOptions = {}): Promise<SweepResult> {
  const { olderThanMs = UPLOAD_GRACE_MS, userId, now = Date.now() } = options;
  const cutoff = now - olderThanMs;

  // Disk candidates first (async); the decision below is one synchronous transaction so a bot
  // saved while we read the folder is seen before anything is deleted.
  const oldOnDisk = userId ? [] : await listFilesOlderThan(cutoff);

  const decided = sqlite.transaction(() => {
    const referenced = referencedUploadNames();
    const rows = db
      .select({ fileName: uploads.fileName, sizeBytes: uploads.sizeBytes })
      .from(uploads)
      .where(and(lt(uploads.createdAt, new Date(cutoff)), userId ? eq(uploads.userId, userId) : undefined))
      .all()
      .filter((row) => !referenced.has(row.fileName));
    const removeRow = sqlite.prepare('delete from uploads where file_name = ?');
    for (const row of rows) removeRow.run(row.fileName);

    let untracked: { fileName: string; sizeBytes: number }[] = [];
    if (oldOnDisk.length > 0) {
      const tracked = new Set((sqlite.prepare('select file_name as f from uploads').all() as { f: string }[]).map((r) => r.f));
      const removedRows = new Set(rows.map((r) => r.fileName));
      untracked = oldOnDisk.filter((f) => !tracked.has(f.fileName) && !removedRows.has(f.fileName) && !referenced.has(f.fileName));
    }
    return [...rows, ...untracked];
  })();

  let freedBytes = 0;
  const removed: string[] = [];
  for (const file of decided) {
    try {
      await unlink(path.join(UPLOADS_DIR, file.fileName));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        logger.warn('could not delete an unreferenced upload', { file: file.fileName, error: String(error) });
        continue;
      }
    }
    removed.push(file.fileName);
    freedBytes += file.sizeBytes;
  }
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
 * Every upload file name some bot or profile points at. URLs may be relative (`/uploads/x.png`)
 * or absolute (`https://host/uploads/x.png`) and sit anywhere inside the home-screen JSON.
 */
function referencedUploadNames(): Set<string> {
  const values = sqlite
    .prepare(
      `select avatar_url as v from chatbots where instr(avatar_url, '/uploads/') > 0
       union all select home_screen_config from chatbots where instr(home_screen_config, 'uploads') > 0
       union all select profile_image_url from users where instr(profile_image_url, '/uploads/') > 0`,
    )
    .all() as { v: string }[];
  const names = new Set<string>();
  const pattern = /\/uploads\/([^/\s"'<>?#\\)]+)/g;
  for (const { v } of values) {
    // JSON may escape slashes as `\/`.
    for (const match of v.replaceAll('\\/', '/').matchAll(pattern)) {
      const name = match[1]!;
      names.add(name);
      try {
        names.add(decodeURIComponent(name));
      } catch {
        // Not percent-encoded; the raw name is already in the set.
      }
    }
  }
  return names;
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
