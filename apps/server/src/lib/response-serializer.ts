import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * How answers are written (RESPONSE_CHECK):
 * - `strict` (the default under NODE_ENV=test): zod checks every answer against its
 *   contract, and an answer that holds anything else (a field the contract leaves out, a
 *   default the handler did not fill) fails the request, so every test that calls an
 *   endpoint also proves that its handler returns exactly the contract;
 * - `off` (otherwise): the answer is written as the handler built it. Checking it again
 *   in production cost the listing search 45 % of its throughput (bench/README-load.md), and
 *   the strict runs are what make trusting the handlers safe.
 */
export type ResponseCheck = 'strict' | 'off';

type Compiler = FastifySerializerCompiler<Parameters<typeof serializerCompiler>[0]['schema']>;

const trusted = (data: unknown) => JSON.stringify(data);

export function responseSerializer(check: ResponseCheck): Compiler {
  if (check === 'off') return () => trusted;
  return (route) => {
    const validated = serializerCompiler(route);
    return (data: unknown) => {
      const json = validated(data);
      if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(data) ?? 'null'))) {
        throw new Error(
          `${route.method} ${route.url}: the answer differs from its contract (a field the contract leaves out, or a default the handler did not fill)`,
        );
      }
      return json;
    };
  };
}

