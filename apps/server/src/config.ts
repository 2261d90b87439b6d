import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseSourceSpecs } from './modules/ais/source-specs.ts';
import { isSupportedCurrency, SEARCH_PAGE_VARIANTS } from '@harbor/contracts';

/**
 * Every setting has a working default and is validated at start, so a typo
 * fails loudly with the variable's name instead of surfacing as odd behaviour.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's named ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may set X-Forwarded-For: none by default (the socket address
 * keys the rate limits), or a list of addresses/CIDRs. `true` is not accepted:
 * trusting the header from anyone lets every request pick its own address.
 */
const trustProxy = z
  .string()
  .transform((v, c): false | string[] => {
    if (['false', '0', 'no', 'off', 'none'].includes(v.trim().toLowerCase())) return false;
    const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (!entries.length || bad.length) {
      c.addIssue({
        code: 'custom',
        message: `must be false or a comma-separated list of proxy addresses or CIDRs (bad: ${bad.join(', ') || v})`,
      });
      return z.NEVER;
    }
    return entries;
  })
  .optional();

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional().describe('URL people use to reach the product; used in e-mail links'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'lowercase letters, digits and _ only')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Harbor <no-reply@harbor.local>'),
  OPERATOR_EMAIL: z.string().email().optional(),
  OPERATOR_PASSWORD: z.string().min(8, 'at least 8 characters').optional(),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto').describe('auto: readable lines on a terminal, JSON lines otherwise'),
  RATE_LIMIT_PER_MIN: z.coerce.number().int().positive().default(1200),
  LOGIN_RATE_LIMIT_PER_MIN: z.coerce.number().int().positive().default(30),
  RESPONSE_CHECK: z
    .enum(['strict', 'off'])
    .optional()
    .describe('strict: every answer checked against its contract, anything else fails the request (default under NODE_ENV=test); off: written as built'),
  TRUST_PROXY: trustProxy.describe('proxies whose X-Forwarded-For is believed; off by default'),
  WEB_DIST: z.string().optional().describe('built web app to serve; default apps/web/dist'),
  BASEMAP_PMTILES: z.string().min(1).optional().describe('a Protomaps PMTiles archive (vector) served as the Street style at /tiles/basemap/{z}/{x}/{y}.mvt'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_JWKS_URL: z.string().url().optional(),
  MARKETPLACE_CURRENCY: z
    .string()
    .toUpperCase()
    .refine((c) => isSupportedCurrency(c), 'must be a supported currency (EUR, USD, JPY, ...)')
    .default('EUR'),
  SEARCH_PAGE_VARIANT: z
    .enum(SEARCH_PAGE_VARIANTS, { error: `must be one of ${SEARCH_PAGE_VARIANTS.join(', ')}` })
    .default('grid')
    .describe('the search page /s: a card grid or a list beside a map'),
  SEARCH_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .optional()
    .describe('how long a listing search answer is shared by the requests for it; any change made through the API starts over (default 1000, 0 under NODE_ENV=test)'),
  TIMER_INTERVAL_MS: z.coerce.number().int().min(10).default(1000).describe('how often the durable timers look for due ones (LISTING_TIMER_INTERVAL_MS: old name)'),
  // Transaction timers (marketplace-buyer.md section 4); only the payment window is given by the spec.
  PAYMENT_WINDOW_MS: z.coerce.number().int().min(1).default(15 * 60_000).describe('an online payment not confirmed within this is cancelled and its stock released (spec: 15 minutes)'),
  QUOTE_REQUEST_EXPIRY_MS: z.coerce.number().int().min(1).default(7 * 24 * 3_600_000).describe('a quote request the seller has not answered expires after this'),
  QUOTE_VALIDITY_MS: z.coerce.number().int().min(1).default(7 * 24 * 3_600_000).describe('a quote without a validity date (validUntil) expires after this'),
  AUTO_COMPLETE_MS: z.coerce.number().int().min(1).default(7 * 24 * 3_600_000).describe('a delivered order the buyer has not marked received completes after this'),
  REVIEW_PERIOD_MS: z.coerce.number().int().min(1).default(14 * 24 * 3_600_000).describe('how long each side may review a completed order'),
  PAYMENTS: z.enum(['local', 'stripe'], { error: 'must be local or stripe' }).default('local').describe('the card-payment provider: local (Harbor’s own test provider) or stripe'),
  PAYMENTS_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional().describe('signing key of the local provider’s webhooks; generated into DATA_DIR when absent'),
  PAYMENTS_WEBHOOK_URL: z.string().url().optional().describe('where the local provider delivers its webhooks; default this server’s own /api/payments/webhook'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key (sk_test_…, sk_live_…)')
    .optional()
    .describe('PAYMENTS=stripe: the platform account’s secret API key'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+(\s*,\s*whsec_\w+)*$/, 'must be the webhook endpoint’s signing secret (whsec_…), or several separated by commas')
    .optional()
    .describe('PAYMENTS=stripe: signing secret of the endpoint(s) sending to /api/payments/webhook (the platform’s and a Connect one: comma-separated)'),
  STRIPE_API_HOST: z.string().min(1).optional().describe('another Stripe API host (tests: a local server answering in Stripe’s shapes)'),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https'], { error: 'must be http or https' }).optional(),
  WEATHER_PROVIDER: z.enum(['open-meteo', 'none'], { error: 'must be open-meteo or none' }).default('open-meteo').describe('forecast source of the weather page; none: sun times only'),
  WEATHER_URL: z.string().url().default('https://api.open-meteo.com/v1/forecast').describe('Open-Meteo forecast API'),
  WEATHER_MARINE_URL: z.string().url().default('https://marine-api.open-meteo.com/v1/marine').describe('Open-Meteo marine API (sea surface temperature)'),
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).default(4000).describe('give up on the weather provider after this long'),
  FOREX_PROVIDER: z.enum(['ecb', 'none'], { error: 'must be ecb or none' }).default('ecb').describe('currency rates of /api/forex and the reports: ecb (European Central Bank reference rates) or none (the ECB snapshot shipped with the product only)'),
  FOREX_URL: z.string().url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml').describe('the ECB daily reference-rate file, read once a day'),
  FOREX_HISTORY_URL: z.string().url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml').describe('the ECB history file read on the first fetch or after a gap (eurofxref-hist.xml for every day since 1999)'),
  FOREX_TIMEOUT_MS: z.coerce.number().int().min(100).default(4000).describe('give up on the forex provider after this long'),
  PORTCALLS_URL: z.string().url().default('https://meri.digitraffic.fi/api/port-call/v1/port-calls').describe('national single-window port-call API (Digitraffic shape)'),
  PORTCALLS_POLL_S: z.coerce.number().int().min(5).default(300),
  PORTCALLS_NSW: bool.optional().describe('poll PORTCALLS_URL; default on, off in tests'),
  PORTCALLS_NSW_EXPIRE_H: z.coerce.number().positive().default(48).describe('a single-window call that never got an arrival is no longer listed this many hours after its ETA (or its first report when it has none)'),
  PORTCALLS_AIS_REPLAY: z.string().optional().describe('NMEA file replayed into port-call detection at start'),
  // AIS ingestion; AIS_SOURCE defaults to digitraffic (to none under NODE_ENV=test).
  AIS_SOURCE: z
    .string()
    .optional()
    .superRefine((v, c) => {
      try {
        if (v) parseSourceSpecs(v);
      } catch (err) {
        c.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  DIGITRAFFIC_MQTT_URL: z.string().regex(/^(mqtts?|wss?):\/\//, 'must be an mqtt(s):// or ws(s):// URL').default('wss://meri.digitraffic.fi:443/mqtt'),
  DIGITRAFFIC_TOPIC_PREFIX: z.string().default('vessels-v2'),
  AIS_FALLBACK_AFTER_MS: z.coerce.number().int().min(0).default(10_000).describe('start the simulator when Digitraffic is not connected by then'),
  AIS_SIMULATOR_SHIPS: z.coerce.number().int().min(1).max(1_000_000).default(300),
  AIS_PERSIST: bool.default(true).describe('write vessel data and position history to the database'),
  AIS_HISTORY_INTERVAL_S: z.coerce.number().int().min(1).default(30).describe('at most one history point per ship per this many seconds'),
  AIS_HISTORY_DAYS: z.coerce.number().int().min(1).default(7),
  AIS_FORGET_DAYS: z.coerce.number().int().min(1).default(30).describe('ships silent this long leave the live store (checked hourly); their history and static data stay in the database'),
  AIS_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL' | 'AIS_SOURCE' | 'TRUST_PROXY' | 'PAYMENTS_WEBHOOK_SECRET' | 'RESPONSE_CHECK' | 'SEARCH_CACHE_MS'> {
  RESPONSE_CHECK: 'strict' | 'off';
  SEARCH_CACHE_MS: number;
  PAYMENTS_WEBHOOK_SECRET: string;
  AIS_SOURCE: string;
  TRUST_PROXY: false | string[];
  JWT_SECRET: string;
  PUBLIC_URL: string;
  secureCookies: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  // The listing timers' setting before they moved onto the one timer facility.
  cleaned.TIMER_INTERVAL_MS ??= cleaned.LISTING_TIMER_INTERVAL_MS;
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // Without its keys the Stripe provider could neither charge nor trust a webhook: refuse to start, naming the setting.
  const missingStripe = env.PAYMENTS === 'stripe' ? (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((k) => !env[k]) : [];
  if (missingStripe.length)
    throw new ConfigError(`Invalid configuration:\n${missingStripe.map((k) => `  ${k}: required when PAYMENTS=stripe (the payment provider key is missing)`).join('\n')}`);
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means
  // relative to where the person typed the command (INIT_CWD), the default to the repo root.
  const dataDir = cleaned.DATA_DIR
    ? path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR)
    : path.join(REPO_ROOT, 'data');
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/$/, '');
  return {
    ...env,
    DATA_DIR: dataDir,
    JWT_SECRET: env.JWT_SECRET ?? persistentSecret(dataDir),
    PAYMENTS_WEBHOOK_SECRET: env.PAYMENTS_WEBHOOK_SECRET ?? persistentSecret(dataDir, 'payments-webhook-secret'),
    PUBLIC_URL: publicUrl,
    AIS_SOURCE: env.AIS_SOURCE ?? (env.NODE_ENV === 'test' ? 'none' : 'digitraffic'),
    TRUST_PROXY: env.TRUST_PROXY ?? false,
    RESPONSE_CHECK: env.RESPONSE_CHECK ?? (env.NODE_ENV === 'test' ? 'strict' : 'off'),
    // Tests write to the database directly and search right after; they turn it on where they test it.
    SEARCH_CACHE_MS: env.SEARCH_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000),
    secureCookies: publicUrl.startsWith('https://'),
  };
}

/** Without JWT_SECRET (or PAYMENTS_WEBHOOK_SECRET) a random one is kept in DATA_DIR, so sessions and webhook signatures survive restarts. */
function persistentSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
