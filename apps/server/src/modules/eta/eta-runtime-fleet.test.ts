import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.ts';
import { VesselStore } from '../vessels/index.ts';
import { EtaRuntime } from './eta-runtime.ts';

const SHIPS = 12_000;
const at = Date.parse('2026-03-01T10:00:00Z');
const noDb = undefined as unknown as Db;
const log = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

/** The same fleet each time: ships spread over the Gulf of Finland under way to Helsinki or Tallinn. */
function fleet(): VesselStore {
  const store = new VesselStore();
  for (let i = 0; i < SHIPS; i++) {
    store.applyPosition(positionOf(i, at));
    store.applyStatic({ mmsi: 230_000_000 + i, at, destination: i % 2 ? 'FIHEL' : 'EETLL', eta: null });
  }
  return store;
}

/** Ship i's report at `when`: always at the same place, under way. */
const positionOf = (i: number, when: number) => ({
  mmsi: 230_000_000 + i,
  at: when,
  lat: 59.5 + (i % 97) / 97,
  lon: 22 + (i % 89) / 22,
  sog: 8 + (i % 7),
  cog: (i * 37) % 360,
  heading: null,
  navStatus: 0,
});

describe('the live predictor pass', () => {
  it('runs in slices with the event loop free between them, and predicts what one piece predicts', async () => {
    const whole = new EtaRuntime(noDb, fleet(), log);
    expect(whole.step()).toBe(SHIPS);

    const sliced = new EtaRuntime(noDb, fleet(), log);
    let turns = 0;
    let running = true;
    const counter = (async () => {
      while (running) {
        await yieldToEventLoop();
        turns++;
      }
    })();
    const fed = await sliced.pass();
    running = false;
    await counter;

    expect(fed).toBe(SHIPS);
    // 12,000 ships take well over 100 ms on any machine; each slice takes about 8.
    expect(turns).toBeGreaterThan(5);
    expect([...sliced.latest.entries()]).toEqual([...whole.latest.entries()]);
    // Nothing moved since: the next pass feeds nobody and starts from the first slot again.
    expect(await sliced.pass()).toBe(0);
    expect(whole.step()).toBe(0);
  });

  it('refuses a second pass while one is running', async () => {
    const rt = new EtaRuntime(noDb, fleet(), log);
    const first = rt.pass();
    // The first slice has run and most of the fleet is still to feed: a step now is refused, not empty.
    expect(rt.engine.ships.size).toBeLessThan(SHIPS);
    expect(rt.step()).toBe(0);
    expect(rt.engine.ships.size).toBeLessThan(SHIPS);
    expect(await rt.pass()).toBe(0);
    expect(await first).toBe(SHIPS);
  });
});

describe('ships that fall silent', () => {
  it('are forgotten after the given time, not fed again from the store, and start afresh when heard again', () => {
    const store = fleet();
    const rt = new EtaRuntime(noDb, store, log);
    rt.step();
    expect(rt.engine.ships.size).toBe(SHIPS);
    // Half the fleet reports again an hour later.
    for (let i = 0; i < SHIPS; i += 2) store.applyPosition(positionOf(i, at + 3_600_000));
    expect(rt.step()).toBe(SHIPS / 2);
    expect(rt.forgetSilent(at + 1)).toBe(SHIPS / 2);
    expect(rt.engine.ships.size).toBe(SHIPS / 2);
    expect(rt.engine.ships.has(230_000_001)).toBe(false);
    expect(rt.latest.has(230_000_001)).toBe(false);
    expect(rt.latest.has(230_000_000)).toBe(true);
    // Their last positions are still in the store: not news.
    expect(rt.step()).toBe(0);
    expect(rt.engine.ships.size).toBe(SHIPS / 2);
    store.applyPosition(positionOf(1, at + 7_200_000));
    expect(rt.step()).toBe(1);
    expect(rt.engine.ships.get(230_000_001)?.lastAt).toBe(at + 7_200_000);
  });

  it('let go of what they were last fed once the store has forgotten them too', () => {
    const store = fleet();
    const rt = new EtaRuntime(noDb, store, log);
    const fedAt = (rt as unknown as { fedAt: Map<number, number> }).fedAt;
    rt.step();
    for (let i = 0; i < SHIPS; i += 2) store.applyPosition(positionOf(i, at + 3_600_000));
    rt.step();
    rt.forgetSilent(at + 1);
    expect(fedAt.size).toBe(SHIPS); // the store still holds every last position
    expect(store.forgetSilent(at + 1)).toBe(SHIPS / 2);
    rt.forgetSilent(at + 1);
    expect(fedAt.size).toBe(SHIPS / 2);
    expect(fedAt.has(230_000_001)).toBe(false);
  });
});
