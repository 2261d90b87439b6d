import { readFileSync } from 'node:fs';
import type { Currency, Forex } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { ecbProvider, parseEcbXml, type EcbRate, type ForexProvider } from './ecb.ts';
import { cacheState, newestPair, ratesBetween, saveRates } from './forex.repository.ts';

/**
 * The ECB's reference rates shipped with the product (snapshot/, a verbatim
 * eurofxref-daily.xml; see its README): what every answer falls back to while
 * no fetch has ever succeeded, so a machine that has never been online still
 * converts, and says of which day.
 */
export const SNAPSHOT_RATES: EcbRate[] = parseEcbXml(readFileSync(new URL('./snapshot/eurofxref-daily.xml', import.meta.url), 'utf8'));

/** A failed fetch is remembered briefly, so an offline server does not wait out the timeout on every request. */
export const FAILURE_TTL_MS = 60_000;
/** After this long without a successful read, fetch the 90-day history rather than one day, to fill the gap. */
const HISTORY_AFTER_MS = 3 * 86_400_000;

/**
 * The ECB publishes around 16:00 CET (15:00 UTC in winter, 14:00 in summer).
 * A fetch is fresh until the next 15:00 UTC after it: one read a day, after
 * the day's publication.
 */
export function isFresh(lastFetch: Date | null, now: number): boolean {
  if (!lastFetch) return false;
  const d = new Date(now);
  let boundary = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 15);
  if (boundary > now) boundary -= 86_400_000;
  return lastFetch.getTime() >= boundary;
}

export interface ForexServiceOptions {
  provider: ForexProvider | null;
  timeoutMs: number;
  now?: () => number;
  log?: Pick<AppContext['log'], 'warn' | 'info'>;
}

export type ForexService = ReturnType<typeof createForexService>;

export function createForexService(db: Db, opts: ForexServiceOptions) {
  const now = opts.now ?? (() => Date.now());
  let failedAt: number | null = null;
  let inFlight: Promise<void> | null = null;
  let snapshotLoaded = false;

  async function fetchAndStore(provider: ForexProvider) {
    const { lastFetch, any } = await cacheState(db);
    if (isFresh(lastFetch, now())) return;
    if (failedAt !== null && now() - failedAt < FAILURE_TTL_MS) return;
    try {
      const signal = AbortSignal.timeout(opts.timeoutMs);
      const needHistory = !lastFetch || now() - lastFetch.getTime() > HISTORY_AFTER_MS;
      const rates = needHistory ? await provider.history(signal) : await provider.latest(signal);
      await saveRates(db, rates, 'ecb', new Date(now()));
      failedAt = null;
      opts.log?.info({ provider: provider.name, days: new Set(rates.map((r) => r.date)).size }, 'forex rates fetched');
    } catch (err) {
      failedAt = now();
      opts.log?.warn({ err: (err as Error).message, provider: provider.name }, 'forex provider failed; answering the last known rates');
      if (!any) await loadSnapshot();
    }
  }

  async function loadSnapshot() {
    if (snapshotLoaded) return;
    await saveRates(db, SNAPSHOT_RATES, 'snapshot', new Date(now()));
    snapshotLoaded = true;
  }

  /** Fresh rates when the ECB answers; otherwise what is stored, or the shipped snapshot. Concurrent callers share one fetch. */
  async function ensure(): Promise<void> {
    if (!opts.provider) return loadSnapshot();
    inFlight ??= fetchAndStore(opts.provider).finally(() => (inFlight = null));
    return inFlight;
  }

  const offline = () => !opts.provider || failedAt !== null;

  return {
    ensure,
    async convert(from: Currency, to: Currency): Promise<Forex> {
      await ensure();
      let pair = await newestPair(db, from, to);
      if (!pair) {
        // Stored rates lack this pair (a currency the last files left out): the snapshot has all sixteen.
        await loadSnapshot();
        pair = await newestPair(db, from, to);
      }
      if (!pair) throw new AppError('not-found', 404, { from, to, reason: 'no-rate' });
      const per = (c: Currency) => (c === 'EUR' ? 1 : pair.rates[c]!);
      const { lastFetch } = await cacheState(db);
      return {
        from,
        to,
        multiplier: per(to) / per(from),
        date: pair.date,
        source: pair.source,
        fetchedAt: lastFetch ? lastFetch.toISOString() : null,
        offline: offline(),
      };
    },
    /** For the reports: the rates of their days, from the same table. */
    async ratesBetween(currencies: string[], from: string, to: string): Promise<EcbRate[]> {
      await ensure();
      return ratesBetween(db, currencies, from, to);
    },
  };
}

/** One service per database (each test app has its own), built from the app's configuration on first use. */
const services = new WeakMap<Db, ForexService>();

export function forexServiceOf(ctx: Pick<AppContext, 'db' | 'config' | 'log'>): ForexService {
  let s = services.get(ctx.db);
  if (!s) {
    const { config } = ctx;
    const provider = config.FOREX_PROVIDER === 'ecb' ? ecbProvider({ dailyUrl: config.FOREX_URL, historyUrl: config.FOREX_HISTORY_URL }) : null;
    s = createForexService(ctx.db, { provider, timeoutMs: config.FOREX_TIMEOUT_MS, log: ctx.log });
    services.set(ctx.db, s);
  }
  return s;
}
