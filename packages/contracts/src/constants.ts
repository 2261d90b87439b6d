/** Business constants shared by web and server (spec section 9 of each document). */
export const PRODUCT = 'harbor';
export const IDENTITY_PROVIDER = 'harbor';
export const DEFAULT_PORT_CODE = 'FIVSS';
export const DEFAULT_COUNTRY = 'fi';
export const LANGUAGES = ['en', 'fi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const DATE_FORMAT = 'DD.MM.YYYY';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const TEXTAREA_MAX = 5000;
export const BIO_TRUNCATE = 170;

export const TOKEN_EXPIRY_MARGIN_MS = 10_000;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
export const SESSION_COOKIE = 'harbor_session';
export const SESSION_TTL_S = 30 * 24 * 3600;

export const MAX_FAILED_LOGINS_PER_DAY = 5;
export const MAX_VERIFICATION_EMAILS_PER_DAY = 5;
/** A reset link works once, for one hour, and only until a newer one is sent. */
export const PASSWORD_RESET_TTL_S = 3600;

export const COOKIE_CONSENT_NAME = 'euCookiesAccepted';
export const COOKIE_CONSENT_VALUE = '1';
export const COOKIE_CONSENT_DAYS = 3650;

export const MOBILE_BREAKPOINT_PX = 768;
export const RESIZE_DEBOUNCE_MS = 100;

/** Registration is reviewed by hand: both readings of the spec are shown. */
export const REVIEW_HOURS = 48;
export const REVIEW_DAYS = 3;

/** The five Finnish city presets of the location search (bounds: south, west, north, east). */
export const LOCATION_PRESETS = [
  { id: 'helsinki', address: 'Helsinki, Finland', origin: [60.1699, 24.9384], bounds: [60.1, 24.78, 60.3, 25.25] },
  { id: 'turku', address: 'Turku, Finland', origin: [60.4518, 22.2666], bounds: [60.38, 22.1, 60.55, 22.45] },
  { id: 'tampere', address: 'Tampere, Finland', origin: [61.4978, 23.761], bounds: [61.42, 23.55, 61.58, 24.0] },
  { id: 'oulu', address: 'Oulu, Finland', origin: [65.0121, 25.4651], bounds: [64.93, 25.3, 65.1, 25.65] },
  { id: 'kotka', address: 'Kotka, Finland', origin: [60.4664, 26.9458], bounds: [60.4, 26.8, 60.55, 27.05] },
] as const;

/** Durations in milliseconds, for time arithmetic on Date.now() and Date values. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
