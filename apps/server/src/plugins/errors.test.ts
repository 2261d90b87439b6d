import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, apiErrorsSchema } from '@harbor/contracts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Issue 13, error shape: errors raised by the router and the HTTP parser,
 * before any route runs, answered outside `{ apiErrors: [{ code, status, meta }] }`.
 */

/** The strict shape: catalogue code, status equal to the HTTP status, meta always an object. */
function expectApiError(status: number, body: string, code: string) {
  const parsed = JSON.parse(body) as { apiErrors: { code: string; status: number; meta: unknown }[] };
  expect(apiErrorsSchema.safeParse(parsed).success, body).toBe(true);
  expect(parsed.apiErrors).toHaveLength(1);
  const [err] = parsed.apiErrors;
  expect(ERROR_CODES).toContain(err!.code);
  expect(err).toMatchObject({ code, status });
  expect(err!.meta, body).toEqual(expect.any(Object));
}

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function rawRequest(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', (err) => (data ? undefined : reject(err)));
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

describe('error shape', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('a URL that does not decode (/api/listings/%ff) answers 400 validation-invalid-params, not FST_ERR_BAD_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/listings/%ff' });
    expect(res.statusCode).toBe(400);
    expectApiError(400, res.body, 'validation-invalid-params');
    expect(res.json().apiErrors[0].meta.invalidParams).toEqual([{ path: 'url', message: 'validation.invalid' }]);
  });

  it('a 101-character id answers 414 uri-too-long in the apiErrors shape, not FST_ERR_MAX_PARAM_LENGTH', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/listings/${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(414);
    expectApiError(414, res.body, 'uri-too-long');
  });

  it("a 70 KB query answers 431 request-header-too-large in the apiErrors shape, not Node's bare 431", async () => {
    const res = await rawRequest(port, `GET /api/listings?keywords=${'a'.repeat(70 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expectApiError(431, res.body, 'request-header-too-large');
  });

  it('a request the HTTP parser cannot read answers 400 in the apiErrors shape', async () => {
    const res = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: nope\r\n\r\n');
    expect(res.status).toBe(400);
    expectApiError(400, res.body, 'validation-invalid-params');
  });

  it('every apiErrors entry carries a meta object, also where there is nothing to add', async () => {
    const answers = [
      [401, await t.app.inject({ method: 'GET', url: '/api/users/me' }), 'unauthorized'],
      [404, await t.app.inject({ method: 'GET', url: '/api/no-such-route' }), 'not-found'],
      [400, await t.app.inject({ method: 'POST', url: '/api/users/password-recovery', headers: { 'content-type': 'application/json' }, payload: '{' }), 'validation-invalid-params'],
      [400, await t.app.inject({ method: 'GET', url: '/api/listings?keywords=%00' }), 'validation-invalid-params'],
    ] as const;
    for (const [status, res, code] of answers) {
      expect(res.statusCode, res.body).toBe(status);
      expectApiError(status, res.body, code);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).json()).toEqual({ apiErrors: [{ code: 'unauthorized', status: 401, meta: {} }] });
  });
});
