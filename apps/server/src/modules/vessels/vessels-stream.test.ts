import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIP_SNAPSHOT_PART_SIZE, type ShipStreamServerMessage } from '@harbor/contracts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { eventually } from '../ais/ais-test-helpers.ts';

/** Collects what the server sends, to assert on later. */
function recorder(ws: WebSocket) {
  const got: ShipStreamServerMessage[] = [];
  ws.on('message', (data) => got.push(JSON.parse(String(data)) as ShipStreamServerMessage));
  return got;
}

/**
 * Opens the stream with the recorder attached before the server can send: an injected socket
 * delivers at once, and a token already verified (cached) makes `ready` arrive before
 * `injectWS` resolves, so a listener added afterwards misses it.
 */
async function openStream(app: TestApp['app'], url: string) {
  let got: ShipStreamServerMessage[] = [];
  const ws = await app.injectWS(url, {}, { onInit: (socket) => (got = recorder(socket)) });
  return { ws, got };
}

describe('live stream /v1/ships/stream', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'error' });
    token = (await signIn(t.app, 'buyer@harbor.test')).access_token;
    const { store } = t.app.ais.vessels;
    store.applyPosition({ mmsi: 230111000, at: Date.now(), lat: 60.2, lon: 25.19, sog: 0, cog: null, heading: 90, navStatus: 5 });
    store.applyStatic({ mmsi: 230111000, at: Date.now(), name: 'FINNSEA', shipType: 70 });
    t.app.ais.vessels.hub.tick(); // nobody is listening yet: this just clears the change list
  });
  afterAll(() => t.close());

  it('sends a snapshot, then diffs for ships that move in and out of the view', async () => {
    const { ws, got } = await openStream(t.app, `/v1/ships/stream?access_token=${token}`);
    await eventually(() => got.some((m) => m.type === 'ready'));
    ws.send(JSON.stringify({ type: 'subscribe', bbox: [60.1, 25.0, 60.3, 25.4] }));
    const snap = await eventually(() => got.find((m) => m.type === 'snapshot'));
    expect(snap).toMatchObject({ type: 'snapshot', simulated: false, total: 1, part: 0, parts: 1, ships: [{ mmsi: 230111000, name: 'FINNSEA', harborShipType: 'OTHER_CARGO' }] });

    const { store } = t.app.ais.vessels;
    store.applyPosition({ mmsi: 230222000, at: Date.now(), lat: 60.15, lon: 25.1, sog: 12.3, cog: 80, heading: 81, navStatus: 0 });
    store.applyPosition({ mmsi: 276333000, at: Date.now(), lat: 59.45, lon: 24.75, sog: 5, cog: 0, heading: 0, navStatus: 0 }); // Tallinn: outside
    t.app.ais.vessels.hub.tick();
    const diff = await eventually(() => got.find((m) => m.type === 'diff'));
    expect(diff).toMatchObject({ updated: [{ mmsi: 230222000, speedOverGround: 12.3 }], removed: [] });

    store.applyPosition({ mmsi: 230222000, at: Date.now() + 1, lat: 59.9, lon: 25.1, sog: 12.3, cog: 180, heading: 180, navStatus: 0 });
    t.app.ais.vessels.hub.tick();
    const left = await eventually(() => got.filter((m) => m.type === 'diff')[1]);
    expect(left).toMatchObject({ updated: [], removed: [230222000] });
    ws.terminate();
  });

  it('sends the snapshot of a dense view in parts', async () => {
    const { store } = t.app.ais.vessels;
    const total = SHIP_SNAPSHOT_PART_SIZE + 100;
    for (let i = 0; i < total; i++) {
      store.applyPosition({ mmsi: 257_000_000 + i, at: Date.now(), lat: 10 + (i % 40) / 100, lon: 10 + Math.floor(i / 40) / 100, sog: 1, cog: 0, heading: 0, navStatus: 0 });
    }
    t.app.ais.vessels.hub.tick();
    const { ws, got } = await openStream(t.app, `/v1/ships/stream?access_token=${token}`);
    await eventually(() => got.some((m) => m.type === 'ready'));
    ws.send(JSON.stringify({ type: 'subscribe', bbox: [9.9, 9.9, 10.5, 10.5] }));
    const parts = await eventually(() => {
      const snaps = got.filter((m) => m.type === 'snapshot');
      return snaps.length === 2 ? snaps : undefined;
    });
    expect(parts.map((p) => ({ part: p.part, parts: p.parts, total: p.total, ships: p.ships.length }))).toEqual([
      { part: 0, parts: 2, total, ships: SHIP_SNAPSHOT_PART_SIZE },
      { part: 1, parts: 2, total, ships: 100 },
    ]);
    expect(new Set(parts.flatMap((p) => p.ships.map((s) => s.mmsi))).size).toBe(total);
    ws.terminate();
  });

  it('accepts the token as the first message and refuses a bad one', async () => {
    const { ws, got } = await openStream(t.app, '/v1/ships/stream');
    ws.send(JSON.stringify({ type: 'auth', token }));
    ws.send(JSON.stringify({ type: 'subscribe', bbox: [60.1, 25.0, 60.3, 25.4], harborShipTypes: ['TANKER'] }));
    expect(await eventually(() => got.find((m) => m.type === 'snapshot'))).toMatchObject({ ships: [] });
    ws.send('{"type":"subscribe","bbox":[1,2]}');
    expect(await eventually(() => got.find((m) => m.type === 'error'))).toMatchObject({ code: 'validation-invalid-params' });
    ws.terminate();

    let badGot: ShipStreamServerMessage[] = [];
    let closed!: Promise<number>;
    await t.app.injectWS('/v1/ships/stream?access_token=nonsense', {}, {
      onInit: (bad) => {
        badGot = recorder(bad);
        closed = new Promise<number>((resolve) => bad.on('close', (code) => resolve(code)));
      },
    });
    expect(await closed).toBe(4401);
    expect(badGot).toContainEqual({ type: 'error', code: 'unauthorized' });
  });

  it('a socket signed in before the account was rejected is closed on the next session check', async () => {
    const seller = await signIn(t.app, 'seller@harbor.test');
    let got: ShipStreamServerMessage[] = [];
    let closed!: Promise<number>;
    await t.app.injectWS(`/v1/ships/stream?access_token=${seller.access_token}`, {}, {
      onInit: (ws) => {
        got = recorder(ws);
        closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      },
    });
    await eventually(() => got.some((m) => m.type === 'ready'));
    const hub = t.app.ais.vessels.hub;
    await hub.recheckSessions();
    expect(got.some((m) => m.type === 'error')).toBe(false); // still live: nothing happens

    const op = await signIn(t.app, 'operator@harbor.test');
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${seller.access_token}` } });
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/operator/users/${me.json().id as string}/reject`,
      headers: { authorization: `Bearer ${op.access_token}` },
      payload: { reason: 'Business id does not match.' },
    });
    expect(rejected.statusCode).toBe(200);
    await hub.recheckSessions();
    expect(await closed).toBe(4401);
    expect(got).toContainEqual({ type: 'error', code: 'unauthorized' });
  });
});
