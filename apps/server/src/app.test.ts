import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { createTestApp, json, type TestApp } from './test/harness.ts';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI 3 document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/users/register']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/harbor/token', '/api/users/me', '/api/operator/users/{id}/approve']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('compresses JSON answers for clients that take it, and does not inflate request bodies', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Under the threshold an answer goes as it is.
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    // A gzip request body is read as it came (not JSON), not inflated past the body limit.
    const zipped = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'x@harbor.test' })),
    });
    expect(zipped.statusCode).toBe(400);
    expect(json<{ apiErrors: unknown[] }>(zipped).apiErrors).toHaveLength(1);
  });

  it('answers unknown paths and oversized bodies in the error model', async () => {
    const nf = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(nf.statusCode).toBe(404);
    expect(json(nf)).toEqual({ apiErrors: [{ code: 'not-found', status: 404, meta: {} }] });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/users/service-request',
      payload: { email: 'a@b.fi', subject: 's', content: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect(json(big)).toMatchObject({ apiErrors: [{ code: 'payload-too-large' }] });
  });
});

describe('unknown errors', () => {
  it('are logged in full and answered 500 without internals', async () => {
    const logged: unknown[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('secret detail');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ apiErrors: [{ code: 'internal-error', status: 500, meta: {} }] });
    expect(res.body).not.toContain('secret');
    expect(JSON.stringify(logged)).toContain('secret detail');
    await app.close();
  });
});

describe('configuration', () => {
  it('names each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect(String(err)).toMatch(/PORT/);
      expect(String(err)).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    }
  });
});
