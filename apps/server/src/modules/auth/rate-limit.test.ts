import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';

describe('per-address rate limit on sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MIN: '3' });
  });
  afterAll(() => t.close());

  it('answers too-many-requests past the limit, for any account', async () => {
    const attempt = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email, password: 'wrong-password' }, remoteAddress: '10.9.8.7' });
    for (const email of ['a@x.fi', 'b@x.fi', 'c@x.fi']) expect((await attempt(email)).statusCode).toBe(401);
    const limited = await attempt('d@x.fi');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ apiErrors: [{ code: 'too-many-requests', status: 429 }] });
    // Another address is not affected.
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email: 'a@x.fi', password: 'x' }, remoteAddress: '10.9.8.8' });
    expect(other.statusCode).toBe(401);
  });
});

describe('rate limits bypassed with X-Forwarded-For', () => {
  const login = (t: TestApp, i: number, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/harbor/login',
      payload: { email: `someone${i}@x.fi`, password: 'wrong-password' },
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
      remoteAddress,
    });

  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MIN: '30' });
    });
    afterAll(() => t.close());

    it('keys the limits by the socket address, whatever the header says', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 40; i++) statuses.push((await login(t, i, '10.1.1.1')).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MIN: '3', TRUST_PROXY: '10.2.0.0/16, ::1' });
    });
    afterAll(() => t.close());

    it("believes the configured proxy's header and nobody else's", async () => {
      // Through the proxy: each client address has its own budget.
      for (let i = 1; i <= 6; i++) expect((await login(t, i, '10.2.3.4')).statusCode).toBe(401);
      // Straight from elsewhere: the header is ignored, the socket address is limited.
      const direct: number[] = [];
      for (let i = 1; i <= 4; i++) direct.push((await login(t, i, '203.0.113.9')).statusCode);
      expect(direct).toEqual([401, 401, 401, 429]);
    });
  });

  it('validates TRUST_PROXY at start', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'harbor-config-')), JWT_SECRET: 'x'.repeat(32), ...env });
    expect(config({}).TRUST_PROXY).toBe(false);
    expect(config({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(config({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example', '10.0.0.1,,nope']) {
      expect(() => config({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => config({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
