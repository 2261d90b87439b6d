import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { errorCodes, invalidMessages, multipart, png, tokens } from '../listings/test-helpers.ts';

type Asset = { id: string; variants: Record<string, { url: string; width: number; height: number }> };

describe('images', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = await tokens(t.app);
  });
  afterAll(() => t.close());

  const upload = (data: Buffer, headers: Record<string, string> = auth.seller, type = 'image/png') => {
    const body = multipart([{ field: 'image', data, type }]);
    return t.app.inject({ method: 'POST', url: '/api/images', headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('makes square and scaled variants, never enlarging and never over 3072 px', async () => {
    const wide = await upload(await png(3000, 1000));
    expect(wide.statusCode, wide.body).toBe(201);
    const v = json<Asset>(wide).variants;
    expect(v['listing-card']).toMatchObject({ width: 400, height: 400 });
    expect(v['square-small']).toMatchObject({ width: 240, height: 240 });
    expect(v['scaled-small']).toMatchObject({ width: 400, height: 133 });
    expect(v['scaled-medium']).toMatchObject({ width: 800, height: 267 });
    expect(v['scaled-large']).toMatchObject({ width: 1600, height: 533 });
    expect(v['scaled-xlarge']).toMatchObject({ width: 2400, height: 800 });

    const tall = json<Asset>(await upload(await png(1000, 5000)));
    for (const variant of Object.values(tall.variants)) {
      expect(variant.width).toBeLessThanOrEqual(3072);
      expect(variant.height).toBeLessThanOrEqual(3072);
    }
    expect(tall.variants['scaled-xlarge']).toMatchObject({ width: 614, height: 3072 });
    const small = json<Asset>(await upload(await png(300, 200)));
    expect(small.variants['scaled-xlarge']).toMatchObject({ width: 300, height: 200 });
  });

  it('serves the variants at timestamped /uploads URLs', async () => {
    const asset = json<Asset>(await upload(await png(500, 500, true)));
    const url = asset.variants['listing-card']!.url;
    expect(url).toMatch(/^\/uploads\/listing\/[0-9a-f-]{36}\/listing-card\.png\?v=\d{13}$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(400);
  });

  it('accepts JPG and GIF, refuses other formats and unreadable files', async () => {
    const jpg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    expect((await upload(jpg, auth.seller, 'image/jpeg')).statusCode).toBe(201);
    const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#336699' } }).gif().toBuffer();
    expect((await upload(gif, auth.seller, 'image/gif')).statusCode).toBe(201);
    const webp = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#336699' } }).webp().toBuffer();
    const refused = await upload(webp, auth.seller, 'image/webp');
    expect(refused.statusCode).toBe(400);
    expect(invalidMessages(refused)).toEqual([{ path: 'image', message: 'images:errors.unsupportedType' }]);
    const broken = await upload(Buffer.from('this is not an image at all'));
    expect(broken.statusCode).toBe(400);
    expect(json(broken)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-value', meta: { invalidParams: [{ message: 'images:errors.couldNotRead' }] } }] });
    const truncated = (await png(400, 400)).subarray(0, 120);
    expect(invalidMessages(await upload(truncated))[0]?.message).toBe('images:errors.couldNotRead');
  });

  it('refuses files over 20 MB with request-upload-over-limit', async () => {
    const res = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(errorCodes(res)).toEqual(['request-upload-over-limit']);
  });

  it('needs a signed-in user with full rights and a multipart body', async () => {
    const data = await png();
    expect((await upload(data, {})).statusCode).toBe(401);
    expect((await upload(data, auth.limited)).statusCode).toBe(403);
    const plain = await t.app.inject({ method: 'POST', url: '/api/images', headers: auth.seller, payload: { image: 'x' } });
    expect(plain.statusCode).toBe(400);
    const empty = multipart([], { note: 'no file' });
    const none = await t.app.inject({ method: 'POST', url: '/api/images', headers: { ...auth.seller, ...empty.headers }, payload: empty.payload });
    expect(none.statusCode).toBe(400);
  });

  it('attaches uploads to a listing only for their uploader', async () => {
    const asset = json<Asset>(await upload(await png()));
    const created = await t.app.inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: { title: 'With image', images: [asset.id] } });
    expect(json<{ data: { images: Asset[] } }>(created).data.images.map((i) => i.id)).toEqual([asset.id]);
    const other = json<Asset>(await upload(await png(), auth.operator));
    const stolen = await t.app.inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: { title: 'Stolen', images: [other.id] } });
    expect(invalidMessages(stolen)).toEqual([{ path: 'body.images.0', message: 'listings:validation.imageNotFound' }]);
  });
});
