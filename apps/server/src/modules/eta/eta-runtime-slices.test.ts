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
    const mmsi = 230_000_000 + i;
    const lat = 59.5 + (i % 97) / 97;
    const lon = 22 + (i % 89) / 22;
    store.applyPosition({ mmsi, at, lat, lon, sog: 8 + (i % 7), cog: (i * 37) % 360, heading: null, navStatus: 0 });
    store.applyStatic({ mmsi, at, destination: i % 2 ? 'FIHEL' : 'EETLL', eta: null });
  }
  return store;
}

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
    expect(rt.step()).toBe(0);
    expect(await rt.pass()).toBe(0);
    expect(await first).toBe(SHIPS);
  });
});
