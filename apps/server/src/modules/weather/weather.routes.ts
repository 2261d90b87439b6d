import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { weatherQuerySchema, weatherResponseSchema } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { WeatherService } from './weather.service.ts';

/** Public like the weather page (anonymous visitors may see it). */
export function weatherRoutes(app: FastifyInstance, ctx: AppContext, service: WeatherService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/weather',
    {
      schema: {
        tags: ['weather'],
        summary: 'A port’s 12-hour forecast with its sunrise and sunset',
        description:
          'Hourly temperature, wind (m/s, direction it blows from), gust, humidity, sea-level pressure, water temperature, rain (mm) and UV index from the configured provider, cached 30 minutes. Sunrise and sunset are computed locally. When no provider answers, `available` is false, `reason` says why and only the sun times are given.',
        querystring: weatherQuerySchema,
        response: { 200: weatherResponseSchema },
      },
    },
    async (request) => ({ data: await service.forPort(ctx, request.query.port) }),
  );
}
