import type { FastifyInstance } from 'fastify';

export const KYSTVERKET = '/work/shared/data/ais/captures/kystverket_ais1000lines_2019-08-07.nm4';

/** Waits until every replay source has played its file (tests use speed=0). */
export async function replayDone(app: FastifyInstance, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const sources = app.ais.ingestion.sources.filter((s) => s.kind === 'replay');
    if (sources.every((s) => s.status().state === 'finished')) return;
    if (Date.now() > until) throw new Error(`replay not finished: ${JSON.stringify(sources.map((s) => s.status()))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Polls `check` until it returns a value or times out. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
