import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Argon2 from '@node-rs/argon2';
import { DUMMY_PASSWORD_HASH } from '../../lib/passwords.ts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';

// The real argon2, watched: which hash each sign-in verifies against.
const { verify } = vi.hoisted(() => ({ verify: vi.fn() }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  verify.mockImplementation(argon2.verify);
  return { ...argon2, verify };
});

describe('user enumeration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let address = 0;
  const login = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/harbor/login',
      payload: { email, password: 'not-the-password' },
      remoteAddress: `192.0.2.${++address}`, // a fresh address each time: no lock gets in the way
    });

  it('answers password recovery the same for unknown and known addresses', async () => {
    const known = await t.app.inject({ method: 'POST', url: '/api/users/password-recovery', payload: { email: 'buyer@harbor.test' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/users/password-recovery', payload: { email: 'nobody@harbor.test' } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
  });

  it('answers a failed sign-in the same shape for unknown and real accounts', async () => {
    const known = await login('buyer@harbor.test');
    const unknown = await login('nobody@harbor.test');
    expect(unknown.statusCode).toBe(401);
    expect(known.statusCode).toBe(401);
    expect(json(unknown)).toEqual(json(known));
    expect(json(unknown)).toEqual({ apiErrors: [{ code: 'invalid-credentials', status: 401, meta: { attemptsLeft: 4 } }] });
  });

  it('spends the same argon2 check on unknown accounts (the dummy hash has the real parameters)', async () => {
    verify.mockClear();
    await login('nobody@harbor.test');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toBe(DUMMY_PASSWORD_HASH);
    verify.mockClear();
    await login('buyer@harbor.test');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
