import sharp from 'sharp';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { json, signIn } from '../../test/harness.ts';

/** A port code no demo listing uses, so tests see only what they made. */
export const TEST_PORT = 'SEXYZ';

export async function tokens(app: FastifyInstance) {
  const bearer = async (email: string) => ({ authorization: `Bearer ${(await signIn(app, email)).access_token}` });
  return {
    seller: await bearer('seller@harbor.test'),
    buyer: await bearer('buyer@harbor.test'),
    operator: await bearer('operator@harbor.test'),
    limited: await bearer('limited@harbor.test'),
  };
}

export function png(width = 64, height = 48, alpha = false): Promise<Buffer> {
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background: { r: 20, g: 90, b: 160, alpha: alpha ? 0.5 : 1 } } })
    .png()
    .toBuffer();
}

/** A multipart body with one file field, as a browser would send it. */
export function multipart(files: { field: string; data: Buffer; filename?: string; type?: string }[], fields: Record<string, string> = {}) {
  const boundary = `----harbor${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename ?? 'image.png'}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function completeBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Harbour tug assistance',
    description: 'Two tugs with experienced masters. Hinauspalvelu satamassa.',
    price: { amount: 25000, currency: 'EUR' },
    stock: 100,
    publicData: {
      productType: 'physical_service',
      unit: 'hour',
      categories: ['arrival-and-departure'],
      port: TEST_PORT,
      minOrderAmount: 1,
      availability: { from: '2026-01-01', to: '2027-12-31' },
      delivery: { arrangedBy: 'seller', time: 2, timeUnit: 'hours', expeditedTime: 1, expeditedTimeUnit: 'hours', cost: { basic: 5000, expedited: 9000, currency: 'EUR' } },
    },
    ...overrides,
  };
}

export const errorCodes = (res: LightMyRequestResponse) => json<{ apiErrors: { code: string }[] }>(res).apiErrors.map((e) => e.code);
export const invalidMessages = (res: LightMyRequestResponse) =>
  json<{ apiErrors: { meta?: { invalidParams?: { path: string; message: string }[] } }[] }>(res).apiErrors[0]?.meta?.invalidParams ?? [];

/** Creates a complete listing with an image and takes it through approval to published. */
export async function publishedListing(app: FastifyInstance, t: Awaited<ReturnType<typeof tokens>>, overrides: Record<string, unknown> = {}) {
  const created = await app.inject({ method: 'POST', url: '/api/own-listings', headers: t.seller, payload: completeBody(overrides) });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const id = json<{ data: { id: string } }>(created).data.id;
  const upload = multipart([{ field: 'image', data: await png() }]);
  const img = await app.inject({ method: 'POST', url: `/api/listings/${id}/images`, headers: { ...t.seller, ...upload.headers }, payload: upload.payload });
  if (img.statusCode !== 201) throw new Error(`upload failed: ${img.body}`);
  const pub = await app.inject({ method: 'POST', url: `/api/own-listings/${id}/publish`, headers: t.seller });
  if (pub.statusCode !== 200) throw new Error(`publish failed: ${pub.body}`);
  const ok = await app.inject({ method: 'POST', url: `/api/operator/listings/${id}/approve`, headers: t.operator });
  if (ok.statusCode !== 200) throw new Error(`approve failed: ${ok.body}`);
  return id;
}
