import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Weather, WeatherHour } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { stubServer } from '../../transactions/test-fixtures.ts';
import { WeatherPage } from './weather-page.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const hour = (i: number, over: Partial<WeatherHour> = {}): WeatherHour => ({
  time: new Date(Date.UTC(2026, 10, 25, 10 + i)).toISOString(),
  temperatureC: 1.5 + i / 10,
  windSpeedMs: 6.2,
  windDirectionDeg: 225,
  windGustMs: 9.9,
  humidityPct: 88,
  pressureHpa: 1008.4,
  waterTemperatureC: 4.6,
  rainMm: 0,
  uvIndex: 0.3,
  ...over,
});

const base: Omit<Weather, 'available' | 'reason' | 'provider' | 'fetchedAt' | 'hours'> = {
  port: { locode: 'FIVSS', name: 'Vuosaari', lat: 60.21, lon: 25.18, timezone: 'Europe/Helsinki' },
  sun: { sunrise: '2026-11-25T06:51:00.000Z', sunset: '2026-11-25T13:17:00.000Z' },
};
const available: Weather = {
  ...base,
  available: true,
  reason: null,
  provider: 'open-meteo',
  fetchedAt: '2026-11-25T10:20:00.000Z',
  hours: Array.from({ length: 12 }, (_, i) => hour(i, i === 1 ? { waterTemperatureC: null } : {})),
};
const unreachable: Weather = { ...base, available: false, reason: 'unreachable', provider: 'open-meteo', fetchedAt: null, hours: [] };

async function renderPage(weather: Weather, language: 'en' | 'fi' = 'en') {
  const fetch = stubServer({ 'GET /api/weather': () => jsonResponse(200, { data: weather }) });
  await session.init();
  const router = createMemoryRouter([{ path: '/weather', element: <WeatherPage /> }], { initialEntries: ['/weather?port=FIVSS'] });
  renderWithProviders(<RouterProvider router={router} />, { language });
  return fetch;
}

describe('weather page', { timeout: 30_000 }, () => {
  it('shows the port’s 12 hours in its local time, the chart and the sun times', async () => {
    const fetch = await renderPage(available);
    const table = await screen.findByRole('table', { name: 'Hourly forecast' }, { timeout: 10_000 });
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/api/weather?port=FIVSS');
    const rows = within(table).getAllByTestId('weather-row').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toHaveLength(12);
    // 10:00 UTC is 12:00 in Helsinki (UTC+2 in November).
    expect(rows[0]).toEqual(['12:00', '1.5', '6.2', 'SW 225°', '9.9', '88', '1008', '4.6', '0.0', '0.3']);
    expect(rows[1]![7]).toBe('–'); // no water temperature: a dash, not a number
    expect(within(screen.getByTestId('sun-times')).getByText('Sunrise 08:51')).toBeTruthy();
    expect(within(screen.getByTestId('sun-times')).getByText('Sunset 15:17')).toBeTruthy();
    expect(screen.getByTestId('weather-chart')).toBeTruthy();
    expect(screen.getByText('Forecast for Vuosaari, next 12 hours')).toBeTruthy();
    expect(screen.queryByTestId('weather-unavailable')).toBeNull();
  });

  it('says clearly that the source is unreachable and shows only the sun times (fi)', async () => {
    await renderPage(unreachable, 'fi');
    const alert = await screen.findByTestId('weather-unavailable', {}, { timeout: 10_000 });
    expect(within(alert).getByText('Säätietolähde ei vastaa')).toBeTruthy();
    expect(within(screen.getByTestId('sun-times')).getByText('Aurinko nousee 08.51')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('weather-chart')).toBeNull();
  });
});
