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
