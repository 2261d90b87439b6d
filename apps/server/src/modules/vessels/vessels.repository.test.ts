import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { DAY_MS, HOUR_MS } from '@harbor/contracts';
import { createVessels } from './index.ts';
import { insertPositions, loadVessels, track, upsertVessels } from './vessels.repository.ts';

describe('vessels repository: history writes (one unnest statement per chunk) and the ships a restore loads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AIS_SOURCE: 'none' });
  }, 120_000);
  afterAll(async () => t?.close());

  it('stores every column, nulls as nulls, keeps the first of a repeated (mmsi, at), and takes more rows than one chunk', async () => {
    const mmsi = 230_999_001;
    // Within the kept history (AIS_HISTORY_DAYS): the first flush prunes older points, so a fixed
    // date here turned into a failure a week after it was written.
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 8 * HOUR_MS;
    await insertPositions(t.ctx.db, [
      { mmsi, at: new Date(t0), lat: 60.1234567, lon: 24.9876543, sog: 11.3, cog: 271.5, heading: 270, navStatus: 0 },
      { mmsi, at: new Date(t0 + 10_000), lat: 60.2, lon: 25.1, sog: null, cog: null, heading: null, navStatus: null },
      { mmsi, at: new Date(t0), lat: 1, lon: 1, sog: 1, cog: 1, heading: 1, navStatus: 1 }, // same key: ignored
    ]);
    const rows = await track(t.ctx.db, mmsi, new Date(t0 - 1));
    expect(rows).toEqual([
      { mmsi, at: new Date(t0), lat: 60.1234567, lon: 24.9876543, sog: 11.3, cog: 271.5, heading: 270, navStatus: 0 },
      { mmsi, at: new Date(t0 + 10_000), lat: 60.2, lon: 25.1, sog: null, cog: null, heading: null, navStatus: null },
    ]);
    // 25,000 points of one ship: three statements.
    const many = Array.from({ length: 25_000 }, (_, i) => ({ mmsi: mmsi + 1, at: new Date(t0 + i * 1000), lat: 60 + i / 1e6, lon: 25, sog: 5, cog: 90, heading: 90, navStatus: 0 }));
    await insertPositions(t.ctx.db, many);
    const stored = await track(t.ctx.db, mmsi + 1, new Date(t0 - 1));
    expect(stored.length).toBe(25_000);
    expect(stored.at(-1)).toMatchObject({ at: new Date(t0 + 24_999_000), lat: 60 + 24_999 / 1e6 });
  });

  it('restores only the ships heard within the cut: static data changed since, or a position in the window', async () => {
    const now = Date.now();
    const base = 231_000_000;
    const ship = (n: number, daysAgo: number) => ({ mmsi: base + n, name: `SHIP ${n}`, updatedAt: new Date(now - daysAgo * DAY_MS) });
    await upsertVessels(t.ctx.db, [ship(1, 40), ship(2, 40), ship(3, 1), ship(4, 40)]);
    await insertPositions(t.ctx.db, [
      { mmsi: base + 2, at: new Date(now - 2 * DAY_MS), lat: 60, lon: 25, sog: 1, cog: 1, heading: 1, navStatus: 0 }, // static data old, position recent
      { mmsi: base + 4, at: new Date(now - 10 * DAY_MS), lat: 60, lon: 25, sog: 1, cog: 1, heading: 1, navStatus: 0 }, // position before the window
    ]);
    const rows = await loadVessels(t.ctx.db, new Date(now - 30 * DAY_MS), new Date(now - 7 * DAY_MS));
    expect(rows.map((r) => r.mmsi - base).filter((n) => n >= 1 && n <= 4).sort()).toEqual([2, 3]);
  });

  it('restores with any AIS_FORGET_DAYS: one reaching before 1970 loads every ship instead of failing the start', async () => {
    // A ship silent for years: only a cut before its last change brings it back.
    const mmsi = 231_000_100;
    await upsertVessels(t.ctx.db, [{ mmsi, name: 'LONG SILENT', updatedAt: new Date(Date.now() - 3000 * DAY_MS) }]);
    const vessels = createVessels(t.ctx, { enabled: false, flushIntervalMs: 60_000, historyIntervalMs: 30_000, historyDays: 30, forgetAfterDays: 10_000_000 });
    await vessels.restore();
    expect(vessels.store.slot(mmsi)).toBeDefined();
  });
});
