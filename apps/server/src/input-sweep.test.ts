import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from './test/harness.ts';
import { completeBody, multipart, png, publishedListing, tokens } from './modules/listings/test-helpers.ts';

/**
 * Impossible input must be refused by the shared contracts with
 * `validation-invalid-params`, never reach PostgreSQL and answer 500 (issue 13:
 * NUL in text, year 0000 in dates, integers over int4). Runs on PGlite and,
 * with DATABASE_URL, on PostgreSQL, whose text and date types are the ones
 * that failed.
 */

type Headers = Record<string, string>;
type ApiErrors = { apiErrors: { code: string; status: number; meta: { invalidParams?: { path: string; message: string }[] } }[] };

/** Control characters every text refuses; single-line texts also refuse line breaks and tabs. */
const BAD_TEXT = ['\u0000', 'a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', 'unit\u001fsep'];
const BAD_LINE = [...BAD_TEXT, 'two\nlines', 'tab\there'];
const BAD_DATES = ['0000-01-01', '0001-01-01', '1899-12-31'];
const BAD_DATE_TIMES = ['0000-01-01T00:00:00Z', '0001-01-01T10:00:00+02:00', '1899-12-31T23:59:59Z', '9999-12-31T23:59:59-14:00', '1900-01-01T00:00:00+14:00'];
const BAD_INTS = [INT4_MAX + 1, 2 ** 53 - 1, 1e300];

/** Asserts the refusal: 400, the apiErrors shape, and the field named among the invalid params. */
function expectRefused(res: LightMyRequestResponse, path: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = json<ApiErrors>(res);
  expect(body.apiErrors).toHaveLength(1);
  const [err] = body.apiErrors;
  expect(err).toMatchObject({ code: 'validation-invalid-params', status: 400, meta: expect.any(Object) });
  expect(err!.meta.invalidParams?.map((p) => p.path), res.body).toContain(path);
}

/** Sets `value` at a dotted path of a copy of `body`. */
function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

describe('input sweep: NUL, control characters, impossible dates and integers answer 400', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let draftId: string;
  let publishedId: string;
  let orgId: string;
  let pendingUserId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { marketplace: true });
    auth = await tokens(t.app);
    publishedId = await publishedListing(t.app, auth);
    const draft = await t.app.inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: completeBody() });
    draftId = json<{ data: { id: string } }>(draft).data.id;
    orgId = json<{ organization: { id: string } }>(await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth.seller })).organization.id;
    const reg = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: signup({ email: 'pending@harbor.test' }) });
    pendingUserId = json<{ id: string }>(reg).id;
  });
  afterAll(() => t.close());

  const signup = (over: Record<string, unknown> = {}) => ({
    firstName: 'Pia',
    lastName: 'Pending',
    email: 'someone@harbor.test',
    phone: '+358 40 123 4567',
    companyName: 'Pending Oy',
    businessId: '1234567-8',
    webAddress: 'pending.example',
    defaultPort: 'FIVSS',
    roles: ['Buyer'],
    password: 'correct horse battery',
    ...over,
  });

  /** One JSON operation: its base body is valid; each listed field is poisoned in turn. */
  interface Op {
    name: string;
    method: 'POST' | 'PATCH' | 'PUT';
    url: () => string;
    headers?: () => Headers;
    body: () => Record<string, unknown>;
    lines?: string[];
    texts?: string[];
    dates?: string[];
    dateTimes?: string[];
    ints?: string[];
  }

  const ops: Op[] = [
    { name: 'sign-up', method: 'POST', url: () => '/api/users/register', body: () => signup(), lines: ['firstName', 'lastName', 'companyName', 'businessId', 'email', 'webAddress'] },
    {
      name: 'sign-up with an identity provider',
      method: 'POST',
      url: () => '/api/auth/create-user-with-idp',
      body: () => ({ ...signup(), password: undefined, idpId: 'harbor', idpToken: 'token' }),
      lines: ['firstName', 'idpId', 'idpToken'],
    },
    { name: 'login', method: 'POST', url: () => '/api/auth/harbor/login', body: () => ({ email: 'buyer@harbor.test', password: 'x' }), lines: ['email'] },
    { name: 'token refresh', method: 'POST', url: () => '/api/auth/harbor/token', body: () => ({ grant_type: 'refresh_token', refresh_token: 'r' }), lines: ['refresh_token'] },
    { name: 'password recovery', method: 'POST', url: () => '/api/users/password-recovery', body: () => ({ email: 'buyer@harbor.test' }), lines: ['email'] },
    {
      name: 'password reset',
      method: 'POST',
      url: () => '/api/users/password-reset',
      body: () => ({ email: 'buyer@harbor.test', passwordResetToken: 'abc', newPassword: 'long enough pass' }),
      lines: ['email', 'passwordResetToken'],
    },
    // Signed in: the route's guard answers 401 before the body is validated.
    { name: 'e-mail verification', method: 'POST', url: () => '/api/users/verify-email', headers: () => auth.buyer, body: () => ({ verificationToken: 'abc' }), lines: ['verificationToken'] },
    {
      name: 'service request',
      method: 'POST',
      url: () => '/api/users/service-request',
      body: () => ({ email: 'buyer@harbor.test', subject: 'Hello', content: 'Line one\nline two', tag: 'support' }),
      lines: ['email', 'subject', 'tag'],
      texts: ['content'],
    },
    {
      name: 'profile update',
      method: 'PATCH',
      url: () => '/api/users/me',
      headers: () => auth.buyer,
      body: () => ({ firstName: 'Bea', bio: 'About me' }),
      lines: ['firstName', 'lastName'],
      texts: ['bio'],
    },
    {
      name: 'listing create',
      method: 'POST',
      url: () => '/api/own-listings',
      headers: () => auth.seller,
      body: () => completeBody(),
      lines: ['title', 'publicData.delivery.address.city', 'availabilityPlan.timezone'],
      texts: ['description', 'publicData.comment', 'publicData.disclaimer', 'publicData.delivery.info'],
      dates: ['publicData.availability.from', 'publicData.availability.to'],
      dateTimes: ['publicData.availabilityDate'],
      ints: ['stock'],
    },
    {
      name: 'listing update',
      method: 'PATCH',
      url: () => `/api/own-listings/${draftId}`,
      headers: () => auth.seller,
      body: () => ({ title: 'Renamed', publicData: { comment: 'ok' } }),
      lines: ['title'],
      texts: ['description', 'publicData.comment'],
      dates: ['publicData.availability.from'],
      dateTimes: ['publicData.availabilityDate'],
    },
    {
      name: 'stock compare-and-set',
      method: 'POST',
      url: () => `/api/listings/${draftId}/stock`,
      headers: () => auth.seller,
      body: () => ({ oldTotal: 100, newTotal: 5 }),
      ints: ['oldTotal', 'newTotal'],
    },
    {
      name: 'availability exception',
      method: 'POST',
      url: () => `/api/listings/${draftId}/availability-exceptions`,
      headers: () => auth.seller,
      body: () => ({ start: '2030-01-01T00:00:00Z', end: '2030-01-02T00:00:00Z', seats: 0 }),
      dateTimes: ['start'],
      ints: ['seats'],
    },
    { name: 'listing deletion request', method: 'POST', url: () => '/api/listings/delete', headers: () => auth.seller, body: () => ({ id: draftId, title: 'x' }), lines: ['title'] },
    {
      name: 'order line',
      method: 'POST',
      url: () => `/api/listings/${publishedId}/order-line/validate`,
      headers: () => auth.buyer,
      body: () => ({
        quantity: 1,
        startTime: '2031-01-01T10:00',
        endTime: '2031-01-01T12:00',
        deliveryMethod: 'delivery',
        deliveryAddress: { street: 'Laiturikatu 1', city: 'Helsinki' },
        deliveryNotes: 'Gate B',
      }),
      lines: ['startTime', 'deliveryAddress.street', 'deliveryAddress.city', 'deliveryAddress.postalCode'],
      dateTimes: ['startTime', 'endTime'],
      texts: ['deliveryNotes'],
    },
    {
      name: 'organization port info',
      method: 'POST',
      url: () => `/v1/marketplace/organizations/${orgId}/ports`,
      headers: () => auth.seller,
      body: () => ({ port: 'FIVSS', city: 'Helsinki', street: 'Satamatie 1', officeAddress: 'Floor 2\nRoom 3' }),
      lines: ['city', 'street', 'zip', 'email'],
      texts: ['officeAddress'],
    },
    {
      name: 'operator reject',
      method: 'POST',
      url: () => `/api/operator/users/${pendingUserId}/reject`,
      headers: () => auth.operator,
      body: () => ({ reason: 'Incomplete details' }),
      texts: ['reason'],
    },
  ];

  for (const op of ops) {
    const cases: [string, string, unknown[]][] = [
      ...(op.lines ?? []).map((f): [string, string, unknown[]] => ['one-line text', f, BAD_LINE]),
      ...(op.texts ?? []).map((f): [string, string, unknown[]] => ['text', f, BAD_TEXT]),
      ...(op.dates ?? []).map((f): [string, string, unknown[]] => ['date', f, BAD_DATES]),
      ...(op.dateTimes ?? []).map((f): [string, string, unknown[]] => ['date and time', f, BAD_DATE_TIMES]),
      ...(op.ints ?? []).map((f): [string, string, unknown[]] => ['integer', f, BAD_INTS]),
    ];
    for (const [kind, field, values] of cases) {
      it(`${op.name}: an impossible ${kind} in ${field} answers 400, not 500`, async () => {
        for (const value of values) {
          const res = await t.app.inject({ method: op.method, url: op.url(), headers: op.headers?.(), payload: withValue(op.body(), field, value) });
          expectRefused(res, `body.${field}`);
        }
      });
    }
  }

  it('NUL in listing keywords answers 400, not 500', async () => {
    for (const q of ['%00', 'tug%00boat', '%07', '%1B']) {
      expectRefused(await t.app.inject({ method: 'GET', url: `/api/listings?keywords=${q}` }), 'querystring.keywords');
    }
  });

  it('year 0000 in the listing search dates answers 400, not 500', async () => {
    for (const d of BAD_DATES) {
      expectRefused(await t.app.inject({ method: 'GET', url: `/api/listings?dates=${d},2030-01-01` }), 'querystring.dates.0');
    }
  });

  it('year 0000 in the availability exceptions range answers 400, not 500', async () => {
    const url = (start: string) => `/api/listings/${publishedId}/availability-exceptions?start=${encodeURIComponent(start)}&end=2030-01-01T00:00:00Z`;
    for (const d of BAD_DATE_TIMES) expectRefused(await t.app.inject({ method: 'GET', url: url(d), headers: auth.seller }), 'querystring.start');
  });

  it('stock above 2^31-1 answers 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: completeBody({ stock: INT4_MAX + 1 }) });
    expectRefused(res, 'body.stock');
    const atMax = await t.app.inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: completeBody({ stock: INT4_MAX }) });
    expect(atMax.statusCode, atMax.body).toBe(201);
  });

  it('NUL in a sign-up name answers 400, not 500, and creates no account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: signup({ email: 'nul@harbor.test', firstName: 'Ni\u0000na' }) });
    expectRefused(res, 'body.firstName');
    const again = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: signup({ email: 'nul@harbor.test' }) });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('NUL in ship and zone searches answers 400, not 500', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/v1/ships/info/search?q=a%00b', headers: auth.buyer }), 'querystring.q');
    expectRefused(await t.app.inject({ method: 'GET', url: '/v1/zones/search?q=a%00b', headers: auth.buyer }), 'querystring.q');
  });

  it('NUL in a multipart profile field answers 400, not 500', async () => {
    const form = multipart([{ field: 'logoImage', data: await png() }], {
      name: 'Vuosaari\u0000 Port Services',
      businessId: '1234567-8',
      shortDescription: 'Short',
      longDescription: 'Long',
      street: 'Satamatie 1',
      postalCode: '00980',
      city: 'Helsinki',
      country: 'Finland',
      email: 'office@vuosaari.example',
      phone: '+358 9 123 4567',
    });
    const res = await t.app.inject({ method: 'POST', url: `/v1/marketplace/organizations/${orgId}/profile`, headers: { ...auth.seller, ...form.headers }, payload: form.payload });
    expectRefused(res, 'body.name');
  });

  it('multi-line texts keep their line breaks and tabs; the year bounds themselves are accepted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/own-listings',
      headers: auth.seller,
      payload: completeBody({ description: 'First line\r\nSecond\tline', publicData: { ...completeBody().publicData, availability: { from: '1900-01-01', to: '9999-12-31' } } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<{ data: { description: string } }>(res).data.description).toBe('First line\r\nSecond\tline');
  });
});
