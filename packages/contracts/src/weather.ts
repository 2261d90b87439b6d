import { z } from 'zod';

/** GET /api/weather?port=FIVSS: the port's 12-hour forecast and its sun times. */
export const weatherQuerySchema = z.object({
  port: z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'validation.locode'),
});
export type WeatherQuery = z.infer<typeof weatherQuerySchema>;

/** One forecast hour; a value the provider has no figure for (sea temperature on land) is null, never guessed. */
export const weatherHourSchema = z.object({
  time: z.string().datetime(),
  temperatureC: z.number().nullable(),
  windSpeedMs: z.number().nullable(),
  /** Degrees the wind blows from (meteorological convention). */
  windDirectionDeg: z.number().nullable(),
  windGustMs: z.number().nullable(),
  humidityPct: z.number().nullable(),
  pressureHpa: z.number().nullable(),
  waterTemperatureC: z.number().nullable(),
  rainMm: z.number().nullable(),
  uvIndex: z.number().nullable(),
});
export type WeatherHour = z.infer<typeof weatherHourSchema>;

export const WEATHER_UNAVAILABLE_REASONS = ['disabled', 'unreachable', 'bad-response'] as const;
export type WeatherUnavailableReason = (typeof WEATHER_UNAVAILABLE_REASONS)[number];

/** Computed locally (suncalc): null in polar day or night. */
export const sunTimesSchema = z.object({
  sunrise: z.string().datetime().nullable(),
  sunset: z.string().datetime().nullable(),
});

export const weatherSchema = z.object({
  port: z.object({ locode: z.string(), name: z.string(), lat: z.number(), lon: z.number(), timezone: z.string().nullable() }),
  sun: sunTimesSchema,
  /** False when no provider answered: `hours` is then empty and `reason` says why. */
  available: z.boolean(),
  reason: z.enum(WEATHER_UNAVAILABLE_REASONS).nullable(),
  provider: z.string().nullable(),
  /** When the provider's figures were fetched (they are cached up to 30 minutes). */
  fetchedAt: z.string().datetime().nullable(),
  hours: z.array(weatherHourSchema),
});
export type Weather = z.infer<typeof weatherSchema>;

export const weatherResponseSchema = z.object({ data: weatherSchema });
