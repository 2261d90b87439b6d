import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { safeReturnPath } from './sign-in-page.ts';

describe('open redirect after sign-in', () => {
  it('accepts only same-origin relative paths', () => {
    for (const ok of ['/', '/map', '/s?q=tug&port=FIHEL#results', '/account/contact-details', '/a:b', '/%2F%2Fstays-a-path']) {
      expect(safeReturnPath(ok), ok).toBe(ok);
    }
    for (const bad of [
      '/\\evil.example',
      '\\\\evil.example',
      '/x\\..\\..\\evil.example',
      '//evil.example',
      '///evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\u0000',
      '/\u007f',
      'https://evil.example',
      'javascript:alert(1)',
      'map',
      '',
      '/' + 'x'.repeat(3000),
      undefined,
      ['/map'],
    ]) {
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBe('/');
    }
    // Non-ASCII survives, percent-encoded for the Location header.
    expect(safeReturnPath('/s?q=hinaaja äö')).toBe('/s?q=hinaaja%20%C3%A4%C3%B6');
  });

  describe('over HTTP', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    const formLogin = (returnTo: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/harbor/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=seller%40harbor.test&password=${DEMO_PASSWORD}&return_to=${encodeURIComponent(returnTo)}`,
      });

    it('answers Location: / for a return_to browsers would follow off-site', async () => {
      for (const bad of ['/\\evil.example', '/\t/evil.example', '//evil.example', 'https://evil.example']) {
        const res = await formLogin(bad);
        expect(res.statusCode, bad).toBe(303);
        expect(res.headers.location, bad).toBe('/');
      }
      expect((await formLogin('/orders?x=1')).headers.location).toBe('/orders?x=1');
      const page = await t.app.inject({ method: 'GET', url: `/api/auth/harbor?return_to=${encodeURIComponent('/\\evil.example')}` });
      expect(page.body).toContain('name="return_to" value="/"');
    });
  });
});
