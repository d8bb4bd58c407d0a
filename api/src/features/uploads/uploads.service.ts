import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { badRequest, payloadTooLarge } from '../../lib/errors';
import { UPLOADS_DIR } from '../../lib/paths';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Stores an avatar or background image after checking its bytes, not just its name or the
 * browser-supplied type, and returns its public URL under /uploads.
 */
export async function saveImage(file: File | undefined, kind: 'avatar' | 'background'): Promise<{ url: string }> {
  if (!file || typeof file === 'string') throw badRequest('Please select an image file (JPG, PNG, GIF, WebP).', { field: kind });
  if (file.size > MAX_IMAGE_BYTES) throw payloadTooLarge('Please select an image smaller than 10MB.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = sniffImage(bytes);
  if (!ext) throw badRequest('Please select an image file (JPG, PNG, GIF, WebP).', { title: 'Invalid file type' });
  const name = `${kind}-${randomUUID()}.${ext}`;
  await mkdir(UPLOADS_DIR, { recursive: true });
  await writeFile(path.join(UPLOADS_DIR, name), bytes);
  return { url: `/uploads/${name}` };
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
