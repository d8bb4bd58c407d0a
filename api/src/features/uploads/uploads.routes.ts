import { Hono } from 'hono';
import { requireUser } from '../../middleware/auth';
import { saveImage } from './uploads.service';

/** `/api/upload/*`: avatar and home-screen background images (multipart, ≤ 10 MB). */
export const uploadRoutes = new Hono()
  .use(requireUser)
  .post('/avatar', async (c) => {
    const body = await c.req.parseBody();
    return c.json(await saveImage(body.avatar as File | undefined, 'avatar'), 201);
  })
  .post('/background', async (c) => {
    const body = await c.req.parseBody();
    return c.json(await saveImage(body.background as File | undefined, 'background'), 201);
  });
