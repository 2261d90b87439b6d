import { encodeAis, type EncodableMessage } from '@harbor/ais';
import { SEA_ROUTES } from './sea-routes.ts';

/**
 * A simulated fleet sailing the sea routes between ports, moored for a while at
 * each end. State is kept in typed arrays so 200k ships step in a few ms.
 * Ships report like real transponders: class A every 10 s under way (3 min
 * moored) plus type 5 every 6 min; class B every 30 s plus 24 A/B.
 */

const KM_PER_DEG = 111.32;
const KN_TO_KMH = 1.852;
/** Ships leave the line gradually over this distance after a waypoint (and return before the next). */
const TAPER_KM = 2;

interface Leg {
  lat: number;
  lon: number;
  dLat: number;
  dLon: number;
  /** Unit direction in local km (east, north). */
  ex: number;
  ny: number;
  km: number;
  widthKm: number;
  bearing: number;
}

interface DirectedRoute {
  from: string;
  to: string;
  legs: Leg[];
  km: number;
}

function buildLegs(points: [number, number][], widths: number[]): Leg[] {
  const legs: Leg[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [la1, lo1] = points[i]!;
    const [la2, lo2] = points[i + 1]!;
    const k = Math.cos(((la1 + la2) / 2) * (Math.PI / 180));
    const dx = (lo2 - lo1) * k * KM_PER_DEG;
    const dy = (la2 - la1) * KM_PER_DEG;
    const km = Math.hypot(dx, dy) || 1e-6;
    const bearing = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
    legs.push({ lat: la1, lon: lo1, dLat: la2 - la1, dLon: lo2 - lo1, ex: dx / km, ny: dy / km, km, widthKm: widths[i] ?? 0, bearing });
  }
  return legs;
}

/** Both directions of every route. */
export const DIRECTED_ROUTES: DirectedRoute[] = SEA_ROUTES.flatMap((r) => {
  const there = buildLegs(r.points, r.widthsKm);
  const back = buildLegs([...r.points].reverse(), [...r.widthsKm].reverse());
  const km = there.reduce((s, l) => s + l.km, 0);
  return [
    { from: r.from, to: r.to, legs: there, km },
    { from: r.to, to: r.from, legs: back, km },
  ];
});

const routesFrom = new Map<string, number[]>();
DIRECTED_ROUTES.forEach((r, i) => routesFrom.set(r.from, [...(routesFrom.get(r.from) ?? []), i]));

/** Deterministic PRNG (mulberry32): the same seed gives the same fleet. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MIDS = [230, 230, 230, 276, 265, 266, 211, 219, 257, 273, 209, 215, 636, 538, 244, 255, 275, 277, 261];
/** [AIS type, share, min kn, max kn, length m, class B] */
const TYPES: [number, number, number, number, number, boolean][] = [
  [70, 0.3, 11, 15, 140, false],
  [79, 0.05, 10, 14, 110, false],
  [80, 0.14, 10, 14, 180, false],
  [60, 0.1, 16, 23, 190, false],
  [52, 0.05, 8, 11, 30, false],
  [30, 0.05, 6, 9, 25, false],
  [37, 0.1, 5, 8, 12, true],
  [36, 0.05, 5, 7, 11, true],
  [50, 0.03, 12, 16, 18, false],
  [51, 0.02, 15, 25, 20, false],
  [40, 0.03, 25, 33, 35, false],
  [35, 0.02, 12, 18, 60, false],
  [90, 0.06, 8, 12, 40, false],
];
const WORDS = ['BALTIC', 'NORDIC', 'AALTO', 'MERI', 'SAIMAA', 'ARCTIC', 'POLAR', 'KARI', 'LOKKI', 'TIIRA', 'AURORA', 'FINN', 'SEA', 'ICE', 'VIKING', 'STAR', 'WIND', 'WAVE', 'ISLAND', 'BREEZE'];
const FOREIGN = ['SESTO', 'DEHAM', 'DEKEL', 'PLGDN', 'NLRTM', 'DKCPH', 'LVRIX', 'LTKLJ', 'DEROS', 'SEGOT'];

export interface FleetShip {
  mmsi: number;
  lat: number;
  lon: number;
}

export class Fleet {
  readonly size: number;
  private readonly rand: () => number;
  readonly mmsi: Int32Array;
  private readonly route: Int32Array;
  private readonly leg: Int32Array;
  private readonly along: Float64Array;
  private readonly speed: Float32Array;
  private readonly offsetU: Float32Array;
  private readonly dwellUntil: Float64Array;
  private readonly type: Uint8Array;
  private readonly lengthM: Uint16Array;
  private readonly classB: Uint8Array;
  private readonly nextReport: Float64Array;
  private readonly nextStatic: Float64Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  private readonly names: string[] = [];
  private readonly destination: string[] = [];
  private seq = 0;

  constructor(ships: number, now = Date.now(), seed = 1) {
    this.size = ships;
    this.rand = prng(seed);
    const r = this.rand;
    this.mmsi = new Int32Array(ships);
    this.route = new Int32Array(ships);
    this.leg = new Int32Array(ships);
    this.along = new Float64Array(ships);
    this.speed = new Float32Array(ships);
    this.offsetU = new Float32Array(ships);
    this.dwellUntil = new Float64Array(ships);
    this.type = new Uint8Array(ships);
    this.lengthM = new Uint16Array(ships);
    this.classB = new Uint8Array(ships);
    this.nextReport = new Float64Array(ships);
    this.nextStatic = new Float64Array(ships);
    this.lat = new Float64Array(ships);
    this.lon = new Float64Array(ships);
    // Small fleets report at once (tests, demos); big ones spread their first reports over 10 s.
    const spread = ships > 20_000 ? 10_000 : 0;
    for (let i = 0; i < ships; i++) {
      // The serial is the ship index: unique even where the MID list repeats (Finland is weighted up).
      this.mmsi[i] = MIDS[i % MIDS.length]! * 1_000_000 + (i % 1_000_000);
      let pick = r();
      const t = TYPES.find((x) => (pick -= x[1]) < 0) ?? TYPES[0]!;
      this.type[i] = t[0];
      this.speed[i] = t[2] + r() * (t[3] - t[2]);
      this.lengthM[i] = Math.round(t[4] * (0.7 + r() * 0.6));
      this.classB[i] = t[5] ? 1 : 0;
      this.offsetU[i] = r() * 2 - 1;
      this.names.push(`${WORDS[Math.floor(r() * WORDS.length)]} ${WORDS[Math.floor(r() * WORDS.length)]} ${1 + (i % 97)}`);
      const route = Math.floor(r() * DIRECTED_ROUTES.length);
      this.startRoute(i, route);
      // Anywhere along the route, or moored for a while at its start.
      if (r() < 0.15) this.dwellUntil[i] = now + r() * 3_600_000;
      else this.advance(i, r() * DIRECTED_ROUTES[route]!.km);
      this.nextReport[i] = now + r() * spread;
      this.nextStatic[i] = now + r() * spread;
      this.place(i);
    }
  }

  private startRoute(i: number, route: number) {
    this.route[i] = route;
    this.leg[i] = 0;
    this.along[i] = 0;
    const to = DIRECTED_ROUTES[route]!.to;
    this.destination[i] = to === 'BALTIC' ? FOREIGN[i % FOREIGN.length]! : to;
  }

  /** Moves ship i `km` along its route; at the end it moors (the open-sea gate turns it round at once). */
  private advance(i: number, km: number) {
    const route = DIRECTED_ROUTES[this.route[i]!]!;
    let along = this.along[i]! + km;
    let leg = this.leg[i]!;
    while (along >= route.legs[leg]!.km) {
      along -= route.legs[leg]!.km;
      leg++;
      if (leg === route.legs.length) {
        const next = routesFrom.get(route.to)!;
        this.startRoute(i, next[Math.floor(this.rand() * next.length)]!);
        this.dwellUntil[i] = route.to === 'BALTIC' ? 0 : 1;
        return;
      }
    }
    this.leg[i] = leg;
    this.along[i] = along;
  }

  private place(i: number) {
    const leg = DIRECTED_ROUTES[this.route[i]!]!.legs[this.leg[i]!]!;
    const a = this.along[i]!;
    const taper = Math.min(1, a / TAPER_KM, (leg.km - a) / TAPER_KM);
    const off = this.offsetU[i]! * leg.widthKm * Math.max(0, taper);
    // Along the straight line in degrees (what the coastline check tests), then sideways in km.
    const f = a / leg.km;
    const lat = leg.lat + f * leg.dLat;
    this.lat[i] = lat + (leg.ex * off) / KM_PER_DEG;
    this.lon[i] = leg.lon + f * leg.dLon - (leg.ny * off) / (KM_PER_DEG * Math.cos((lat * Math.PI) / 180));
  }

  private moored(i: number, now: number) {
    return this.dwellUntil[i]! > now;
  }

  /**
   * Advances every ship by `dtMs` and calls `emit` with the NMEA lines of the
   * reports that fell due.
   */
  step(now: number, dtMs: number, emit: (line: string) => void) {
    const r = this.rand;
    for (let i = 0; i < this.size; i++) {
      const dwell = this.dwellUntil[i]!;
      if (dwell === 1) this.dwellUntil[i] = now + (20 + r() * 100) * 60_000; // just arrived
      else if (dwell > now) {
        // moored
      } else {
        this.advance(i, (this.speed[i]! * KN_TO_KMH * dtMs) / 3_600_000);
        this.place(i);
      }
      if (this.nextReport[i]! <= now) this.report(i, now, emit);
      if (this.nextStatic[i]! <= now) this.reportStatic(i, now, emit);
    }
  }

  private report(i: number, now: number, emit: (line: string) => void) {
    const moored = this.moored(i, now);
    const b = this.classB[i] === 1;
    this.nextReport[i] = now + (moored ? 180_000 : b ? 30_000 : 10_000);
    const leg = DIRECTED_ROUTES[this.route[i]!]!.legs[this.leg[i]!]!;
    const speed = moored ? 0 : Math.round(this.speed[i]! * 10) / 10;
    const course = Math.round(leg.bearing * 10) / 10;
    const heading = Math.round(leg.bearing) % 360;
    const common = { mmsi: this.mmsi[i]!, lat: this.lat[i]!, lon: this.lon[i]!, speed, course, heading, second: new Date(now).getUTCSeconds() };
    const type = this.type[i]!;
    const status = moored ? 5 : type === 36 ? 8 : type === 30 ? 7 : 0;
    const msg: EncodableMessage = b ? { type: 18, ...common } : { type: 1, ...common, status };
    for (const line of encodeAis(msg, { channel: i % 2 ? 'B' : 'A' })) emit(line);
  }

  private reportStatic(i: number, now: number, emit: (line: string) => void) {
    this.nextStatic[i] = now + 360_000;
    const len = this.lengthM[i]!;
    const beam = Math.max(3, Math.round(len / 6.5));
    const dims = { toBow: Math.round(len * 0.8), toStern: len - Math.round(len * 0.8), toPort: Math.floor(beam / 2), toStarboard: beam - Math.floor(beam / 2) };
    const mmsi = this.mmsi[i]!;
    const shipName = this.names[i]!;
    const shipType = this.type[i]!;
    const opts = { sequenceId: this.seq++ % 10 };
    const lines =
      this.classB[i] === 1
        ? [
            ...encodeAis({ type: 24, partNo: 0, mmsi, shipName }, opts),
            ...encodeAis({ type: 24, partNo: 1, mmsi, shipType, callSign: `SIM${i % 10000}`, ...dims }, opts),
          ]
        : encodeAis({ type: 5, mmsi, shipName, shipType, callSign: `OH${i % 100000}`, imo: 9_000_000 + i, ...dims, draught: Math.round(len / 20), destination: this.destination[i]!, eta: this.eta(i, now) }, opts);
    for (const line of lines) emit(line);
  }

  private eta(i: number, now: number) {
    const route = DIRECTED_ROUTES[this.route[i]!]!;
    let remaining = route.legs[this.leg[i]!]!.km - this.along[i]!;
    for (let l = this.leg[i]! + 1; l < route.legs.length; l++) remaining += route.legs[l]!.km;
    const at = new Date(now + (remaining / (this.speed[i]! * KN_TO_KMH)) * 3_600_000 + Math.max(0, this.dwellUntil[i]! - now));
    return { month: at.getUTCMonth() + 1, day: at.getUTCDate(), hour: at.getUTCHours(), minute: at.getUTCMinutes() };
  }

  /** Current positions (tests). */
  ships(): FleetShip[] {
    return Array.from(this.mmsi, (mmsi, i) => ({ mmsi, lat: this.lat[i]!, lon: this.lon[i]! }));
  }
}
