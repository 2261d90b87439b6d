import { AisDecoder, etaToTimestamp, hasCourse, hasHeading, hasSpeed, type AisMessage } from '@harbor/ais';
import type { PositionUpdate, StaticUpdate, VesselStore } from '../vessels/index.ts';

/**
 * One decoder per source (multipart fragments must not mix between feeds),
 * feeding the shared store. `at` overrides the receive time (replay shifts it;
 * live feeds use the wall clock, since a receiver's clock may be off).
 */
export class LineIngest {
  readonly decoder = new AisDecoder();
  messages = 0;

  constructor(
    private readonly store: VesselStore,
    private readonly simulated = false,
  ) {}

  get rejects() {
    let n = 0;
    for (const v of Object.values(this.decoder.stats.rejects)) n += v;
    return n;
  }

  /** Returns true when the line completed a message the store could use. */
  push(line: string, at: number): boolean {
    const msg = this.decoder.push(line, at);
    if (msg === null) return false;
    const used = applyMessage(this.store, msg, at, this.simulated);
    if (used) this.messages++;
    return used;
  }
}

/** Merges one decoded AIS message into the store; false for types that carry no ship data. */
export function applyMessage(store: VesselStore, m: AisMessage, at: number, simulated = false): boolean {
  switch (m.type) {
    case 1:
    case 2:
    case 3:
    case 27:
      return store.applyPosition(position(m, at, m.status), simulated);
    case 18:
      return store.applyPosition(position(m, at, null), simulated);
    case 19:
      store.applyStatic({ mmsi: m.mmsi, at, name: m.shipName, shipType: m.shipType, dims: [m.toBow, m.toStern, m.toPort, m.toStarboard] }, simulated);
      return store.applyPosition(position(m, at, null), simulated);
    case 5:
      store.applyStatic(
        {
          mmsi: m.mmsi,
          at,
          name: m.shipName,
          callSign: m.callSign,
          imo: m.imo,
          shipType: m.shipType,
          dims: [m.toBow, m.toStern, m.toPort, m.toStarboard],
          draught: m.draught,
          destination: m.destination,
          eta: etaToTimestamp(m.eta, at) ?? null,
        },
        simulated,
      );
      return true;
    case 24:
      if (m.partNo === 0) store.applyStatic({ mmsi: m.mmsi, at, name: m.shipName }, simulated);
      else {
        const dims = m.toBow === undefined ? undefined : ([m.toBow, m.toStern ?? null, m.toPort ?? null, m.toStarboard ?? null] as StaticUpdate['dims']);
        store.applyStatic({ mmsi: m.mmsi, at, shipType: m.shipType, callSign: m.callSign, ...(dims && { dims }) }, simulated);
      }
      return true;
    default:
      return false;
  }
}

type Positional = Extract<AisMessage, { type: 1 | 2 | 3 | 18 | 19 | 27 }>;

function position(m: Positional, at: number, navStatus: number | null): PositionUpdate {
  return {
    mmsi: m.mmsi,
    at,
    lat: m.lat,
    lon: m.lon,
    sog: hasSpeed(m) ? m.speed : null,
    cog: hasCourse(m) ? m.course : null,
    heading: 'heading' in m && hasHeading(m) ? m.heading : null,
    navStatus,
  };
}
