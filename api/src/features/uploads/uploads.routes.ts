import { Hono } from 'hono';
import { z } from 'zod';
import { validate } from '../../lib/validate';
import type { OwnerEnv } from '../../middleware/auth';
import { setProfilePicture } from '../account/account.service';
import { saveImage } from './uploads.service';

// Declared (and optional) so `hc<AppType>` can type the multipart field; saveImage answers a
// missing or non-image file with the spec's own words.
const avatarForm = z.object({ avatar: z.union([z.instanceof(File), z.string()]).optional() });
const pictureForm = z.object({ picture: z.union([z.instanceof(File), z.string()]).optional() });
const backgroundForm = z.object({ background: z.union([z.instanceof(File), z.string()]).optional() });
const asFile = (value: File | string | undefined) => (typeof value === 'string' ? undefined : value);

/**
 * `/api/upload/*`: bot avatars, home-screen backgrounds and the owner's profile picture
 * (multipart, ≤ 10 MB, within the account's quota). Avatars and profile pictures are stored
 * at 200×200.
 */
export const uploadRoutes = new Hono<OwnerEnv>()
  .post('/avatar', validate('form', avatarForm), async (c) =>
    c.json(await saveImage(c.get('user').id, asFile(c.req.valid('form').avatar), 'avatar'), 201),
  )
  .post('/background', validate('form', backgroundForm), async (c) =>
    c.json(await saveImage(c.get('user').id, asFile(c.req.valid('form').background), 'background'), 201),
  )
  // Stores the picture and makes it the profile picture in one call.
  .post('/profile-image', validate('form', pictureForm), async (c) => {
    const user = c.get('user');
    const { url } = await saveImage(user.id, asFile(c.req.valid('form').picture), 'profile');
    return c.json({ url, user: await setProfilePicture(user.id, url) }, 201);
  });
