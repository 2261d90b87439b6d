import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { openMeteoProvider } from './open-meteo.ts';
import { createWeatherService } from './weather.service.ts';
import { weatherRoutes } from './weather.routes.ts';

export { createWeatherService, sunTimes, type WeatherService } from './weather.service.ts';
export { openMeteoProvider } from './open-meteo.ts';
export type { WeatherProvider } from './weather.provider.ts';

/** The weather API on the provider WEATHER_PROVIDER chose (none: sun times only). */
export function registerWeather(app: FastifyInstance, ctx: AppContext) {
  const { config } = ctx;
  const provider =
    config.WEATHER_PROVIDER === 'open-meteo' ? openMeteoProvider({ forecastUrl: config.WEATHER_URL, marineUrl: config.WEATHER_MARINE_URL }) : null;
  const service = createWeatherService({ provider, timeoutMs: config.WEATHER_TIMEOUT_MS, log: ctx.log });
  weatherRoutes(app, ctx, service);
  return service;
}
