import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortCallsResponse } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { mapDigitrafficPortCall, type DigitrafficPortCall } from './nsw-mapper.ts';
import { NswPoller } from './nsw-poller.ts';
import { countCalls } from './port-calls.repository.ts';
import { applyDetection, currentForShip, listForPort } from './port-calls.service.ts';

/** The real Digitraffic answer (15 Rauma calls, 2019), served from 127.0.0.1. */
const RECORDS: DigitrafficPortCall[] = readFileSync(
  path.resolve(import.meta.dirname, '../../../../../../shared/data/portcalls/portcalls-digitraffic-api-2019-10-23.jsonl'),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as DigitrafficPortCall);

/** A real record moved to today (same ship, same berth), as a fresh single-window report. */
function shifted(r: DigitrafficPortCall, id: number, etaMs: number): DigitrafficPortCall {
  const iso = new Date(etaMs).toISOString();
  return {
    ...r,
    portCallId: id,
    portCallTimestamp: new Date().toISOString(),
    portAreaDetails: r.portAreaDetails!.map((d) => ({ ...d, eta: iso, etaTimestamp: new Date().toISOString(), ata: null, atd: null })),
  };
}

describe('national single window', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let server: Server;
  let url: string;
  let served: unknown = { portCallsUpdated: '2019-10-23T12:41:00Z', portCalls: RECORDS };
  let status = 200;
  beforeAll(async () => {
    t = await createTestApp();
    headers = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
    server = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(served));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/port-call/v1/port-calls`;
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });
  const list = async (port: string) =>
    json<PortCallsResponse>(await t.app.inject({ method: 'GET', url: `/portcalls?portCode=${port}`, headers })).portCalls;

  it('maps a Digitraffic record', () => {
    const trica = mapDigitrafficPortCall(RECORDS[0]!)!;
    expect(trica).toMatchObject({
      pcId: '2468263',
      portCode: 'FIRAU',
      prevPort: 'FIHKO',
      mmsi: 244912000,
      imo: 9307384,
      shipName: 'Trica',
      shipFlag: 'NL',
      planState: 'confirmed',
      ship: { callSign: 'PHLV', manager: 'Oy Transfennica Ab', voyage: 'Hanko-Rauma-Hanko' },
      services: [{ type: 'berth-visit', name: 'Ro-Ro 5', code: 'BF3', confirmed: true, current: false, source: 'national-single-window' }],
    });
    expect(trica.timestamps).toContainEqual({
      sequence: 'commenced',
      timeType: 'actual',
      effectiveTime: '2019-10-22T03:55:00.000Z',
      reporter: 'Agent',
      source: 'national-single-window',
      reportedAt: '2019-10-22T06:15:17.000Z',
      service: 'berth-visit',
      location: 'Ro-Ro 5',
    });
    // 'Ei tiedossa' (not known) is no berth; MMSI 0 is no MMSI.
    const unknown = mapDigitrafficPortCall(RECORDS.find((r) => r.portCallId === 2471490)!)!;
    expect(unknown.mmsi).toBeNull();
    const emotion = mapDigitrafficPortCall(RECORDS.find((r) => r.portCallId === 2469970)!)!;
    expect(emotion.services[0]).toMatchObject({ name: null, code: null });
    expect(emotion.planState).toBe('none');
    expect(mapDigitrafficPortCall({ ...RECORDS[0]!, portToVisit: 'nope' })).toBeNull();
  });

  it('polls the local server and stores each call once', async () => {
    const poller = new NswPoller(t.ctx.db, t.app.log, { url, intervalMs: 60_000 });
    expect(await poller.pollOnce()).toEqual({ received: 15, stored: 15 });
    expect(await poller.pollOnce()).toEqual({ received: 15, stored: 15 });
    expect(await countCalls(t.ctx.db)).toBe(15);
    // Seen from 2019-10-23: calls without a departure are listed (departures of the day before are not recent).
    const deps = { db: t.ctx.db, nswExpireMs: t.ctx.config.PORTCALLS_NSW_EXPIRE_H * 3600_000 };
    const then = (await listForPort(deps, 'FIRAU', Date.parse('2019-10-23T12:41:00Z'))).portCalls;
    expect(then.filter((c) => c.status !== 'departed').map((c) => c.pcId).sort()).toEqual(
      ['2469970', '2470636', '2471819', '2473128', '2473798', '2473824', '2473827', '2473830', '2473874'],
    );
    // Today the 2019 calls that never got an arrival have expired; those at berth stay.
    const rauma = await list('FIRAU');
    expect(rauma.length).toBeGreaterThan(0);
    expect(rauma.every((c) => c.status === 'on-going' && c.ata !== null)).toBe(true);
    expect(rauma.map((c) => c.pcId)).not.toContain('2469970');
    const finnland = rauma.find((c) => c.pcId === '2471819')!;
    expect(finnland).toMatchObject({
      status: 'on-going',
      group: 'at-berth',
      source: 'national-single-window',
      ata: '2019-10-23T07:00:00.000Z',
      eta: '2019-10-23T07:30:00.000Z',
      shipFlag: 'GB',
      ship: { name: 'Finnland', mmsi: 235010600 },
    });
    expect(then.find((c) => c.pcId === '2469970')).toMatchObject({ status: 'incoming', group: 'arriving' });
  });

  it('merges a single-window call and an AIS-detected visit into one record, either order', async () => {
    const poller = new NswPoller(t.ctx.db, t.app.log, { url, intervalMs: 60_000 });
    const now = Date.now();
    const emotion = RECORDS.find((r) => r.portCallId === 2469970)!;
    const violetta = RECORDS.find((r) => r.portCallId === 2470636)!;

    // AIS first: Emotion seen arriving in Rauma, then the single window reports the call.
    const key = `ais:${emotion.mmsi}:FIRAU:${Math.floor(now / 60_000)}`;
    const open = { type: 'opened' as const, mmsi: emotion.mmsi!, visitKey: key, portCode: 'FIRAU', at: now, eta: now + 3600_000, destination: 'RAUMA' };
    await applyDetection(t.ctx.db, open, { visitKey: key, portCode: 'FIRAU', status: 'incoming', place: null, eta: open.eta, lastAt: now }, { name: 'EMOTION' });
    // Single window first: Violetta announced, then seen by AIS.
    served = { portCalls: [shifted(emotion, 9_000_001, now + 2 * 3600_000), shifted(violetta, 9_000_002, now + 3600_000)] };
    expect(await poller.pollOnce()).toEqual({ received: 2, stored: 2 });
    const vKey = `ais:${violetta.mmsi}:FIRAU:${Math.floor(now / 60_000)}`;
    await applyDetection(
      t.ctx.db,
      { type: 'opened', mmsi: violetta.mmsi!, visitKey: vKey, portCode: 'FIRAU', at: now, eta: now + 1800_000, destination: 'FIRAU' },
      { visitKey: vKey, portCode: 'FIRAU', status: 'incoming', place: null, eta: now + 1800_000, lastAt: now },
      { name: 'VIOLETTA' },
    );
    expect(await countCalls(t.ctx.db)).toBe(17);

    const rauma = await list('FIRAU');
    for (const [pcId, mmsi] of [['9000001', emotion.mmsi], ['9000002', violetta.mmsi]] as const) {
      // No AIS-only record is left beside the merged one.
      expect(rauma.filter((c) => c.mmsi === mmsi && c.pcId === null), pcId).toEqual([]);
      const c = rauma.find((x) => x.pcId === pcId)!;
      expect(c).toMatchObject({ pcId, source: 'national-single-window', sources: expect.arrayContaining(['AIS', 'national-single-window']) });
      // Each timestamp keeps its source and age; the newest reported estimate is the ETA.
      const etas = c.timestamps.filter((s) => s.timeType === 'estimated' && s.sequence === 'commenced');
      expect(new Set(etas.map((s) => s.source))).toEqual(new Set(['AIS', 'national-single-window']));
      expect(etas.every((s) => s.reportedAt)).toBe(true);
    }
  });

  it('expires single-window calls that never get an arrival after PORTCALLS_NSW_EXPIRE_H (48 h by default)', async () => {
    expect(t.ctx.config.PORTCALLS_NSW_EXPIRE_H).toBe(48);
    const deps = { db: t.ctx.db, nswExpireMs: 48 * 3600_000 };
    const poller = new NswPoller(t.ctx.db, t.app.log, { url, intervalMs: 60_000 });
    const trica = RECORDS[0]!;
    const eta = Date.now() + 3600_000;
    served = { portCalls: [shifted(trica, 9_100_001, eta)] };
    await poller.pollOnce();
    const ids = async (at: number) => (await listForPort(deps, 'FIRAU', at)).portCalls.map((c) => c.pcId);
    // A fake clock: listed up to 48 h after the ETA, then gone, also as the ship's current call.
    expect(await ids(eta + 47 * 3600_000)).toContain('9100001');
    expect((await currentForShip(deps, trica.mmsi!, eta + 47 * 3600_000)).portCall?.pcId).toBe('9100001');
    expect(await ids(eta + 49 * 3600_000)).not.toContain('9100001');
    expect((await currentForShip(deps, trica.mmsi!, eta + 49 * 3600_000)).portCall).toBeNull();
    // A visit AIS also saw is not the single window's alone: it stays (the detector closes those).
    expect(await ids(eta + 49 * 3600_000)).toContain('9000002');
    // A shorter setting takes effect, and a late arrival report brings the call back.
    expect(await ids(eta + 2 * 3600_000)).toContain('9100001');
    expect((await listForPort({ ...deps, nswExpireMs: 3600_000 }, 'FIRAU', eta + 2 * 3600_000)).portCalls.map((c) => c.pcId)).not.toContain('9100001');
    const arrived = shifted(trica, 9_100_001, eta);
    arrived.portAreaDetails = arrived.portAreaDetails!.map((d) => ({ ...d, ata: new Date(eta + 50 * 3600_000).toISOString() }));
    served = { portCalls: [arrived] };
    await poller.pollOnce();
    const back = (await listForPort(deps, 'FIRAU', eta + 51 * 3600_000)).portCalls.find((c) => c.pcId === '9100001');
    expect(back).toMatchObject({ status: 'on-going', ata: new Date(eta + 50 * 3600_000).toISOString() });
  });

  it('logs and retries with backoff when the source is unreachable or broken, never throwing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = new NswPoller(t.ctx.db, t.app.log, { url: `http://127.0.0.1:${port}/`, intervalMs: 60_000, backoffMs: 20 });
    down.start();
    await expect.poll(() => down.failures, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    down.stop();
    expect(down.lastError).toBeTruthy();

    status = 503;
    const broken = new NswPoller(t.ctx.db, t.app.log, { url, intervalMs: 60_000 });
    await expect(broken.pollOnce()).rejects.toThrow('HTTP 503');
    status = 200;
    served = { hello: 'world' };
    await expect(broken.pollOnce()).rejects.toThrow(/portCalls/);
  });
});
