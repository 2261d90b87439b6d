import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, returnPathFrom, returnStateFor } from './return-path.ts';

describe('auth return path', () => {
  it('remembers path, search and hash', () => {
    const state = returnStateFor({ pathname: '/account/contact-details', search: '?x=1', hash: '#phone' });
    expect(returnPathFrom(state)).toBe('/account/contact-details?x=1#phone');
  });

  it('falls back to the landing page without a remembered location', () => {
    expect(returnPathFrom(undefined)).toBe('/');
    expect(returnPathFrom(null)).toBe('/');
    expect(returnPathFrom({})).toBe('/');
    expect(returnPathFrom({ from: { pathname: 42 } })).toBe('/');
  });

  it('never returns off-site or back to the sign-in pages', () => {
    expect(returnPathFrom({ from: { pathname: '//evil.example/x', search: '', hash: '' } })).toBe('/');
    expect(returnPathFrom({ from: { pathname: 'https://evil.example', search: '', hash: '' } })).toBe('/');
    expect(returnPathFrom({ from: { pathname: '/\\evil.example', search: '', hash: '' } })).toBe('/');
    expect(returnPathFrom({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/');
    expect(returnPathFrom({ from: { pathname: '/signup', search: '', hash: '' } }, '/account')).toBe('/account');
  });

  it('drops a malformed search or hash but keeps the path', () => {
    expect(returnPathFrom({ from: { pathname: '/orders', search: 'x=1', hash: 'top' } })).toBe('/orders');
  });

  it('open redirect after sign-in: refuses paths a browser would follow off-site', () => {
    const from = (pathname: string, search = '', hash = '') => ({ from: { pathname, search, hash } });
    for (const pathname of ['/\\evil.example', '/x\\..\\evil.example', '/\t/evil.example', '/\n/evil.example', '/\u0000', '///evil.example']) {
      expect(returnPathFrom(from(pathname)), JSON.stringify(pathname)).toBe('/');
    }
    expect(returnPathFrom(from('/orders', '?q=\\x'))).toBe('/');
    expect(returnPathFrom(from('/orders', '', '#a\u007f'))).toBe('/');
    expect(isSafeReturnPath('/orders?x=1#top')).toBe(true);
    expect(isSafeReturnPath('javascript:alert(1)')).toBe(false);
    expect(isSafeReturnPath('')).toBe(false);
  });
});
