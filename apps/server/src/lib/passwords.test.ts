import { describe, expect, it } from 'vitest';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords.ts';

const params = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('passwords', () => {
  it('the dummy hash costs what a real one costs (same algorithm and parameters)', async () => {
    const real = await hashPassword('some password');
    expect(params(DUMMY_PASSWORD_HASH)).toBe(params(real));
    expect(params(real)).toBe('argon2id$v=19$m=19456,t=2,p=1');
  });

  it('never accepts a password without a real hash', async () => {
    const real = await hashPassword('right one');
    expect(await verifyPassword(real, 'right one')).toBe(true);
    expect(await verifyPassword(real, 'wrong one')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
