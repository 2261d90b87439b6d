/**
 * A module fetched once, on first use: the pattern of lazy-schemas.ts for the
 * features' response schemas (features/<x>/api/<x>-response-schemas.ts), so
 * zod and the contract schemas load beside a page's first API call instead of
 * holding up its first render. A failed load (a chunk gone after a deploy, a
 * network hiccup) is forgotten, so the next call tries again.
 */
export function lazyImport<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * Parses an API answer with schemas that are still loading. Start the schema
 * import before the request (evaluate `schemas` first), so the chunk arrives
 * during it. The request's outcome comes first: a failed request throws
 * exactly what it threw before, whatever became of the schema chunk.
 */
export async function parseAnswer<S, A, T>(schemas: Promise<S>, answer: Promise<A>, parse: (schemas: S, answer: A) => T): Promise<T> {
  // Marks a failed load as handled while the request is pending; it is rethrown below when the request succeeds.
  schemas.catch(() => {});
  const value = await answer;
  return parse(await schemas, value);
}
