import { randomUUID } from 'node:crypto';
import { transaction } from '../../db/transaction';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sum } from 'drizzle-orm';
import sharp from 'sharp';
import { ACCOUNT_MESSAGES } from '@parley/contracts';
import { db } from '../../db/client';
import { serializeOn } from '../../db/locks';
import { uploads } from '../../db/schema';
import { env } from '../../env';
import { badRequest, payloadTooLarge } from '../../lib/errors';
import { UPLOADS_DIR } from '../../lib/paths';
import { sweepUnreferencedUploads } from './sweepUploads';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Avatars and profile pictures are stored at this size (square, in pixels). */
const PICTURE_SIZE = 200;
/**
 * Decoding refuses images over 100 megapixels: a 10 MB file of one colour can claim billions of
 * pixels, and decoding it would take gigabytes of memory.
 */
const MAX_INPUT_PIXELS = 100_000_000;
const NOT_AN_IMAGE = ACCOUNT_MESSAGES.imageType;

type Kind = 'avatar' | 'background' | 'profile';

/**
 * Stores an uploaded image after checking its bytes, not just its name or the browser-supplied
 * type, records it against its owner's storage quota and returns its public URL under /uploads.
 * Avatars and profile pictures are re-encoded to a 200×200 WebP (cropped to fill, centred,
 * without the original's metadata); backgrounds are kept as sent.
 */
export async function saveImage(userId: string, file: File | undefined, kind: Kind): Promise<{ url: string }> {
  if (!file || typeof file === 'string') throw badRequest(NOT_AN_IMAGE, { field: kind });
  if (file.size > MAX_IMAGE_BYTES) throw payloadTooLarge(ACCOUNT_MESSAGES.imageTooLarge);
  const original = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffImage(original);
  if (!sniffed) throw invalidType();
  const { bytes, ext } = kind === 'background' ? { bytes: original, ext: sniffed } : { bytes: await squarePicture(original), ext: 'webp' };

  // Over quota? Unreferenced files of the account (past the grace period) do not count: sweep
  // them and look again before refusing, so replaced avatars never lock an owner out.
  if (env.UPLOAD_QUOTA_BYTES > 0 && await usedBytes(userId) + bytes.length > env.UPLOAD_QUOTA_BYTES) {
    await sweepUnreferencedUploads({ userId });
  }
  const name = `${kind}-${randomUUID()}.${ext}`;
  // Check and record in one transaction, so parallel uploads cannot both squeeze in (on any
  // instance: on PostgreSQL the account's uploads are serialised by a lock of their own).
  await transaction(async () => {
    await serializeOn(`uploads:${userId}`);
    const used = await usedBytes(userId);
    if (env.UPLOAD_QUOTA_BYTES > 0 && used + bytes.length > env.UPLOAD_QUOTA_BYTES) throw quotaExceeded(used, env.UPLOAD_QUOTA_BYTES);
    await db.insert(uploads).values({ fileName: name, userId, kind, sizeBytes: bytes.length });
  });
  try {
    await mkdir(UPLOADS_DIR, { recursive: true });
    await writeFile(path.join(UPLOADS_DIR, name), bytes);
  } catch (error) {
    await db.delete(uploads).where(eq(uploads.fileName, name));
    await unlink(path.join(UPLOADS_DIR, name)).catch(() => undefined);
    throw error;
  }
  return { url: `/uploads/${name}` };
}

/**
 * The image cropped to fill 200×200 around its centre, as WebP. Orientation from EXIF is applied
 * first; the output carries no metadata (sharp drops it unless asked). What libvips cannot read
 * or decode (a PNG signature followed by junk, a truncated file) is the owner's bad file, and an
 * image over the pixel limit gets its own answer; any other failure is the server's and goes on.
 */
async function squarePicture(bytes: Uint8Array): Promise<Buffer> {
  const image = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  try {
    // Reads the header only: every failure here is about the input.
    await image().metadata();
  } catch (error) {
    throw PIXEL_LIMIT.test(String(error)) ? tooManyPixels() : invalidType();
  }
  try {
    return await image().rotate().resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'centre' }).webp({ quality: 85 }).toBuffer();
  } catch (error) {
    if (PIXEL_LIMIT.test(String(error))) throw tooManyPixels();
    if (DECODE_ERROR.test(String(error))) throw invalidType();
    throw error;
  }
}

const PIXEL_LIMIT = /exceeds pixel limit/i;
/** libvips' and its loaders' words for input it cannot decode (truncated data, bad markers). */
const DECODE_ERROR = /Input (buffer|file|image)|corrupt|premature end|read error|unable to parse|unexpected end|bogus|truncated|invalid .*(header|marker|chunk|data)|load(_buffer)?:/i;

const invalidType = () => badRequest(NOT_AN_IMAGE, { title: 'Invalid file type' });
const tooManyPixels = () =>
  badRequest(`This image is too large (over ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Please choose a smaller image.`, { title: 'Image too large' });

/** The file names (under UPLOADS_DIR) an account has uploaded. */
export async function uploadedFileNames(userId: string): Promise<string[]> {
  return (await db.select({ fileName: uploads.fileName }).from(uploads).where(eq(uploads.userId, userId))).map((r) => r.fileName);
}

/** Whether `fileName` is a profile picture this account uploaded. */
export async function isOwnProfileUpload(userId: string, fileName: string): Promise<boolean> {
  const row = (await db.select({ userId: uploads.userId, kind: uploads.kind }).from(uploads).where(eq(uploads.fileName, fileName)).limit(1))[0];
  return row?.userId === userId && row.kind === 'profile';
}

/** Bytes the account's recorded uploads take up. */
async function usedBytes(userId: string): Promise<number> {
  const row = (await db.select({ total: sum(uploads.sizeBytes) }).from(uploads).where(eq(uploads.userId, userId)).limit(1))[0];
  return Number(row?.total ?? 0);
}

/** 413 with the numbers, so the dashboard can show how full the storage is. */
function quotaExceeded(used: number, quota: number) {
  return payloadTooLarge(
    `Your uploads use ${formatBytes(used)} of your ${formatBytes(quota)} storage. Delete unused images or choose a smaller file.`,
    { usedBytes: used, quotaBytes: quota },
  );
}

/** 52_218_266 → "49.8 MB"; rounded down so a nearly full storage never reads as full. */
function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Math.floor(value * 10) / 10} ${units[unit]}`;
}

/** JPEG, PNG, GIF and WebP by magic number; SVG is refused because it can carry script. */
function sniffImage(b: Uint8Array): 'jpg' | 'png' | 'gif' | 'webp' | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}
