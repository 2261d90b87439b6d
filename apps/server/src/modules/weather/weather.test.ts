import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Weather } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { closedPort, serveLocal } from '../../test/local-http.ts';
import { openMeteoProvider } from './open-meteo.ts';
import { createWeatherService } from './weather.service.ts';

/*
 * A real HTTP server on localhost answers with recorded Open-Meteo bodies
 * (fixtures/, the documented hourly shape with timeformat=unixtime), so the
 * adapter's fetch, query and parsing run for real; no fetch mock.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const FORECAST = fixture('open-meteo-forecast-vuosaari.json');
const MARINE = fixture('open-meteo-marine-vuosaari.json');
const recorded = JSON.parse(FORECAST) as { hourly: Record<string, number[]> };
const recordedSea = (JSON.parse(MARINE) as { hourly: { sea_surface_temperature: number[] } }).hourly.sea_surface_temperature;

interface Provider {
  url: string;
  requests: URL[];
  marineStatus: number;
  close(): Promise<void>;
}

async function startProvider(): Promise<Provider> {
  const requests: URL[] = [];
  const state = { marineStatus: 200 };
  const server = await serveLocal((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/v1/forecast') return res.end(FORECAST);
    if (url.pathname === '/v1/marine' && state.marineStatus === 200) return res.end(MARINE);
    if (url.pathname === '/v1/marine') return res.writeHead(state.marineStatus).end('{"error":true,"reason":"upstream"}');
    res.writeHead(400).end('{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value"}');
  });
  return {
    url: server.origin,
    requests,
    get marineStatus() {
      return state.marineStatus;
    },
    set marineStatus(v) {
      state.marineStatus = v;
    },
    close: server.close,
  };
}

const setNow = (iso: string) => vi.setSystemTime(new Date(iso));

let provider: Provider;
let t: TestApp;
let offline: TestApp;

beforeAll(async () => {
  provider = await startProvider();
  const dead = await closedPort();
  // One after the other: two apps starting at once overrun Fastify's plugin timeout on a loaded machine.
  t = await createTestApp({ WEATHER_URL: `${provider.url}/v1/forecast`, WEATHER_MARINE_URL: `${provider.url}/v1/marine` });
  offline = await createTestApp({ WEATHER_URL: `${dead}/v1/forecast`, WEATHER_MARINE_URL: `${dead}/v1/marine`, WEATHER_TIMEOUT_MS: '1000' });
  // Only Date is faked: sockets and timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
}, 120_000);

afterEach(() => {
  provider.marineStatus = 200;
});

afterAll(async () => {
  vi.useRealTimers();
  await Promise.all([t?.close(), offline?.close(), provider?.close()]);
});

const get = async (app: TestApp, port: string) => app.app.inject({ method: 'GET', url: `/api/weather?port=${port}` });

describe('GET /api/weather', () => {
  it('answers the next 12 hours from the recorded Open-Meteo responses, with locally computed sun times', async () => {
    setNow('2026-11-25T10:20:00Z');
    const res = await get(t, 'FIVSS');
    expect(res.statusCode).toBe(200);
    const w = json<{ data: Weather }>(res).data;
    expect(w.available).toBe(true);
    expect(w.reason).toBeNull();
    expect(w.provider).toBe('open-meteo');
    expect(w.port).toMatchObject({ locode: 'FIVSS', timezone: 'Europe/Helsinki' });
    expect(w.hours).toHaveLength(12);
    expect(w.hours[0]!.time).toBe('2026-11-25T10:00:00.000Z');
    expect(w.hours[11]!.time).toBe('2026-11-25T21:00:00.000Z');
    // Row i is the recording's hour 10 + i, field by field.
    w.hours.forEach((h, i) => {
      const j = 10 + i;
      expect(h).toEqual({
        time: h.time,
        temperatureC: recorded.hourly.temperature_2m![j],
        windSpeedMs: recorded.hourly.wind_speed_10m![j],
        windDirectionDeg: recorded.hourly.wind_direction_10m![j],
        windGustMs: recorded.hourly.wind_gusts_10m![j],
        humidityPct: recorded.hourly.relative_humidity_2m![j],
        pressureHpa: recorded.hourly.pressure_msl![j],
        waterTemperatureC: recordedSea[j],
        rainMm: recorded.hourly.precipitation![j],
        uvIndex: recorded.hourly.uv_index![j],
      });
    });
    // Helsinki, late November (almanac): sunrise about 08:50 and sunset about 15:20 local time, UTC+2.
    expect(Date.parse(w.sun.sunrise!)).toBeGreaterThan(Date.parse('2026-11-25T06:30:00Z'));
    expect(Date.parse(w.sun.sunrise!)).toBeLessThan(Date.parse('2026-11-25T07:10:00Z'));
    expect(Date.parse(w.sun.sunset!)).toBeGreaterThan(Date.parse('2026-11-25T13:05:00Z'));
    expect(Date.parse(w.sun.sunset!)).toBeLessThan(Date.parse('2026-11-25T13:35:00Z'));
    // The adapter asked for the documented variables, in m/s and Unix time.
    const forecastReq = provider.requests.find((u) => u.pathname === '/v1/forecast')!;
    expect(forecastReq.searchParams.get('hourly')!.split(',').sort()).toEqual(
      ['precipitation', 'pressure_msl', 'relative_humidity_2m', 'temperature_2m', 'uv_index', 'wind_direction_10m', 'wind_gusts_10m', 'wind_speed_10m'],
    );
    expect(forecastReq.searchParams.get('wind_speed_unit')).toBe('ms');
    expect(forecastReq.searchParams.get('timeformat')).toBe('unixtime');
    expect(Number(forecastReq.searchParams.get('latitude'))).toBeCloseTo(w.port.lat, 3);
    expect(provider.requests.find((u) => u.pathname === '/v1/marine')!.searchParams.get('hourly')).toBe('sea_surface_temperature');
  });

  it('serves from its cache for 30 minutes, sliding the 12 hours forward, then asks again', async () => {
    setNow('2026-11-25T12:00:00Z');
    await get(t, 'FIVSS'); // may refresh; the count starts after it
    const before = provider.requests.length;
    setNow('2026-11-25T12:29:00Z');
    expect(json<{ data: Weather }>(await get(t, 'FIVSS')).data.hours[0]!.time).toBe('2026-11-25T12:00:00.000Z');
    expect(provider.requests.length).toBe(before);
    setNow('2026-11-25T12:31:00Z');
    await get(t, 'FIVSS');
    expect(provider.requests.length).toBe(before + 2); // forecast and marine
  });

  it('without the marine answer keeps the forecast and leaves the water temperature empty, not guessed', async () => {
    provider.marineStatus = 503;
    setNow('2026-11-25T15:00:00Z'); // past the cache
    const w = json<{ data: Weather }>(await get(t, 'FIVSS')).data;
    expect(w.available).toBe(true);
    expect(w.hours[0]!.temperatureC).toBe(recorded.hourly.temperature_2m![15]);
    expect(w.hours.every((h) => h.waterTemperatureC === null)).toBe(true);
  });

  it('says the source is unreachable and gives only the sun times when no provider answers', async () => {
    setNow('2026-11-25T10:20:00Z');
    const res = await get(offline, 'FIVSS');
    expect(res.statusCode).toBe(200);
    const w = json<{ data: Weather }>(res).data;
    expect(w).toMatchObject({ available: false, reason: 'unreachable', hours: [], fetchedAt: null });
    expect(w.sun.sunrise).not.toBeNull();
    expect(w.sun.sunset).not.toBeNull();
  });

  it('is described in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    expect(doc.paths['/api/weather']?.get?.parameters?.map((p) => p.name)).toEqual(['port']);
  });

  it('refuses an unknown port (404) and a malformed code (400)', async () => {
    const unknown = await get(t, 'ZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(json<{ apiErrors: { code: string }[] }>(unknown).apiErrors[0]!.code).toBe('not-found');
    const bad = await get(t, 'x');
    expect(bad.statusCode).toBe(400);
    expect(json<{ apiErrors: { code: string }[] }>(bad).apiErrors[0]!.code).toBe('validation-invalid-params');
  });
});

describe('weather service', () => {
  it('reports a refused request as a bad response and WEATHER_PROVIDER=none as disabled', async () => {
    setNow('2026-11-25T10:20:00Z');
    const refused = createWeatherService({
      provider: openMeteoProvider({ forecastUrl: `${provider.url}/refuse`, marineUrl: `${provider.url}/refuse` }),
      timeoutMs: 1000,
    });
    expect(await refused.forPort(t.ctx, 'FIVSS')).toMatchObject({ available: false, reason: 'bad-response', hours: [] });
    const none = createWeatherService({ provider: null, timeoutMs: 1000 });
    const w = await none.forPort(t.ctx, 'FIVSS');
    expect(w).toMatchObject({ available: false, reason: 'disabled', provider: null, hours: [] });
    expect(w.sun.sunrise).not.toBeNull();
  });
});
