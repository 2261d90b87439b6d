import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shipPositionJson } from './vessels.mapper.ts';
import { VesselStore } from './vessel-store.ts';

/*
 * Forgetting compacts the store in place (slots renumbered, columns moved). Whatever it keeps
 * must read exactly as a store that only ever heard the kept ships, and slots it frees must hand
 * nothing of their last ship to the next one: checked against such a store, on random traffic.
 */

type Event =
  | { kind: 'position'; mmsi: number; at: number; lat: number; lon: number; sog: number | null; navStatus: number | null; simulated: boolean }
  | { kind: 'static'; mmsi: number; at: number; name: string | null; shipType: number | null; dim: number | null; simulated: boolean }
  | { kind: 'prediction'; mmsi: number; at: number; destination: string }
  | { kind: 'drain' };

const mmsi = fc.integer({ min: 1, max: 40 }).map((i) => 230_000_000 + i);
const at = fc.integer({ min: 1, max: 1000 });
const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({
    kind: fc.constant('position' as const),
    mmsi,
    at,
    lat: fc.double({ min: 59, max: 61, noNaN: true }),
    lon: fc.double({ min: 20, max: 30, noNaN: true }),
    sog: fc.option(fc.integer({ min: 0, max: 300 }).map((v) => v / 10)),
    navStatus: fc.option(fc.integer({ min: 0, max: 15 })),
    simulated: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('static' as const),
    mmsi,
    at,
    name: fc.option(fc.constantFrom('ARUNA', 'FINNSEA', 'VIKING GRACE')),
    shipType: fc.option(fc.constantFrom(30, 52, 60, 70, 80)),
    dim: fc.option(fc.integer({ min: 1, max: 200 })),
    simulated: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('prediction' as const), mmsi, at, destination: fc.constantFrom('FIHEL', 'EETLL', 'SESTO') }),
  fc.constant({ kind: 'drain' as const }),
);

function apply(store: VesselStore, e: Event, dirty: Set<number>) {
  if (e.kind === 'position') {
    store.applyPosition({ mmsi: e.mmsi, at: e.at, lat: e.lat, lon: e.lon, sog: e.sog, cog: 90, heading: null, navStatus: e.navStatus }, e.simulated);
  } else if (e.kind === 'static') {
    store.applyStatic({ mmsi: e.mmsi, at: e.at, name: e.name, shipType: e.shipType, dims: [e.dim, 10, 5, null] }, e.simulated);
  } else if (e.kind === 'prediction') {
    store.setPrediction(e.mmsi, { destination: e.destination, eta: e.at + 3600, at: e.at });
  } else {
    for (const s of store.drainStaticDirty()) dirty.add(store.mmsi[s]!);
  }
}

/** Everything a reader can see of one ship. */
function shipOf(store: VesselStore, m: number) {
  const s = store.slot(m);
  if (s === undefined) return undefined;
  return {
    position: store.posAt[s]! > 0 ? JSON.parse(shipPositionJson(store, s)) : null,
    posAt: store.posAt[s],
    shipType: store.shipType[s],
    category: store.categoryOf(s),
    dims: Array.from(store.dims.subarray(s * 4, s * 4 + 4)),
    simulated: store.isSimulated(s),
    statics: store.statics[s],
    prediction: store.predictions[s],
  };
}

function expectSame(a: VesselStore, b: VesselStore) {
  // The box holds all the traffic (the whole globe would walk 3.2 million cells a query).
  const all = (x: VesselStore) => x.query(58, 19, 62, 31).map((s) => x.mmsi[s]!).sort();
  expect(a.size).toBe(b.size);
  expect(all(a)).toEqual(all(b));
  for (let m = 230_000_001; m <= 230_000_040; m++) expect(shipOf(a, m)).toEqual(shipOf(b, m));
  // Static data not yet written to the database is still to be written, under the right ship.
  const pending = (x: VesselStore) => x.drainStaticDirty().map((s) => x.mmsi[s]!).sort();
  expect(pending(a)).toEqual(pending(b));
}

describe('vessel store: forgetting compacts in place', () => {
  it('keeps the kept ships as a store that heard only them, and hands freed slots on empty', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 120 }),
        fc.oneof(fc.integer({ min: 0, max: 1000 }).map((cut) => ({ cut })), fc.constant('simulated' as const)),
        fc.array(event, { maxLength: 60 }),
        (before, how, after) => {
          const store = new VesselStore(4); // small: the traffic grows it
          for (const e of before) apply(store, e, new Set());
          // Which ships stay, read from the store before the forgetting.
          const kept = new Set<number>();
          for (let s = 0; s < store.size; s++) {
            const heard = Math.max(store.posAt[s]!, store.statics[s]?.updatedAt ?? 0);
            if (how === 'simulated' ? !store.isSimulated(s) : heard >= how.cut) kept.add(store.mmsi[s]!);
          }
          if (how === 'simulated') store.removeSimulated();
          else store.forgetSilent(how.cut);

          const reference = new VesselStore(4);
          for (const e of before) if (e.kind === 'drain' || kept.has(e.mmsi)) apply(reference, e, new Set());
          expectSame(store, reference);
          // New traffic, forgotten ships heard again among it: they start afresh in reused slots.
          for (const e of after) {
            apply(store, e, new Set());
            apply(reference, e, new Set());
          }
          expectSame(store, reference);
        },
      ),
      { numRuns: 200, seed: 20261130 },
    );
  });
});
