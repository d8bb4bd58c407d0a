import { describe, expect, it } from 'vitest';
import { app } from '../../app';
import { createUserAndCookie } from '../../../test/helpers';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function upload(cookie: string | undefined, field: string, file: Blob, name: string, endpoint = field) {
  const form = new FormData();
  form.append(field, file, name);
  return app.request(`/api/upload/${endpoint}`, { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
}

describe('image uploads', () => {
  it('stores a PNG avatar and serves it back', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await upload(cookie, 'avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
    expect(res.status).toBe(201);
    const { url } = await res.json();
    expect(url).toMatch(/^\/uploads\/avatar-[0-9a-f-]+\.png$/);
    const served = await app.request(url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a non-image even when it claims to be one', async () => {
    const { cookie } = await createUserAndCookie();
    const res = await upload(cookie, 'background', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'x.png');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Please select an image file (JPG, PNG, GIF, WebP).', details: { title: 'Invalid file type' } });
  });

  it('refuses images over 10MB and signed-out callers', async () => {
    const { cookie } = await createUserAndCookie();
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(PNG);
    const res = await upload(cookie, 'avatar', new Blob([big], { type: 'image/png' }), 'big.png');
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('Please select an image smaller than 10MB.');
    expect((await upload(undefined, 'avatar', new Blob([PNG]), 'a.png')).status).toBe(401);
  });
});
