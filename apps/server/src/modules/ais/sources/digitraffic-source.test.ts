import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../context.ts';
import { createVessels } from '../../vessels/index.ts';
import { AisIngestion } from '../ais-ingestion.ts';
import { eventually } from '../ais-test-helpers.ts';
import { DigitrafficSource, unpackEta } from './digitraffic-source.ts';
import { VesselStore } from '../../vessels/vessel-store.ts';

/** The machine's Mosquitto stands in for wss://meri.digitraffic.fi; a random topic prefix keeps runs apart. */
const BROKER = 'mqtt://127.0.0.1:1883';

// Payloads shaped like Digitraffic's documented samples (shared/data/portcalls/digitraffic-feed-message-samples.json).
const metadata = { timestamp: 0, destination: 'UST LUGA', name: 'ARUNA CIHAN', draught: 68, eta: 733376, posType: 15, refA: 160, refB: 33, refC: 20, refD: 12, callSign: 'V7WW7', imo: 9543756, type: 70 };
const location = { time: 0, sog: 10.7, cog: 326.6, navStat: 0, rot: 0, posAcc: true, raim: false, heading: 325, lon: 20.345818, lat: 60.03802 };

describe('Digitraffic MQTT source', () => {
  let publisher: mqtt.MqttClient;
  beforeAll(async () => {
    publisher = await mqtt.connectAsync(BROKER);
  });
  afterAll(() => publisher.endAsync());

  it('reads location and metadata messages into the store', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}/vessels-v2`;
    const store = new VesselStore();
    const source = new DigitrafficSource('digitraffic', store, BROKER, prefix);
    source.start();
    await eventually(() => source.state === 'connected');
    await new Promise((r) => setTimeout(r, 100)); // let the subscription settle
    const now = Date.now();
    await publisher.publishAsync(`${prefix}/538003913/metadata`, JSON.stringify({ ...metadata, timestamp: now }));
    await publisher.publishAsync(`${prefix}/538003913/location`, JSON.stringify({ ...location, time: Math.floor(now / 1000) }));
    await publisher.publishAsync(`${prefix}/538003913/location`, 'not json');
    await eventually(() => source.status().messages === 2 && source.status().rejects === 1);
    const slot = store.slot(538003913)!;
    expect(store.lat[slot]).toBeCloseTo(60.03802, 6);
    expect(store.lon[slot]).toBeCloseTo(20.345818, 6);
    expect(store.heading[slot]).toBe(325);
    expect(store.sog[slot]).toBeCloseTo(10.7, 3);
    expect(store.statics[slot]).toMatchObject({ name: 'ARUNA CIHAN', callSign: 'V7WW7', imo: 9543756, draught: 6.8, destination: 'UST LUGA' });
    expect(store.dims.slice(slot * 4, slot * 4 + 4)).toEqual(new Int16Array([160, 33, 20, 12]));
    expect(store.categoryOf(slot)).toBe('OTHER_CARGO');
    expect(source.status()).toMatchObject({ kind: 'digitraffic', state: 'connected', messages: 2, rejects: 1 });
    await source.stop();
  });

  it('unpacks the AIS ETA', () => {
    // 733376 = month 11, day 6, 03:00 (the documented sample, sent 2022-11-10).
    expect(new Date(unpackEta(733376, Date.UTC(2022, 10, 1))!).toISOString()).toBe('2022-11-06T03:00:00.000Z');
    expect(unpackEta(0, Date.now())).toBeNull();
  });

  it('falls back to the simulator while unreachable and retires it when the feed connects', async () => {
    // A port with nothing behind it yet; later a proxy to the broker opens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));

    const ctx = { log: { warn() {}, info() {} } } as unknown as AppContext;
    const vessels = createVessels(ctx, { enabled: false, flushIntervalMs: 1000, historyIntervalMs: 30_000, historyDays: 1, forgetAfterDays: 30 });
    const ingestion = new AisIngestion(ctx, vessels, {
      sources: [{ kind: 'digitraffic', name: 'digitraffic' }],
      digitrafficUrl: `mqtt://127.0.0.1:${port}`,
      digitrafficTopicPrefix: `test-${randomBytes(4).toString('hex')}/vessels-v2`,
      fallbackAfterMs: 5000,
      fallbackShips: 40,
    });
    ingestion.start();
    await eventually(() => ingestion.status().simulated);
    expect(ingestion.status().sources.map((s) => [s.kind, s.state, s.fallback])).toEqual([
      ['digitraffic', 'reconnecting', false],
      ['simulator', 'connected', true],
    ]);
    await eventually(() => vessels.store.size === 40);

    const proxy: Server = createServer((client) => {
      const upstream = connect(1883, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', r));
    await eventually(() => !ingestion.status().simulated, 10_000);
    expect(vessels.store.size).toBe(0);
    expect(ingestion.status().sources).toHaveLength(1);
    expect(ingestion.status().sources[0]).toMatchObject({ state: 'connected', reconnects: expect.any(Number) });
    await ingestion.stop();
    await vessels.close();
    proxy.close();
  });
});
