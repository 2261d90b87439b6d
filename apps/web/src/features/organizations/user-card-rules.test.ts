import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { displayNameOf, truncateBio } from './user-card-rules.ts';

const t = ((key: string) => key) as unknown as TFunction;

describe('user card rules', () => {
  it('cuts the bio at 170 characters', () => {
    expect(truncateBio('a'.repeat(170))).toBe('a'.repeat(170));
    expect(truncateBio('a'.repeat(171))).toBe(`${'a'.repeat(170)}…`);
  });
  it('shows deleted, then banned labels instead of the name', () => {
    expect(displayNameOf({ displayName: 'Ann', deleted: true, banned: true }, t)).toBe('organizations:userCard.deletedUser');
    expect(displayNameOf({ displayName: 'Ann', deleted: false, banned: true }, t)).toBe('organizations:userCard.bannedUser');
    expect(displayNameOf({ displayName: 'Ann', deleted: false, banned: false }, t)).toBe('Ann');
  });
});
