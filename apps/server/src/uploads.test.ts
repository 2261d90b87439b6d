import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from './test/harness.ts';
import { people, type People } from './modules/carts/test-helpers.ts';
import { completeBody, multipart, png } from './modules/listings/test-helpers.ts';
import { initiateBody, place, publishedListing, txOf } from './modules/transactions/test-helpers.ts';

/**
 * Issue 20, "Uploads": every upload route (images, a listing's images, an
 * organization's logo, a transaction's attachments) refuses files that are not
 * what they claim, a decompression bomb, a 21 MB body and file names that
 * climb out of the storage directory or hold NUL, each with a catalogue error;
 * nothing is written outside DATA_DIR's storage, and the server stays up.
 */

type ApiErrors = { apiErrors: { code: string; status: number; meta: Record<string, unknown> }[] };

/** A PNG that claims 50,000 × 50,000 pixels (2.5 gigapixels, 7.5 GB decoded) in a few hundred bytes. */
function pngBomb(width = 50_000, height = 50_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(4 + body.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 4 + body.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  // The first rows, zeros deflated: a decoder that trusts the header allocates for all of them.
  const idat = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Bytes that are not what their name and type say. */
const WRONG_MAGIC: [string, Buffer][] = [
  ['a Windows executable', Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(256, 1)])],
  ['an ELF binary', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(256)])],
  ['a shell script', Buffer.from('#!/bin/sh\nrm -rf /\n\u0000')],
  ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>\u0000')],
  ['a PNG signature with garbage after it', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)])],
];

const ESCAPE = `harbor-escape-${process.pid}`;
const BAD_NAMES = [`../../../../../../tmp/${ESCAPE}.png`, `..\\..\\..\\${ESCAPE}.pdf`, `/tmp/${ESCAPE}.txt`, `a\u0000${ESCAPE}.txt`, `%2e%2e%2f${ESCAPE}.txt`];

/** The text fields of the organization profile form, valid, so the logo is what gets judged. */
const PROFILE = {
  name: 'Sam Seller Oy',
  businessId: '1234567-8',
  shortDescription: 'Tugs and pilots',
  longDescription: 'Tugs and pilots in every Finnish port.',
  street: 'Laivurinkatu 1',
  postalCode: '00150',
  city: 'Helsinki',
  country: 'Finland',
  email: 'seller@harbor.test',
  phone: '+358 40 123 4567',
};

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile());
}

function expectCatalogueRefusal(res: LightMyRequestResponse, what: string, codes?: string[]) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  const [err] = json<ApiErrors>(res).apiErrors;
  expect(ERROR_CODES as readonly string[], what).toContain(err!.code);
  expect(err!.status, what).toBe(res.statusCode);
  if (codes) expect(codes, `${what}: ${res.body}`).toContain(err!.code);
}

describe('uploads: wrong magic bytes, decompression bombs, 21 MB, hostile file names', () => {
  let t: TestApp;
  let p: People;
  let targets: { name: string; url: string; field: string; headers: () => Record<string, string>; image: boolean; fields?: Record<string, string> }[];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000' });
    p = await people(t);
    const listing = await publishedListing(t.app, p);
    const order = txOf(await place(t.app, p.buyer, initiateBody(listing))).id;
    const draft = json<{ data: { id: string } }>(await t.app.inject({ method: 'POST', url: '/api/own-listings', headers: p.seller, payload: completeBody() })).data.id;
    const orgId = json<{ organization: { id: string } }>(await t.app.inject({ method: 'GET', url: '/api/users/me', headers: p.seller })).organization.id;
    targets = [
      { name: 'image', url: '/api/images', field: 'image', headers: () => p.seller, image: true },
      { name: 'listing image', url: `/api/listings/${draft}/images`, field: 'image', headers: () => p.seller, image: true },
      { name: 'organization logo', url: `/v1/marketplace/organizations/${orgId}/profile`, field: 'logoImage', headers: () => p.seller, image: true, fields: PROFILE },
      { name: 'attachment', url: `/v1/marketplace/transaction/${order}/attachment`, field: 'file', headers: () => p.buyer, image: false },
    ];
  }, 180_000);
  afterAll(() => t?.close());

  const send = (target: (typeof targets)[number], data: Buffer, filename: string, type: string) => {
    const form = multipart([{ field: target.field, data, filename, type }], target.fields);
    return t.app.inject({ method: 'POST', url: target.url, headers: { ...target.headers(), ...form.headers }, payload: form.payload });
  };

  it('refuses bytes that are not the image or document they claim to be', async () => {
    for (const target of targets) {
      for (const [what, data] of WRONG_MAGIC) {
        const res = await send(target, data, target.image ? 'photo.png' : 'contract.pdf', target.image ? 'image/png' : 'application/pdf');
        expectCatalogueRefusal(res, `${target.name}: ${what}`, target.image ? ['validation-invalid-value'] : ['attachment-unsupported-type']);
      }
    }
  });

  it('refuses a PNG claiming 50,000 × 50,000 pixels from its header, fast', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    for (const target of targets) {
      const started = performance.now();
      const res = await send(target, bomb, 'bomb.png', 'image/png');
      if (target.image) {
        expectCatalogueRefusal(res, `${target.name}: bomb`, ['image-too-many-pixels']);
        expect(json<ApiErrors>(res).apiErrors[0]!.meta).toMatchObject({ width: 50_000, height: 50_000 });
      } else expectCatalogueRefusal(res, `${target.name}: bomb`, ['attachment-unsupported-type']);
      // Decoding would take minutes and gigabytes; the header alone is read.
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });

  it('refuses a 21 MB file with request-upload-over-limit', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 0x41);
    for (const target of targets) {
      const res = await send(target, big, target.image ? 'big.png' : 'big.txt', target.image ? 'image/png' : 'text/plain');
      expectCatalogueRefusal(res, `${target.name}: 21 MB`, ['request-upload-over-limit', 'payload-too-large']);
      expect(res.statusCode).toBe(413);
    }
  });

  it('never writes outside the storage directory, whatever the file name says', async () => {
    const dataDir = t.ctx.config.DATA_DIR;
    const before = new Set(files(dataDir));
    const image = await png();
    const text = Buffer.from('Laituri 3, klo 06:00\n');
    for (const target of targets) {
      for (const name of BAD_NAMES) {
        const res = await send(target, target.image ? image : text, target.image ? name : name.replace(/\.\w+$/, '.txt'), target.image ? 'image/png' : 'text/plain');
        // Stored under a server-made name, or refused with a catalogue code: never a 5xx.
        if (res.statusCode >= 400) expectCatalogueRefusal(res, `${target.name}: ${JSON.stringify(name)}`);
        else {
          expect([200, 201], res.body).toContain(res.statusCode);
          expect(res.body).not.toContain('..');
          expect(res.body).not.toContain('\\u0000');
        }
      }
    }
    const created = files(dataDir).filter((f) => !before.has(f));
    expect(created.length).toBeGreaterThan(0);
    for (const f of created) {
      const rel = path.relative(dataDir, f);
      expect(rel.startsWith('uploads/') || rel.startsWith('attachments/'), f).toBe(true);
      expect(f).not.toContain(ESCAPE);
    }
    for (const dir of ['/tmp', path.dirname(dataDir), process.cwd()]) {
      expect(readdirSync(dir).filter((f) => f.includes(ESCAPE)), dir).toEqual([]);
    }
  });

  it('stays alive', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
