/**
 * The default rate limit (RATE_LIMIT_PER_MIN, per client address, one-minute
 * window) against what one browser with the map open asks for. Counted from the
 * web app's code; the WebSocket stream and map tiles are not rate-limited:
 *
 * - positions: polled every shipPollIntervalMs(zoom) (30 s below zoom 7, 15 s
 *   below 10, 10 s below 12, 5 s above; from zoom 10 only while the stream is
 *   down), and once per `moveend` that leaves the padded area asked last;
 * - zones: once per `moveend` (debounced 300 ms) that leaves the area held;
 * - AIS status 1/min; with a ship card open its track and predicted route 1/min
 *   each; a port card's calls 2/min; the unread-messages badge 2/min.
 *
 * The heaviest minute we can make of that is a user panning non-stop (a
 * `moveend` every second) at zoom >= 12 with the stream down: 60 + 12 positions,
 * 60 zones, and 7 more, about 140 requests. bench/README-load.md has the
 * per-zoom table. The default must hold at least four such minutes in one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipPollIntervalMs } from '@harbor/contracts/map';
import { PORT_CALLS_REFRESH_MS } from '@harbor/contracts/port-call-constants';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';

const MINUTE = 60_000;
/** `moveend` events per minute of a user who never stops panning and zooming. */
const MOVES_PER_MIN = 60;

/** Requests per minute one map tab makes at `zoom`, when the stream is down and the user pans non-stop. */
function mapRequestsPerMinute(zoom: number, moves = MOVES_PER_MIN): number {
  const polls = MINUTE / shipPollIntervalMs(zoom);
  const background = 1 /* AIS status */ + 2 /* ship track + route */ + MINUTE / PORT_CALLS_REFRESH_MS + 2 /* unread badge */;
  return polls + moves /* positions */ + moves /* zones */ + background;
}

describe('default rate limit against one map session', () => {
  let t: TestApp;
  let authorization: string;
  beforeAll(async () => {
    // No RATE_LIMIT_PER_MIN here: the shipped default is what is tested.
    t = await createTestApp();
    authorization = `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}`;
  });
  afterAll(() => t.close());

  it('holds four of the heaviest map minutes at any zoom', () => {
    const worst = Math.max(...Array.from({ length: 23 }, (_, z) => mapRequestsPerMinute(z)));
    expect(worst).toBeGreaterThan(130);
    expect(worst).toBeLessThan(160);
    expect(t.ctx.config.RATE_LIMIT_PER_MIN).toBeGreaterThanOrEqual(4 * worst);
  });

  it('a replayed heaviest minute from one address gets no 429 and leaves three quarters of the budget', async () => {
    const remoteAddress = '10.20.0.1';
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress, headers: { authorization } });
    const n = Math.ceil(mapRequestsPerMinute(12));
    const statuses: number[] = [];
    let remaining = Infinity;
    for (let i = 0; i < n; i++) {
      const lat = 60.1 + (i % 30) * 0.01;
      const url =
        i % 2 === 0
          ? `/v1/ships/positions?bbox=${lat},24.8,${lat + 0.06},25.1`
          : i % 9 === 1
            ? '/v1/ais/status'
            : `/v1/zones/bbox?south=${lat}&west=24.8&north=${lat + 0.06}&east=25.1`;
      const res = await get(url);
      statuses.push(res.statusCode);
      remaining = Math.min(remaining, Number(res.headers['x-ratelimit-remaining']));
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(remaining).toBeGreaterThanOrEqual(t.ctx.config.RATE_LIMIT_PER_MIN * 0.75);
  });

  it('the limit does bite: one address over it within a minute gets 429', async () => {
    const remoteAddress = '10.20.0.2';
    let first429 = -1;
    for (let i = 0; i <= t.ctx.config.RATE_LIMIT_PER_MIN && first429 < 0; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress });
      if (res.statusCode === 429) first429 = i;
    }
    expect(first429).toBe(t.ctx.config.RATE_LIMIT_PER_MIN);
  });
});
