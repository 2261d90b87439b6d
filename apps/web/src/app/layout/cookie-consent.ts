import { COOKIE_CONSENT_DAYS, COOKIE_CONSENT_NAME, COOKIE_CONSENT_VALUE } from '@harbor/contracts/constants';

export function hasCookieConsent(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim() === `${COOKIE_CONSENT_NAME}=${COOKIE_CONSENT_VALUE}`);
}

/** `euCookiesAccepted=1` for 10 years, readable by script because the banner itself checks it. */
export function consentCookie(): string {
  const maxAge = COOKIE_CONSENT_DAYS * 24 * 3600;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `${COOKIE_CONSENT_NAME}=${COOKIE_CONSENT_VALUE}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export function acceptCookies(): void {
  document.cookie = consentCookie();
}
