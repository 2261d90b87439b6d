import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { VoyageBuilder, VUOSAARI } from './testing/voyage.ts';

/** Detection fed by the live vessel store, as in production: reports in, a port call out. */
describe('port calls from the live vessel store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const feed = (v: VoyageBuilder, simulated = false) => {
    for (const r of v.reports) {
      t.app.ais.vessels.store.applyPosition({ ...r, cog: null, heading: null }, simulated);
    }
  };

  it('opens a call for a ship that anchors at Vuosaari, and ignores simulated ships', async () => {
    const t0 = Date.now() - 3 * 3600_000;
    feed(new VoyageBuilder(230999001, t0, VUOSAARI.sea).sail(VUOSAARI.areaEdge, 40, 12).sail(VUOSAARI.anchorage, 12, 5).stay(10, 1));
    feed(new VoyageBuilder(230999002, t0, VUOSAARI.sea).sail(VUOSAARI.areaEdge, 40, 12).sail(VUOSAARI.anchorage, 12, 5).stay(10, 1), true);
    const { access_token } = await signIn(t.app, 'buyer@harbor.test');
    const headers = { authorization: `Bearer ${access_token}` };
    const real = json<{ portCall: { portCode: string; source: string; status: string } | null }>(
      await t.app.inject({ method: 'GET', url: '/portcalls/current?mmsi=230999001', headers }),
    );
    expect(real.portCall).toMatchObject({ portCode: 'FIVSS', source: 'AIS' });
    const simulated = json<{ portCall: unknown }>(await t.app.inject({ method: 'GET', url: '/portcalls/current?mmsi=230999002', headers }));
    expect(simulated.portCall).toBeNull();
  });
});
