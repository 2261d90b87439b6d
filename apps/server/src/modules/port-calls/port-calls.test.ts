import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentPortCallResponse, PortCallsResponse } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { PortCallDetector } from './detector-runtime.ts';
import { countCalls } from './port-calls.repository.ts';
import { writeCapture } from './testing/capture.ts';
import { VoyageBuilder, VUOSAARI } from './testing/voyage.ts';

const MMSI = 230_123_000;
const SHIP = { mmsi: MMSI, name: 'FINNSKY', imo: 9_336_268, callSign: 'OJMN', destination: 'FIHEL VUOSAARI', shipType: 70 };
const CAPTURES = path.resolve(import.meta.dirname, '../../../../../../shared/data/ais/captures');

describe('port calls API and AIS detection', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
  });
  afterAll(() => t.close());
  const get = (url: string, auth = true) => t.app.inject({ method: 'GET', url, headers: auth ? headers : {} });

  it('requires a bearer token and valid parameters', async () => {
    expect((await get('/portcalls?portCode=FIVSS', false)).statusCode).toBe(401);
    expect((await get('/portcalls/current?mmsi=230123000', false)).statusCode).toBe(401);
    for (const url of ['/portcalls', '/portcalls?portCode=VUOSAARI', '/portcalls/current', '/portcalls/current?mmsi=abc', '/portcalls/current?mmsi=0']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(json(res)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params' }] });
    }
    const empty = await get('/portcalls?portCode=fivss');
    expect(empty.statusCode).toBe(200);
    expect(json<PortCallsResponse>(empty)).toMatchObject({ portCode: 'FIVSS', portCalls: [] });
    expect(json<CurrentPortCallResponse>(await get(`/portcalls/current?mmsi=${MMSI}`))).toEqual({ portCall: null });
  });

  it('detects a visit from a replayed capture and continues it after a restart without duplicates', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'harbor-replay-'));
    // Tag blocks carry whole seconds.
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 8 * 3600_000;
    const eta = t0 + 2 * 3600_000;
    const v = new VoyageBuilder(MMSI, t0, VUOSAARI.sea).sail(VUOSAARI.areaEdge, 40, 12).sail(VUOSAARI.anchorage, 12, 5).stay(10, 1);
    v.sail(VUOSAARI.quayE, 30, 4);
    const berthAt = v.at + 180_000;
    v.stay(20, 5);
    const arrival = [...v.reports];
    const leaveAt = v.at + 10_000;
    v.sail(VUOSAARI.inPort, 10, 3).sail(VUOSAARI.sea, 60, 10);
    const departure = v.reports.slice(arrival.length);
    const part1 = path.join(dir, 'arrival.nmea');
    const part2 = path.join(dir, 'departure.nmea');
    writeCapture(part1, arrival, { ...SHIP, eta });
    writeCapture(part2, departure, { ...SHIP, eta });

    const first = new PortCallDetector(t.ctx.db, t.app.log);
    await first.start();
    await first.replayFile(part1);
    await first.close();
    expect(first.reports).toBe(arrival.length);

    const list = json<PortCallsResponse>(await get('/portcalls?portCode=FIVSS'));
    expect(list.portCalls).toHaveLength(1);
    const call = list.portCalls[0]!;
    expect(call).toMatchObject({
      portCode: 'FIVSS',
      mmsi: MMSI,
      imo: SHIP.imo,
      shipName: 'FINNSKY',
      shipFlag: 'FI',
      source: 'AIS',
      sources: ['AIS'],
      status: 'on-going',
      group: 'at-berth',
      ata: new Date(berthAt).toISOString(),
      atd: null,
      eta: new Date(Math.floor(eta / 60_000) * 60_000).toISOString(),
      etaPrediction: null,
      pcId: null,
      planState: 'none',
    });
    expect(call.services).toEqual([
      { type: 'anchorage-visit', name: 'Vuosaari anchorage', code: 'anchorage:FIVSS-anchorage', confirmed: true, current: false, source: 'AIS' },
      { type: 'berth-visit', name: 'Quay E', code: 'berth:FIVSS-berth-vuosaari-5', confirmed: true, current: true, source: 'AIS' },
    ]);
    expect(call.ship).toMatchObject({ name: 'FINNSKY', callSign: 'OJMN', shipType: 70, length: 150, width: 25, voyage: 'FIHEL VUOSAARI', navigationStatus: 5 });
    expect(call.timestamps.map((s) => `${s.service}:${s.sequence}:${s.timeType}`)).toEqual(
      expect.arrayContaining(['port:commenced:estimated', 'anchorage-visit:commenced:actual', 'anchorage-visit:completed:actual', 'berth-visit:commenced:actual']),
    );
    expect(call.timestamps.every((s) => s.source === 'AIS' && s.reporter === 'AIS')).toBe(true);
    expect(json<CurrentPortCallResponse>(await get(`/portcalls/current?mmsi=${MMSI}`)).portCall?.id).toBe(call.id);

    // Downtime: a detector started days later, fed by other ships, does not close the
    // visit it restored just because this ship has not reported yet.
    const later = new PortCallDetector(t.ctx.db, t.app.log);
    await later.start();
    later.ingestPosition({ mmsi: 230_999_999, at: v.at + 3 * 86_400_000, lat: 59, lon: 20, sog: 10, navStatus: 0 });
    later.sweep();
    await later.close();
    expect(json<CurrentPortCallResponse>(await get(`/portcalls/current?mmsi=${MMSI}`)).portCall?.status).toBe('on-going');

    // Restart: a new detector resumes from the database; the overlap is replayed again.
    const second = new PortCallDetector(t.ctx.db, t.app.log);
    await second.start();
    expect(second.trackedShips).toBe(1);
    await second.replayFile(part1);
    await second.replayFile(part2);
    await second.close();

    const after = json<PortCallsResponse>(await get('/portcalls?portCode=FIVSS'));
    expect(after.portCalls).toHaveLength(1);
    expect(await countCalls(t.ctx.db)).toBe(1);
    const done = after.portCalls[0]!;
    expect(done).toMatchObject({ id: call.id, status: 'departed', group: 'departed', ata: call.ata });
    expect(Date.parse(done.atd!)).toBeGreaterThan(leaveAt);
    expect(done.services.every((s) => !s.current)).toBe(true);
    expect(done.timestamps.filter((s) => s.service === 'berth-visit').map((s) => s.effectiveTime)).toEqual([
      new Date(berthAt).toISOString(),
      new Date(leaveAt).toISOString(),
    ]);
    expect(json<CurrentPortCallResponse>(await get(`/portcalls/current?mmsi=${MMSI}`))).toEqual({ portCall: null });

    // A third replay of everything changes nothing.
    const third = new PortCallDetector(t.ctx.db, t.app.log);
    await third.start();
    await third.replayFile(part1);
    await third.replayFile(part2);
    await third.close();
    expect(await countCalls(t.ctx.db)).toBe(1);
  });

  it('finds no call in a real capture of a ship drifting far from any port', async () => {
    const before = await countCalls(t.ctx.db);
    const d = new PortCallDetector(t.ctx.db, t.app.log);
    await d.start();
    await d.replayFile(path.join(CAPTURES, 'dma_aisabnormal_538004030_drift_2014-09-28.nmea'));
    await d.close();
    expect(d.reports).toBeGreaterThan(5_000);
    expect(d.events).toBe(0);
    expect(await countCalls(t.ctx.db)).toBe(before);
  });
});
