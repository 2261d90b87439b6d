import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@harbor/contracts';
import type { Config } from '../../config.ts';

/** Only settings that are safe to show anyone: this answer is public and cacheable. */
export function publicConfigOf(config: Pick<Config, 'SEARCH_PAGE_VARIANT'>): PublicConfig {
  return { searchPageVariant: config.SEARCH_PAGE_VARIANT };
}

export function configRoutes(app: FastifyInstance, config: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = publicConfigOf(config);
  r.get(
    '/api/config',
    { schema: { tags: ['config'], summary: 'Run-time settings of the web app (search page variant)', response: { 200: publicConfigSchema } } },
    // A short cache: a changed setting needs a restart anyway, and reloads should not wait for it.
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(answer),
  );
}
