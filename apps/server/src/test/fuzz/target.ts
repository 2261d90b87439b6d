import { createTestApp, type TestApp } from '../harness.ts';
import { tokens } from '../../modules/listings/test-helpers.ts';
import { operationsOf, type Operation } from './operations.ts';
import { idPool } from './run.ts';

export interface FuzzTarget {
  t: TestApp;
  ops: Operation[];
  roles: Record<string, Record<string, string>>;
  idPool: string[];
}

/**
 * The app the fuzzer shoots at (the CI test and bench/fuzz-api.ts alike): demo
 * marketplace data, signed-in roles, the operations of its own OpenAPI document.
 * No rate limit in the way (the fuzzer is one address), no timer ticking under
 * the data check, no weather from the network.
 */
export async function fuzzTarget(): Promise<FuzzTarget> {
  const t = await createTestApp(
    { RATE_LIMIT_PER_MIN: '100000000', LOGIN_RATE_LIMIT_PER_MIN: '100000000', TIMER_INTERVAL_MS: '3600000', WEATHER_PROVIDER: 'none' },
    { marketplace: true },
  );
  // The coastline behind the base tiles loads on the first tile (seconds on a busy machine): not the fuzzer's time.
  for (const url of ['/tiles/base/9/290/148.pbf', '/tiles/basemap/9/290/148.mvt']) await t.app.inject({ method: 'GET', url });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  return { t, ops: operationsOf(doc), roles: await tokens(t.app), idPool: await idPool(t.ctx.db) };
}
