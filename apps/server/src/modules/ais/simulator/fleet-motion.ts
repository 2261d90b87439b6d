import type { HarborShipType } from '@harbor/contracts';
import type { SimHarbour } from './harbour-types.ts';
import { HARBOURS } from './harbours.ts';
import { buildLegs, DIRECTED_ROUTES, KM_PER_DEG, lengthKm, prng, ROUTES_FROM, type Leg } from './legs.ts';
import { PortSpots } from './port-spots.ts';
import { ETA_HABITS, pick, SHIP_KINDS, type EtaHabit } from './ship-kinds.ts';

/**
 * A simulated fleet sailing the sea routes between Finnish ports. Merchant
 * ships sail on from the port's sea point along a water path to a free quay of
 * the shipped port data, or to a free spot of the anchorage when every quay is
 * taken, lie there, then sail out and on to the next port; tugs, pilots,
 * fishing and pleasure craft turn round without calling. State is kept in
 * typed arrays so 200k ships step in a few ms. What they report: fleet.ts.
 */

export const KN_TO_KMH = 1.852;
/** Ships leave the line gradually over this distance after a waypoint (and return before the next). */
const TAPER_KM = 2;
export const HARBOUR_KN = 6;
const SLOW_KM = 0.3;
const SLOW_KN = 2;
/** Status set this long after arriving / before leaving (minutes). */
const SETTLE_MIN: [number, number] = [3, 6];
const PREPARE_MIN: [number, number] = [3, 6];
/** Share of arrivals that anchor first although a quay is free. */
const ANCHOR_FIRST = 0.2;

export const SEA = 0;
export const IN = 1;
export const BERTH = 2;
export const ANCHOR = 3;
export const OUT = 4;

const MIDS = [230, 230, 230, 276, 265, 266, 211, 219, 257, 273, 209, 215, 636, 538, 244, 255, 275, 277, 261];
const WORDS = ['BALTIC', 'NORDIC', 'AALTO', 'MERI', 'SAIMAA', 'ARCTIC', 'POLAR', 'KARI', 'LOKKI', 'TIIRA', 'AURORA', 'FINN', 'SEA', 'ICE', 'VIKING', 'STAR', 'WIND', 'WAVE', 'ISLAND', 'BREEZE'];
const FOREIGN = ['SESTO', 'DEHAM', 'DEKEL', 'PLGDN', 'NLRTM', 'DKCPH', 'LVRIX', 'LTKLJ', 'DEROS', 'SEGOT'];

export interface FleetShip {
  mmsi: number;
  lat: number;
  lon: number;
}

export interface FleetOptions {
  harbours?: SimHarbour[];
  /** Share of merchant ships already in a harbour at start (so a fresh start shows port calls within minutes). */
  inHarbourShare?: number;
  /** Multiplies every time alongside or at anchor (tests shorten it). */
  dwellScale?: number;
  /**
   * How long after `now` the fleet goes live (the source fast-forwards through it):
   * the ships found about to leave leave within minutes of that moment, after the
   * warm-up let the port-call detector see them alongside.
   */
  warmUpMs?: number;
  /**
   * Reports this many times as often as AIS's own intervals (a load test's feed at tens of
   * thousands of messages a second without a fleet so dense that every map box is crowded).
   */
  reportRate?: number;
}

/** One ship's place in a harbour, for tests and the allocation's checks. */
export interface HarbourState {
  phase: 'sea' | 'in' | 'berth' | 'anchor' | 'out';
  locode: string | null;
  berth: number;
  anchor: number;
}

export class FleetMotion {
  readonly size: number;
  protected readonly rand: () => number;
  readonly mmsi: Int32Array;
  readonly spots: PortSpots;
  protected readonly harbours: SimHarbour[];
  protected readonly harbourLegs: { berths: Leg[][]; anchors: Leg[][] }[];
  protected readonly dwellScale: number;
  protected readonly warmUpMs: number;
  protected readonly reportRate: number;
  protected readonly totalBerths: number;
  protected readonly kind: Uint8Array;
  protected readonly phase: Uint8Array;
  protected readonly route: Int32Array;
  protected readonly leg: Int32Array;
  protected readonly along: Float64Array;
  protected readonly speed: Float32Array;
  protected readonly offsetU: Float32Array;
  protected readonly harbour: Int16Array;
  protected readonly berth: Int16Array;
  protected readonly anchor: Int16Array;
  /** End of the stay alongside / the earliest the anchored ship asks for a quay. */
  protected readonly until: Float64Array;
  protected readonly settledAt: Float64Array;
  protected readonly prepareFrom: Float64Array;
  /** After sailing out of the anchorage: 1 = to the quay now free, 0 = on to sea. */
  protected readonly toQuay: Uint8Array;
  protected readonly lengthM: Uint16Array;
  protected readonly nextReport: Float64Array;
  protected readonly nextStatic: Float64Array;
  protected readonly etaHabit: EtaHabit[] = [];
  protected readonly staleEta: Float64Array;
  protected readonly wrongEtaMs: Float64Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  protected readonly names: string[] = [];
  protected readonly destination: string[] = [];
  protected seq = 0;
  /** Ships whose finer category was announced (after their first static report made the store's slot). */
  protected readonly categoried = new Set<number>();
  /** Called when a ship's registry category differs from what its AIS type says (ro-ro, bulker, container). */
  onCategory: ((mmsi: number, category: HarborShipType) => void) | undefined;

  constructor(ships: number, now = Date.now(), seed = 1, opts: FleetOptions = {}) {
    this.size = ships;
    this.rand = prng(seed);
    const r = this.rand;
    this.harbours = opts.harbours ?? HARBOURS;
    this.spots = new PortSpots(this.harbours);
    this.harbourLegs = this.harbours.map((h) => ({
      berths: h.berths.map((b) => buildLegs(b.path)),
      anchors: (h.anchorage?.spots ?? []).map((p) => buildLegs(p)),
    }));
    this.dwellScale = opts.dwellScale ?? 1;
    this.warmUpMs = opts.warmUpMs ?? 0;
    this.reportRate = opts.reportRate ?? 1;
    this.totalBerths = this.harbours.reduce((n, h) => n + h.berths.length, 0);
    const n = ships;
    this.mmsi = new Int32Array(n);
    this.kind = new Uint8Array(n);
    this.phase = new Uint8Array(n);
    this.route = new Int32Array(n);
    this.leg = new Int32Array(n);
    this.along = new Float64Array(n);
    this.speed = new Float32Array(n);
    this.offsetU = new Float32Array(n);
    this.harbour = new Int16Array(n).fill(-1);
    this.berth = new Int16Array(n).fill(-1);
    this.anchor = new Int16Array(n).fill(-1);
    this.until = new Float64Array(n);
    this.settledAt = new Float64Array(n);
    this.prepareFrom = new Float64Array(n);
    this.toQuay = new Uint8Array(n);
    this.lengthM = new Uint16Array(n);
    this.nextReport = new Float64Array(n);
    this.nextStatic = new Float64Array(n);
    this.staleEta = new Float64Array(n);
    this.wrongEtaMs = new Float64Array(n);
    this.lat = new Float64Array(n);
    this.lon = new Float64Array(n);
    // Small fleets report at once (tests, demos); big ones spread their first reports over 10 s.
    const spread = ships > 20_000 ? 10_000 : 0;
    const inHarbour = opts.inHarbourShare ?? 0.45;
    for (let i = 0; i < n; i++) {
      // The serial is the ship index: unique even where the MID list repeats (Finland is weighted up).
      this.mmsi[i] = MIDS[i % MIDS.length]! * 1_000_000 + (i % 1_000_000);
      const k = pick(SHIP_KINDS, r());
      const t = SHIP_KINDS[k]!;
      this.kind[i] = k;
      this.speed[i] = t.minKn + r() * (t.maxKn - t.minKn);
      this.lengthM[i] = Math.round(t.lengthM * (0.7 + r() * 0.6));
      this.offsetU[i] = r() * 2 - 1;
      this.etaHabit.push(ETA_HABITS[pick(ETA_HABITS, r())]![0]);
      this.wrongEtaMs[i] = (r() < 0.5 ? -1 : 1) * (2 + r() * 22) * 3_600_000;
      this.names.push(`${WORDS[Math.floor(r() * WORDS.length)]} ${WORDS[Math.floor(r() * WORDS.length)]} ${1 + (i % 97)}`);
      const route = Math.floor(r() * DIRECTED_ROUTES.length);
      this.startRoute(i, route, now);
      if (!(t.calls && r() < inHarbour && this.placeInHarbour(i, now))) this.advance(i, r() * DIRECTED_ROUTES[route]!.km, now);
      this.nextReport[i] = now + r() * spread;
      this.nextStatic[i] = now + r() * spread;
      this.place(i);
    }
  }

  protected rangeMs([lo, hi]: [number, number], scale = 1) {
    return (lo + this.rand() * (hi - lo)) * 60_000 * scale;
  }

  /** A start inside a harbour: sailing in, alongside (just arrived, mid-stay or about to leave) or at anchor. */
  protected placeInHarbour(i: number, now: number): boolean {
    const r = this.rand;
    // Busier harbours (more quays) hold more of the fleet.
    let x0 = r() * this.totalBerths;
    let h = 0;
    while (h < this.harbours.length - 1 && (x0 -= this.harbours[h]!.berths.length) >= 0) h++;
    // Some wait at anchor with quays free (the quay booked for later, cargo not ready, a pilot to come).
    const berth = r() < ANCHOR_FIRST ? -1 : this.spots.claimBerth(h, i, r);
    this.harbour[i] = h;
    this.destination[i] = this.harbours[h]!.locode;
    if (berth >= 0) {
      const x = r();
      if (x < 0.3) {
        this.berth[i] = berth;
        this.enterPath(i, IN);
        this.along[i] = r() * lengthKm(this.harbourLegs[h]!.berths[berth]!) * 0.9;
        this.settleAlong(i);
        return true;
      }
      this.moor(i, berth, now);
      // Somewhere in the stay: some just arrived, some about to leave.
      if (x < 0.5) this.settledAt[i] = now + r() * 4 * 60_000;
      else if (x < 0.65) {
        this.settledAt[i] = now - 1;
        this.until[i] = now + this.warmUpMs + r() * 5 * 60_000 + 60_000;
      }
      else this.settledAt[i] = now - 1;
      this.prepareFrom[i] = this.until[i]! - this.rangeMs(PREPARE_MIN);
      if (this.settledAt[i]! > this.prepareFrom[i]!) this.prepareFrom[i] = this.settledAt[i]!;
      return true;
    }
    const spot = this.spots.claimAnchor(h, i, r);
    if (spot < 0) {
      this.harbour[i] = -1;
      return false;
    }
    this.anchorAt(i, spot, now);
    if (r() < 0.5) this.settledAt[i] = now - 1;
    return true;
  }

  protected startRoute(i: number, route: number, now: number) {
    this.phase[i] = SEA;
    this.route[i] = route;
    this.leg[i] = 0;
    this.along[i] = 0;
    const to = DIRECTED_ROUTES[route]!.to;
    this.destination[i] = to === 'BALTIC' ? FOREIGN[i % FOREIGN.length]! : to;
    // A stale ETA is the one typed for the last voyage, left as it was.
    if (this.etaHabit[i] !== 'stale' || !this.staleEta[i]) this.staleEta[i] = now + this.remainingMs(i);
  }

  protected legsOf(i: number): Leg[] {
    const p = this.phase[i]!;
    if (p === SEA) return DIRECTED_ROUTES[this.route[i]!]!.legs;
    const legs = this.harbourLegs[this.harbour[i]!]!;
    // Sailing out follows the way in backwards: `along` counts from the quay or anchor spot.
    return this.anchor[i]! >= 0 ? legs.anchors[this.anchor[i]!]! : legs.berths[this.berth[i]!]!;
  }

  protected enterPath(i: number, phase: number) {
    this.phase[i] = phase;
    this.leg[i] = 0;
    this.along[i] = 0;
  }

  /** Normalises `along` into (leg, along) on the current harbour path. */
  protected settleAlong(i: number) {
    const legs = this.legsOf(i);
    while (this.leg[i]! < legs.length - 1 && this.along[i]! >= legs[this.leg[i]!]!.km) {
      this.along[i] = this.along[i]! - legs[this.leg[i]!]!.km;
      this.leg[i] = this.leg[i]! + 1;
    }
  }

  protected moor(i: number, berth: number, now: number) {
    const t = SHIP_KINDS[this.kind[i]!]!;
    this.phase[i] = BERTH;
    this.berth[i] = berth;
    this.anchor[i] = -1;
    this.settledAt[i] = now + this.rangeMs(SETTLE_MIN);
    this.until[i] = now + this.rangeMs(t.dwellMin, this.dwellScale);
    this.prepareFrom[i] = Math.max(this.settledAt[i]!, this.until[i]! - this.rangeMs(PREPARE_MIN));
    this.pinToPathEnd(i);
  }

  protected anchorAt(i: number, spot: number, now: number) {
    this.phase[i] = ANCHOR;
    this.anchor[i] = spot;
    this.berth[i] = -1;
    this.settledAt[i] = now + this.rangeMs(SETTLE_MIN);
    this.until[i] = now + this.rangeMs([30, 180], this.dwellScale);
    // Some wait only for orders, bunkers or weather and sail without calling at a quay.
    this.toQuay[i] = this.rand() < 0.85 ? 1 : 0;
    this.pinToPathEnd(i);
  }

  protected pinToPathEnd(i: number) {
    const legs = this.legsOf(i);
    this.leg[i] = legs.length - 1;
    this.along[i] = legs[legs.length - 1]!.km;
  }

  /** Moves ship i `km` along its route or harbour path, handling what happens at the end. */
  protected advance(i: number, km: number, now: number) {
    const p = this.phase[i]!;
    if (p === BERTH || p === ANCHOR) return;
    const legs = this.legsOf(i);
    let along = this.along[i]! + km;
    let leg = this.leg[i]!;
    while (along >= legs[leg]!.km) {
      along -= legs[leg]!.km;
      leg++;
      if (leg === legs.length) return this.pathEnd(i, now);
    }
    this.leg[i] = leg;
    this.along[i] = along;
  }

  protected pathEnd(i: number, now: number) {
    const p = this.phase[i]!;
    const r = this.rand;
    if (p === SEA) {
      const route = DIRECTED_ROUTES[this.route[i]!]!;
      const h = this.spots.harbourOf(route.to);
      if (SHIP_KINDS[this.kind[i]!]!.calls && h >= 0) {
        this.harbour[i] = h;
        const berth = r() < ANCHOR_FIRST ? -1 : this.spots.claimBerth(h, i, r);
        if (berth >= 0) {
          this.berth[i] = berth;
          this.anchor[i] = -1;
          return this.enterPath(i, IN);
        }
        const spot = this.spots.claimAnchor(h, i, r);
        if (spot >= 0) {
          this.anchor[i] = spot;
          this.berth[i] = -1;
          return this.enterPath(i, IN);
        }
        this.harbour[i] = -1;
      }
      return this.nextRoute(i, route.to, now);
    }
    if (p === IN) {
      if (this.berth[i]! >= 0) this.moor(i, this.berth[i]!, now);
      else this.anchorAt(i, this.anchor[i]!, now);
      return;
    }
    // OUT: back at the sea point.
    const h = this.harbour[i]!;
    if (this.toQuay[i] && this.berth[i]! >= 0) {
      this.toQuay[i] = 0;
      this.anchor[i] = -1;
      return this.enterPath(i, IN);
    }
    this.harbour[i] = -1;
    this.berth[i] = -1;
    this.anchor[i] = -1;
    this.nextRoute(i, this.harbours[h]!.locode, now);
  }

  protected nextRoute(i: number, from: string, now: number) {
    const next = ROUTES_FROM.get(from)!;
    this.startRoute(i, next[Math.floor(this.rand() * next.length)]!, now);
  }

  /** Casts off: the quay or anchor spot is free from now; the way out is the way in, backwards. */
  protected leave(i: number, now: number) {
    const h = this.harbour[i]!;
    if (this.phase[i] === BERTH) {
      this.spots.releaseBerth(h, this.berth[i]!);
      this.toQuay[i] = 0;
    } else {
      if (this.toQuay[i]) {
        const berth = this.spots.claimBerth(h, i, this.rand);
        // Every quay still taken: wait on at anchor and ask again later.
        if (berth < 0) return void (this.until[i] = now + 10 * 60_000 * this.dwellScale);
        this.berth[i] = berth;
      }
      this.spots.releaseAnchor(h, this.anchor[i]!);
    }
    this.phase[i] = OUT;
    this.leg[i] = 0;
    this.along[i] = 0;
  }

  protected place(i: number) {
    const p = this.phase[i]!;
    const legs = this.legsOf(i);
    const leg = legs[Math.min(this.leg[i]!, legs.length - 1)]!;
    const a = Math.min(this.along[i]!, leg.km);
    if (p === SEA) {
      const taper = Math.min(1, a / TAPER_KM, (leg.km - a) / TAPER_KM);
      const off = this.offsetU[i]! * leg.widthKm * Math.max(0, taper);
      // Along the straight line in degrees (what the coastline check tests), then sideways in km.
      const f = a / leg.km;
      const lat = leg.lat + f * leg.dLat;
      this.lat[i] = lat + (leg.ex * off) / KM_PER_DEG;
      this.lon[i] = leg.lon + f * leg.dLon - (leg.ny * off) / (KM_PER_DEG * Math.cos((lat * Math.PI) / 180));
      return;
    }
    const [lat, lon] = this.pathPoint(i);
    this.lat[i] = lat;
    this.lon[i] = lon;
  }

  /** Position on the harbour path: OUT walks it from the far end. */
  protected pathPoint(i: number): [number, number] {
    const legs = this.legsOf(i);
    if (this.phase[i] !== OUT) {
      const leg = legs[this.leg[i]!]!;
      const f = Math.min(1, this.along[i]! / leg.km);
      return [leg.lat + f * leg.dLat, leg.lon + f * leg.dLon];
    }
    const leg = legs[legs.length - 1 - this.leg[i]!]!;
    const f = Math.max(0, 1 - this.along[i]! / leg.km);
    return [leg.lat + f * leg.dLat, leg.lon + f * leg.dLon];
  }

  protected harbourSpeed(i: number): number {
    const legs = this.legsOf(i);
    const p = this.phase[i]!;
    const top = Math.min(this.speed[i]!, HARBOUR_KN);
    if (p !== IN) return top;
    let rest = legs[this.leg[i]!]!.km - this.along[i]!;
    for (let l = this.leg[i]! + 1; l < legs.length; l++) rest += legs[l]!.km;
    return rest < SLOW_KM ? SLOW_KN : top;
  }

  /** Time to the quay or anchorage at the ship's own speeds (route, then harbour path). */
  protected remainingMs(i: number): number {
    const p = this.phase[i]!;
    if (p === BERTH || p === ANCHOR || p === OUT) return 0;
    const legs = this.legsOf(i);
    let km = legs[this.leg[i]!]!.km - this.along[i]!;
    for (let l = this.leg[i]! + 1; l < legs.length; l++) km += legs[l]!.km;
    const kn = p === SEA ? this.speed[i]! : Math.min(this.speed[i]!, HARBOUR_KN);
    // Pilotage and the harbour approach at reduced speed: about 20 minutes.
    return (km / (kn * KN_TO_KMH)) * 3_600_000 + (p === SEA ? 20 * 60_000 : 0);
  }

}
