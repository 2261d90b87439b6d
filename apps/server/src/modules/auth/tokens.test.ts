import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from '@harbor/contracts';
import { signAccessToken, verifyAccessToken, type AccessToken } from './tokens.ts';

describe('access token verification', () => {
  afterEach(() => vi.useRealTimers());
  const claims: AccessToken = { sub: randomUUID(), org: randomUUID(), roles: 1, scopes: ['user'], fam: randomUUID() };

  it('a token verified once is accepted again only with the same secret and until its exp', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12), toFake: ['Date'] });
    const token = await signAccessToken('s1', claims, 60);
    const first = await verifyAccessToken('s1', token);
    expect(first).toMatchObject(claims);
    expect(await verifyAccessToken('s1', token)).toEqual(first);
    expect(await verifyAccessToken('s2', token)).toBeNull();
    // Tampered text is a different key: verified from scratch, and refused.
    expect(await verifyAccessToken('s1', `${token.slice(0, -2)}xx`)).toBeNull();
    vi.setSystemTime(Date.UTC(2026, 10, 28, 12) + 59_999);
    expect(await verifyAccessToken('s1', token)).toEqual(first);
    vi.setSystemTime(Date.UTC(2026, 10, 28, 12) + 60_000);
    expect(await verifyAccessToken('s1', token)).toBeNull();
  });

  it('no token is accepted past an access token life, whatever its exp', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12), toFake: ['Date'] });
    const token = await signAccessToken('s1', claims, ACCESS_TOKEN_TTL_S * 10);
    expect(await verifyAccessToken('s1', token)).not.toBeNull();
    vi.setSystemTime(Date.UTC(2026, 10, 28, 12) + (ACCESS_TOKEN_TTL_S + 1) * 1000);
    expect(await verifyAccessToken('s1', token)).toBeNull();
  });
});
