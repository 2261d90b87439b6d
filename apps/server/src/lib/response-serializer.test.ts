import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer, type ResponseCheck } from './response-serializer.ts';

const contract = z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })), note: z.string().default('none') });

/** One route answering what it is given, under the contract above. */
async function appAnswering(check: ResponseCheck, body: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(check));
  app.withTypeProvider<ZodTypeProvider>().get('/x', { schema: { response: { 200: contract } } }, async () => body as z.output<typeof contract>);
  await app.ready();
  return app;
}

describe('response serializer', () => {
  const exact = { id: 'a', tags: [{ name: 't' }], note: 'n' };

  it('strict: an answer that is exactly the contract is written as it is', async () => {
    const app = await appAnswering('strict', exact);
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(exact);
  });

  it.each([
    ['a field the contract leaves out, at the top', { ...exact, passwordHash: 'secret' }],
    ['a field the contract leaves out, nested in an array', { ...exact, tags: [{ name: 't', internal: 1 }] }],
    ['a default the handler did not fill', { id: 'a', tags: [] }],
    ['a value of the wrong type', { ...exact, id: 7 }],
  ])('strict: %s fails the request', async (_, body) => {
    const app = await appAnswering('strict', body);
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
  });

  it('off: the answer is written as the handler built it, unchecked', async () => {
    const app = await appAnswering('off', { ...exact, extra: 1 });
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...exact, extra: 1 });
  });
});
