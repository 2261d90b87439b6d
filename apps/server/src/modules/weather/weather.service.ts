import SunCalc from 'suncalc';
import type { Weather, WeatherHour, WeatherUnavailableReason } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { bboxOf, zonesService } from '../zones/index.ts';
import { ProviderError, type WeatherProvider } from './weather.provider.ts';

export const FORECAST_HOURS = 12;
export const CACHE_TTL_MS = 30 * 60_000;
/** A failed fetch is remembered briefly, so an offline server does not wait out the timeout on every page view. */
export const FAILURE_TTL_MS = 60_000;

type Fetched = { at: number; hours: WeatherHour[] } | { at: number; reason: Exclude<WeatherUnavailableReason, 'disabled'> };

export interface WeatherServiceOptions {
  provider: WeatherProvider | null;
  timeoutMs: number;
  now?: () => number;
  log?: Pick<AppContext['log'], 'warn'>;
}

function validDate(d: Date): string | null {
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Sunrise and sunset of the solar day nearest `at`, computed here so they show without any provider. */
export function sunTimes(lat: number, lon: number, at: Date): Weather['sun'] {
  const t = SunCalc.getTimes(at, lat, lon);
  return { sunrise: validDate(t.sunrise), sunset: validDate(t.sunset) };
}

export type WeatherService = ReturnType<typeof createWeatherService>;

export function createWeatherService(opts: WeatherServiceOptions) {
  // Read through Date each time (not a captured Date.now), so a faked clock reaches it.
  const now = opts.now ?? (() => Date.now());
  const cache = new Map<string, Fetched>();
  const inFlight = new Map<string, Promise<Fetched>>();

  async function fetchHours(provider: WeatherProvider, lat: number, lon: number): Promise<Fetched> {
    try {
      return { at: now(), hours: await provider.hourly(lat, lon, AbortSignal.timeout(opts.timeoutMs)) };
    } catch (err) {
      const reason = err instanceof ProviderError ? err.reason : 'unreachable';
      opts.log?.warn({ err: (err as Error).message, provider: provider.name }, 'weather provider failed');
      return { at: now(), reason };
    }
  }

  /** Cached per position; concurrent requests for one port share one fetch. */
  async function hoursAt(provider: WeatherProvider, lat: number, lon: number): Promise<Fetched> {
    const key = `${lat.toFixed(3)},${lon.toFixed(3)}`;
    const hit = cache.get(key);
    if (hit && now() - hit.at < ('hours' in hit ? CACHE_TTL_MS : FAILURE_TTL_MS)) return hit;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fetchHours(provider, lat, lon).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const got = await pending;
    cache.set(key, got);
    return got;
  }

  return {
    async forPort(ctx: Pick<AppContext, 'db'>, locode: string): Promise<Weather> {
      const port = await zonesService.getPort(ctx, locode);
      if (!port.geometry) throw new AppError('not-found', 404, { locode, reason: 'no-position' });
      const g = port.geometry;
      let lon: number;
      let lat: number;
      if (g.type === 'Point') [lon, lat] = g.coordinates as [number, number];
      else {
        const b = bboxOf(g);
        [lon, lat] = [(b.minLon + b.maxLon) / 2, (b.minLat + b.maxLat) / 2];
      }
      const at = now();
      const base = {
        port: { locode: port.properties.locode, name: port.properties.name, lat, lon, timezone: port.properties.timezone },
        sun: sunTimes(lat, lon, new Date(at)),
      };
      if (!opts.provider) return { ...base, available: false, reason: 'disabled', provider: null, fetchedAt: null, hours: [] };
      const got = await hoursAt(opts.provider, lat, lon);
      if ('reason' in got) return { ...base, available: false, reason: got.reason, provider: opts.provider.name, fetchedAt: null, hours: [] };
      // From the hour now under way: a cached answer slides forward instead of showing hours already past.
      const hourStart = Math.floor(at / 3_600_000) * 3_600_000;
      const hours = got.hours.filter((h) => Date.parse(h.time) >= hourStart).slice(0, FORECAST_HOURS);
      if (hours.length === 0) return { ...base, available: false, reason: 'bad-response', provider: opts.provider.name, fetchedAt: null, hours: [] };
      return { ...base, available: true, reason: null, provider: opts.provider.name, fetchedAt: new Date(got.at).toISOString(), hours };
    },
  };
}
