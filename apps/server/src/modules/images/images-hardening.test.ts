import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { completeBody, multipart, png, tokens } from '../listings/test-helpers.ts';

/** Issue 13: malformed multipart bodies and decompression bombs answered 500 or were decoded in full. */

type ApiErrors = { apiErrors: { code: string; status: number; meta: Record<string, unknown> }[] };

const BOUNDARY = '----harborTestBoundary';
const part = (field: string, data: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    Buffer.from(data),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/** The three malformed bodies of the issue, each with the headers it was sent with. */
async function malformed(field: string) {
  const whole = part(field, await png());
  return [
    ['no boundary', { 'content-type': 'multipart/form-data' }, whole],
    ['a wrong boundary', { 'content-type': 'multipart/form-data; boundary=somethingElse' }, whole],
    ['a truncated body', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, whole.subarray(0, whole.length - 40)],
    ['a body with no parts at all', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, Buffer.from('garbage')],
  ] as const;
}

function expect400(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  const [err] = json<ApiErrors>(res as never).apiErrors;
  expect(err).toMatchObject({ code: 'validation-invalid-params', status: 400, meta: expect.any(Object) });
}

describe('images: malformed multipart and decompression bombs', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let listingId: string;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { marketplace: true });
    auth = await tokens(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: completeBody() });
    listingId = json<{ data: { id: string } }>(created).data.id;
    orgId = json<{ organization: { id: string } }>(await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth.seller })).organization.id;
  });
  afterAll(() => t.close());

  const targets = () => [
    ['/api/images', 'image'],
    [`/api/listings/${listingId}/images`, 'image'],
    [`/v1/marketplace/organizations/${orgId}/profile`, 'logoImage'],
  ];

  it('malformed multipart (no boundary, a wrong boundary, a truncated body) answers 400, not 500, on every upload route', async () => {
    for (const [url, field] of targets()) {
      for (const [what, headers, payload] of await malformed(field!)) {
        const res = await t.app.inject({ method: 'POST', url: url!, headers: { ...auth.seller, ...headers }, payload });
        expect400(res, `${url} with ${what}`);
      }
    }
  });

  it('a 16000 x 16000 PNG (a decompression bomb) is refused from its header, fast, with image-too-many-pixels', async () => {
    const bomb = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024); // small on the wire, 768 MB once decoded
    for (const [url, field] of targets().slice(0, 2)) {
      const form = multipart([{ field: field!, data: bomb }]);
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: url!, headers: { ...auth.seller, ...form.headers }, payload: form.payload });
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(400);
      expect(json<ApiErrors>(res).apiErrors[0]).toMatchObject({ code: 'image-too-many-pixels', status: 400, meta: { maxMegapixels: 50, width: 16_000, height: 16_000 } });
      // Decoding it took 2.6 s; reading its header takes milliseconds.
      expect(ms).toBeLessThan(1000);
    }
  });

  it('an image just under the pixel limit is still accepted', async () => {
    const big = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#336699' } }).png().toBuffer();
    const form = multipart([{ field: 'image', data: big }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/images', headers: { ...auth.seller, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
  });
});
