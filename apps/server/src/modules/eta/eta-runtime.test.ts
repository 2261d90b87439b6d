import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipPositionsResponse } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { etaKnowledge } from './eta.schema.ts';
import { EtaRuntime } from './eta-runtime.ts';
import { ferryFixture } from './testing/ferry-fixture.ts';

const MMSI = 276_829_000;

describe('eta on the live store: predicted destination and ETA in the ships API, learning kept in the database', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
  });
  afterAll(() => t.close());

  it('feeds the store through the engine on its timer, answers urn:harbor:port:<LOCODE>, and restores what it learned', async () => {
    const store = t.app.ais.vessels.store;
    const live = t.app.eta;
    const start = Date.now() - 3 * 86_400_000;
    const { reports } = ferryFixture({ mmsi: MMSI, start, days: 2.9 });
    // A step per report, as the runtime's timer would see the store.
    for (const r of reports) {
      store.applyPosition({ mmsi: r.mmsi, at: r.at, lat: r.lat, lon: r.lon, sog: r.sog, cog: r.cog, heading: r.heading, navStatus: r.navStatus });
      store.applyStatic({ mmsi: r.mmsi, at: r.at, destination: r.destination, eta: r.reportedEta });
      live.step();
    }
    expect(live.engine.knowledge.voyagesTo.get('EETLL')?.length ?? 0).toBeGreaterThan(3);
    const last = reports[reports.length - 1]!;
    const res = await t.app.inject({ method: 'GET', url: `/v1/ships/positions?bbox=59,24,61,26&maxAge=${60 * 24 * 5}`, headers });
    expect(res.statusCode).toBe(200);
    const ship = json<ShipPositionsResponse>(res).ships.find((s) => s.mmsi === MMSI)!;
    expect(ship.voyage.predictedDestination).toMatch(/^urn:harbor:port:(FIHEL|EETLL)$/);
    expect(Date.parse(ship.voyage.predictedEta!)).toBeGreaterThanOrEqual(last.at);
    expect(ship.voyage.predictedAt).toBe(new Date(last.at).toISOString());

    // Port calls ask for our ETA of a ship at a port: only for the port we predict.
    const dest = ship.voyage.predictedDestination!.slice('urn:harbor:port:'.length);
    expect(live.etaFor(MMSI, dest)).toBe(Date.parse(ship.voyage.predictedEta!));
    expect(live.etaFor(MMSI, 'SESTO')).toBeNull();

    await live.save();
    const [row] = await t.ctx.db.select().from(etaKnowledge);
    expect(row!.voyages).toBe(live.engine.knowledge.voyagesTo.get('EETLL')!.length + live.engine.knowledge.voyagesTo.get('FIHEL')!.length);
    const again = new EtaRuntime(t.ctx.db, store, t.app.log);
    await again.load();
    expect(again.engine.knowledge.topTransition(`${MMSI}|FIHEL`)?.to).toBe('EETLL');
  });
});
