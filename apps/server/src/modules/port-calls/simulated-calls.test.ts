import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortCallsResponse } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { eventually } from '../ais/ais-test-helpers.ts';
import { portCalls } from './port-calls.schema.ts';

/**
 * `npm start` without internet, on the real timings: Digitraffic cannot be
 * reached, the simulator stands in after AIS_FALLBACK_AFTER_MS (default 10 s)
 * with the default fleet (300 ships), and its ships make port calls that the
 * detector records as simulated. Then the live feed connects (the machine's
 * Mosquitto behind a port that was closed at start) and the simulated calls go.
 */
const PORTS = ['FIVSS', 'FIHEL', 'FITKU', 'FINLI', 'FIRAU', 'FIKOK', 'FIHMN', 'FIOUL', 'FIPOR', 'FIVAA', 'FIHKO', 'FIKTK', 'FIMHQ', 'FIUKI', 'FIKEM', 'FIRAA', 'FIPRS', 'FIINK', 'FISKV', 'FILOV', 'FIKAS'];

describe('port calls of the simulated fleet (no internet)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let closedPort: number;
  beforeAll(async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    t = await createTestApp({
      AIS_SOURCE: 'digitraffic',
      DIGITRAFFIC_MQTT_URL: `mqtt://127.0.0.1:${closedPort}`,
      DIGITRAFFIC_TOPIC_PREFIX: `test-${randomBytes(4).toString('hex')}/vessels-v2`,
      AIS_PERSIST: 'false',
    });
    headers = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
  }, 180_000);
  afterAll(() => t?.close());

  const simulatedRows = async () => (await t.ctx.db.select({ n: count() }).from(portCalls).where(eq(portCalls.simulated, true)))[0]!.n;
  const calls = async (port: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/portcalls?portCode=${port}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return json<PortCallsResponse>(res);
  };
  /** Polls every 2 s (the rate limit counts every request of the suite). */
  const poll = async <T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const v = await check();
      if (v !== undefined) return v;
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 2000));
    }
  };

  it('lists simulated calls at Vuosaari within 3 minutes of start, then purges them when the live feed connects', async () => {
    const started = Date.now();
    const vuosaari = await poll(async () => {
      const r = await calls('FIVSS');
      return r.portCalls.length > 0 ? r : undefined;
    }, 170_000);
    const seconds = Math.round((Date.now() - started) / 1000);
    console.info(`first simulated call at FIVSS after ${seconds} s`);
    expect(vuosaari.simulated).toBe(true);
    for (const c of vuosaari.portCalls) expect(c).toMatchObject({ source: 'AIS', simulated: true, portCode: 'FIVSS' });

    // Across the demo ports the groups of the page fill in: arriving, at berth, at anchorage.
    const groups = new Set<string>();
    const lying = new Set<number>();
    await poll(async () => {
      for (const port of PORTS) {
        for (const c of (await calls(port)).portCalls) {
          groups.add(c.group);
          if ((c.group === 'at-berth' || c.group === 'at-anchorage') && c.mmsi) lying.add(c.mmsi);
        }
      }
      const all = ['arriving', 'at-berth', 'at-anchorage'].every((g) => groups.has(g));
      if (!all) console.info(`groups so far (${Math.round((Date.now() - started) / 1000)} s): ${[...groups].join(', ')}`);
      return all || undefined;
    }, Math.max(5_000, 175_000 - (Date.now() - started)));
    console.info(`groups after ${Math.round((Date.now() - started) / 1000)} s: ${[...groups].join(', ')}`);
    // Distinct spots: no two ships at a quay or at anchor lie on one coordinate (quays and anchorages hold several).
    const { store } = t.app.ais.vessels;
    const spots = [...lying].map((m) => store.slot(m)).filter((s) => s !== undefined).map((s) => `${store.lat[s]!.toFixed(5)},${store.lon[s]!.toFixed(5)}`);
    expect(spots.length).toBeGreaterThan(3);
    expect(new Set(spots).size).toBe(spots.length);

    // The live feed comes up: simulated calls are hidden at once and purged.
    const sockets: Socket[] = [];
    const proxy: Server = createServer((client) => {
      const upstream = connect(1883, '127.0.0.1');
      sockets.push(client, upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((r) => proxy.listen(closedPort, '127.0.0.1', r));
    try {
      // The feed retries with a back-off of up to 60 s (±25 %) after a minute of failures.
      await eventually(() => !t.app.ais.ingestion.status().simulated || undefined, 90_000);
      await poll(async () => ((await calls('FIVSS')).portCalls.length === 0 ? true : undefined), 10_000);
      await poll(async () => ((await simulatedRows()) === 0 ? true : undefined), 10_000);
    } finally {
      // close() waits for open connections: the app's MQTT client keeps one.
      proxy.close();
      for (const s of sockets) s.destroy();
    }
  }, 330_000);
});
