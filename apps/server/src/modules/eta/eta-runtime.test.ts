import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipPositionsResponse } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { etaKnowledge, etaVoyages } from './eta.schema.ts';
import type { KnowledgeJson, LearnedVoyage } from './knowledge.ts';
import { EtaRuntime } from './eta-runtime.ts';
import { ferryFixture } from './testing/ferry-fixture.ts';

const MMSI = 276_829_000;
const byId = (a: LearnedVoyage, b: LearnedVoyage) => a.id - b.id;
/** Knowledge to compare: the voyages by id (a restore lists them in the order they were learned, not by port). */
const comparable = (k: KnowledgeJson) => ({ ...k, voyages: [...k.voyages].sort(byId) });

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
    const { reports } = ferryFixture({ mmsi: MMSI, start, days: 1.4 });
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
    const learned = live.engine.knowledge.toJSON();
    expect(row!.voyages).toBe(live.engine.knowledge.voyagesTo.get('EETLL')!.length + live.engine.knowledge.voyagesTo.get('FIHEL')!.length);
    // The voyages are rows of their own; the knowledge row holds the rest.
    expect(row!.data.voyages).toEqual([]);
    const rows = await t.ctx.db.select().from(etaVoyages);
    expect(rows.map((r) => r.data).sort(byId)).toEqual([...learned.voyages].sort(byId));
    const again = new EtaRuntime(t.ctx.db, store, t.app.log);
    await again.load();
    expect(again.engine.knowledge.topTransition(`${MMSI}|FIHEL`)?.to).toBe('EETLL');
    expect(comparable(again.engine.knowledge.toJSON())).toEqual(comparable(learned));

    // Learning more writes the new voyages and deletes those the caps dropped (six a ship and origin).
    const more = ferryFixture({ mmsi: MMSI, start: start + 1.45 * 86_400_000, days: 1.4, seed: 7 }).reports;
    for (const r of more) {
      store.applyPosition({ mmsi: r.mmsi, at: r.at, lat: r.lat, lon: r.lon, sog: r.sog, cog: r.cog, heading: r.heading, navStatus: r.navStatus });
      store.applyStatic({ mmsi: r.mmsi, at: r.at, destination: r.destination, eta: r.reportedEta });
      again.step();
    }
    await again.save();
    const after = again.engine.knowledge.toJSON();
    const afterIds = new Set(after.voyages.map((v) => v.id));
    expect(after.voyages.some((v) => !learned.voyages.some((w) => w.id === v.id))).toBe(true);
    expect(learned.voyages.some((v) => !afterIds.has(v.id))).toBe(true);
    expect((await t.ctx.db.select().from(etaVoyages)).map((r) => r.data).sort(byId)).toEqual([...after.voyages].sort(byId));

    // A row saved before voyages had a table of their own still loads, and the next save moves them out.
    await t.ctx.db.delete(etaVoyages);
    await t.ctx.db.update(etaKnowledge).set({ data: after });
    const legacy = new EtaRuntime(t.ctx.db, store, t.app.log);
    await legacy.load();
    expect(comparable(legacy.engine.knowledge.toJSON())).toEqual(comparable(after));
    await legacy.save();
    expect((await t.ctx.db.select().from(etaVoyages)).length).toBe(after.voyages.length);
    expect((await t.ctx.db.select().from(etaKnowledge))[0]!.data.voyages).toEqual([]);
  });
});
