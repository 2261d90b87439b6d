import { describe, expect, it } from 'vitest';
import { acceptCookies, consentCookie, hasCookieConsent } from './cookie-consent.ts';

describe('cookie consent', () => {
  it('is missing until accepted, then set to 1 for 10 years', () => {
    expect(hasCookieConsent('other=1; euCookiesAccepted=0')).toBe(false);
    expect(consentCookie()).toContain(`Max-Age=${3650 * 24 * 3600}`);
    acceptCookies();
    expect(document.cookie).toContain('euCookiesAccepted=1');
    expect(hasCookieConsent()).toBe(true);
  });
});
