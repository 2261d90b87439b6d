import { z } from 'zod';
import type { WeatherHour } from '@harbor/contracts';
import { ProviderError, type WeatherProvider } from './weather.provider.ts';

/** Open-Meteo variable names (forecast API), requested in m/s and Unix seconds so no unit or zone conversion happens here. */
const FORECAST_VARS = [
  'temperature_2m',
  'relative_humidity_2m',
  'pressure_msl',
  'precipitation',
  'wind_speed_10m',
  'wind_direction_10m',
  'wind_gusts_10m',
  'uv_index',
] as const;
const MARINE_VARS = ['sea_surface_temperature'] as const;

const series = z.array(z.number().nullable());

/** Open-Meteo's answer: `hourly.time` plus one array per variable, all the same length. */
const forecastSchema = z.object({
  hourly: z.object({
    time: z.array(z.number()),
    temperature_2m: series,
    relative_humidity_2m: series,
    pressure_msl: series,
    precipitation: series,
    wind_speed_10m: series,
    wind_direction_10m: series,
    wind_gusts_10m: series,
    uv_index: series,
  }),
});
const marineSchema = z.object({ hourly: z.object({ time: z.array(z.number()), sea_surface_temperature: series }) });

export interface OpenMeteoOptions {
  forecastUrl: string;
  marineUrl: string;
}

async function getJson(base: string, params: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (err) {
    throw new ProviderError('unreachable', `${url.host}: ${(err as Error).message}`);
  }
  // Open-Meteo answers a refused request 400 with { error: true, reason }.
  if (!res.ok) throw new ProviderError(res.status >= 500 ? 'unreachable' : 'bad-response', `${url.host}: HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new ProviderError('bad-response', `${url.host}: not JSON`);
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw new ProviderError('bad-response', `${what}: ${r.error.issues[0]?.message ?? 'unexpected shape'}`);
  return r.data;
}

export function openMeteoProvider(opts: OpenMeteoOptions): WeatherProvider {
  return {
    name: 'open-meteo',
    async hourly(lat, lon, signal) {
      const common = { latitude: lat.toFixed(4), longitude: lon.toFixed(4), timeformat: 'unixtime', timezone: 'GMT', forecast_days: '2' };
      // The marine model is a grid over water: a port inland or its failure costs only the water temperature.
      const [forecastBody, marineBody] = await Promise.all([
        getJson(opts.forecastUrl, { ...common, hourly: FORECAST_VARS.join(','), wind_speed_unit: 'ms' }, signal),
        getJson(opts.marineUrl, { ...common, hourly: MARINE_VARS.join(',') }, signal).catch(() => null),
      ]);
      const f = parse(forecastSchema, forecastBody, 'forecast').hourly;
      const sea = new Map<number, number | null>();
      const m = marineBody === null ? null : marineSchema.safeParse(marineBody);
      if (m?.success) m.data.hourly.time.forEach((t, i) => sea.set(t, m.data.hourly.sea_surface_temperature[i] ?? null));
      const at = (arr: (number | null)[], i: number) => arr[i] ?? null;
      return f.time.map(
        (t, i): WeatherHour => ({
          time: new Date(t * 1000).toISOString(),
          temperatureC: at(f.temperature_2m, i),
          windSpeedMs: at(f.wind_speed_10m, i),
          windDirectionDeg: at(f.wind_direction_10m, i),
          windGustMs: at(f.wind_gusts_10m, i),
          humidityPct: at(f.relative_humidity_2m, i),
          pressureHpa: at(f.pressure_msl, i),
          waterTemperatureC: sea.get(t) ?? null,
          rainMm: at(f.precipitation, i),
          uvIndex: at(f.uv_index, i),
        }),
      );
    },
  };
}
