/**
 * One simulated ship: dwell in port until its departure slot, sail a sea lane with a speed
 * profile (harbour speed out and in, a weather slowdown or a speed change on some trips, an
 * anchorage wait before some arrivals), arrive, plan the next trip. It advances lazily to each
 * report time, and records the true port calls as they happen.
 */
import { type CrewHabits, CARGO_PORTS, type ShipSpec } from './fleet.ts';
import { bearingDeg, LANE_OFFSETS, type LaneNetwork, type Path } from './lane-network.ts';
import { destinationText, typedEta } from './reported-voyage.ts';
import type { Rng } from './rng.ts';

export interface PortCall {
  mmsi: number;
  port: string;
  arrival: number;
  departure: number | null;
}

export interface Report {
  lat: number;
  lon: number;
  sog: number;
  cog: number;
  heading: number;
  navStatus: number;
  eta: number | null;
  destination: string;
}

interface Trip {
  to: string;
  path: Path;
  cruiseKn: number;
  slow: { fromKm: number; toKm: number; factor: number } | null;
  speedChange: { atKm: number; factor: number } | null;
  anchorAtKm: number | null;
  anchorMs: number;
  /** Origin and the stops of this voyage up to the one the crew may name as destination. */
  route: string[];
  /** Nominal time from arriving at `to` to arriving at the route's last port. */
  extraToFinalMs: number;
}

const KN_KMH = 1.852;
const MIN = 60_000;
const HOUR = 3_600_000;
const STEP_MS = 60_000;

export class ShipSim {
  private phase: 'port' | 'sail' | 'anchor' = 'port';
  private port: string;
  private rotIdx = 0;
  private departAt: number;
  private trip: Trip | null = null;
  private d = 0;
  private seg = 0;
  private clock: number;
  private anchorUntil = 0;
  private anchored = false;
  private v = 0;
  private call: PortCall | null = null;
  private berth = { dLat: 0, dLon: 0, heading: 0 };
  private trampPlan: string[] = [];
  private dest = '';
  private eta: number | null = null;
  private typeAt = Infinity;
  private nextEtaCheck = Infinity;
  /** A crew that leaves the status at "under way" throughout, at anchor and alongside (common in real feeds). */
  statusUnderWay = false;
  /** A crew that, waiting at anchor, types the berth time it was given (the wait's end and the last stretch) as its ETA. */
  etaAtAnchor = false;
  private anchorTypeAt = Infinity;

  constructor(
    readonly spec: ShipSpec,
    private readonly net: LaneNetwork,
    private readonly rng: Rng,
    start: number,
    private readonly onCall: (call: PortCall) => void,
  ) {
    this.clock = start;
    if (spec.kind === 'tramp') this.port = rng.pick(CARGO_PORTS);
    else {
      this.rotIdx = spec.rotation.length === 2 || spec.kind === 'liner' ? rng.int(0, spec.rotation.length - 1) : 0;
      this.port = spec.rotation[this.rotIdx]!.port;
    }
    this.newBerth();
    const firstDwell = spec.kind === 'ferry' ? rng.range(0, 60) : rng.range(0, spec.kind === 'liner' ? 24 * 60 : 48 * 60);
    this.departAt = this.departureAfter(start + firstDwell * MIN, this.stopRule());
  }

  private get habits(): CrewHabits {
    return this.spec.habits;
  }

  private stopRule() {
    if (this.spec.kind === 'tramp') return { port: this.port, minDwellMin: 12 * 60, extraDwellMin: [0, 60 * 60] as [number, number] };
    return this.spec.rotation[this.rotIdx]!;
  }

  /** First departure slot at or after `earliest`, with the occasional late departure. */
  private departureAfter(earliest: number, rule: { slotsMin?: number[] }): number {
    let t = earliest;
    if (rule.slotsMin && rule.slotsMin.length > 0) {
      const day = Math.floor(earliest / (24 * HOUR)) * 24 * HOUR;
      const candidates = [0, 1, 2].flatMap((k) => rule.slotsMin!.map((s) => day + k * 24 * HOUR + s * MIN));
      t = candidates.filter((c) => c >= earliest).sort((a, b) => a - b)[0]!;
    }
    if (this.rng.chance(0.08)) t += this.rng.range(5, 45) * MIN;
    return t;
  }

  private nextStops(count: number): string[] {
    if (this.spec.kind === 'tramp') {
      while (this.trampPlan.length < count) {
        const last = this.trampPlan[this.trampPlan.length - 1] ?? this.port;
        let next = last;
        while (next === last || !this.net.has(last, next)) next = this.rng.pick(CARGO_PORTS);
        this.trampPlan.push(next);
      }
      return this.trampPlan.slice(0, count);
    }
    const rot = this.spec.rotation;
    return Array.from({ length: count }, (_, k) => rot[(this.rotIdx + 1 + k) % rot.length]!.port);
  }

  /** Stops of the voyage as a crew sees it: ferries up to the next terminal, others one port beyond sometimes. */
  private voyageRoute(): string[] {
    if (this.spec.kind === 'ferry') {
      const rot = this.spec.rotation;
      const route = [this.port];
      for (let k = 1; k <= rot.length; k++) {
        const stop = rot[(this.rotIdx + k) % rot.length]!;
        route.push(stop.port);
        if (stop.slotsMin) break;
      }
      return route;
    }
    if (this.spec.kind === 'tramp' && this.trampPlan.length < 2 && this.rng.chance(0.6)) return [this.port, ...this.nextStops(1)];
    return [this.port, ...this.nextStops(2)];
  }

  private startTrip(t: number) {
    const route = this.voyageRoute();
    const to = route[1]!;
    const path = this.net.path(this.port, to, this.rng.int(0, this.net.variantCount(this.port, to) - 1), this.rng.pick(LANE_OFFSETS));
    const winter = [11, 0, 1, 2].includes(new Date(t).getUTCMonth());
    const total = path.totalKm;
    const trip: Trip = {
      to, path, route,
      cruiseKn: this.spec.cruiseKn * this.rng.range(0.95, 1.04),
      slow: null, speedChange: null, anchorAtKm: null, anchorMs: 0, extraToFinalMs: 0,
    };
    if (total > 30 && this.rng.chance(winter ? 0.3 : 0.12)) {
      const a = this.rng.range(0.1, 0.6) * total;
      trip.slow = { fromKm: a, toKm: a + this.rng.range(0.15, 0.4) * total, factor: this.rng.range(0.55, 0.85) };
    }
    if (this.spec.kind !== 'ferry' && total > 50 && this.rng.chance(0.2))
      trip.speedChange = { atKm: this.rng.range(0.2, 0.8) * total, factor: this.rng.range(0.8, 1.1) };
    const anchorP = this.spec.kind === 'tramp' ? 0.3 : this.spec.kind === 'liner' ? 0.1 : 0;
    if (total > 25 && this.rng.chance(anchorP)) {
      trip.anchorAtKm = total - this.rng.range(5, 12);
      trip.anchorMs = this.rng.range(this.spec.kind === 'tramp' ? 2 : 1, this.spec.kind === 'tramp' ? 24 : 6) * HOUR;
    }
    let prev = to;
    for (const stop of route.slice(2)) {
      const legs = this.net.path(prev, stop);
      trip.extraToFinalMs += this.nominalMs(legs, legs.totalKm, this.spec.cruiseKn) + 30 * MIN;
      prev = stop;
    }
    this.trip = trip;
    this.phase = 'sail';
    this.d = 0;
    this.seg = 0;
    this.anchored = false;
    if (this.call) {
      this.call.departure = t;
      this.call = null;
    }
    this.typeAt = t + this.habits.updateDelayMin * MIN;
    this.nextEtaCheck = Infinity;
  }

  /** Speed (knots) at `d` km: harbour speed near both ends, the trip's slowdown and speed change. */
  private speedAt(trip: Trip, d: number, withEvents = true): number {
    let base = trip.cruiseKn;
    if (withEvents && trip.speedChange && d >= trip.speedChange.atKm) base *= trip.speedChange.factor;
    if (withEvents && trip.slow && d >= trip.slow.fromKm && d < trip.slow.toKm) base *= trip.slow.factor;
    const rem = trip.path.totalKm - d;
    const ferry = this.spec.kind === 'ferry';
    const approachKm = ferry ? 5 : 12;
    const departKm = ferry ? 2 : 5;
    const vIn = 3 + (base - 3) * Math.min(1, Math.max(0, (rem - 0.5) / approachKm));
    const vOut = 5 + (base - 5) * Math.min(1, d / departKm);
    return Math.max(2, Math.min(base, vIn, vOut));
  }

  /** Time to sail the rest of a path from `fromKm` at a cruise speed, without weather or waits. */
  private nominalMs(path: Path, remKm: number, cruiseKn: number, fromKm = path.totalKm - remKm): number {
    const probe: Trip = { to: '', path, cruiseKn, slow: null, speedChange: null, anchorAtKm: null, anchorMs: 0, route: [], extraToFinalMs: 0 };
    let ms = 0;
    for (let d = fromKm; d < path.totalKm; d += 0.5) ms += (Math.min(0.5, path.totalKm - d) / (this.speedAt(probe, d, false) * KN_KMH)) * HOUR;
    return ms;
  }

  private crewTypes(t: number, first: boolean) {
    const trip = this.trip!;
    const route = trip.route;
    const target = this.habits.namesFinalPort && !this.spec.fixedDest ? route[route.length - 1]! : trip.to;
    this.dest = destinationText(this.habits, trip.to, route, this.spec.fixedDest);
    const estimate = t + this.nominalMs(trip.path, trip.path.totalKm - this.d, trip.cruiseKn) + (target === trip.to ? 0 : trip.extraToFinalMs);
    const typed = typedEta(this.habits, estimate, this.net.port(target));
    if (first || this.eta === null || typed === null || Math.abs(typed - this.eta) > 30 * MIN) this.eta = typed;
    this.nextEtaCheck = this.habits.updatesEta ? t + HOUR : Infinity;
  }

  /** The berth time the crew was given, typed once during the wait (for the final port's crews, that port's ETA after it). */
  private crewTypesAtAnchor() {
    const trip = this.trip!;
    const route = trip.route;
    const target = this.habits.namesFinalPort && !this.spec.fixedDest ? route[route.length - 1]! : trip.to;
    const estimate = this.anchorUntil + this.nominalMs(trip.path, trip.path.totalKm - this.d, trip.cruiseKn) + (target === trip.to ? 0 : trip.extraToFinalMs);
    this.eta = typedEta(this.habits, estimate, this.net.port(target));
    this.anchorTypeAt = Infinity;
  }

  /** Runs the ship forward to time t. */
  advance(t: number) {
    while (this.clock < t) {
      if (this.phase === 'port') {
        if (this.departAt > t) {
          this.clock = t;
          break;
        }
        this.clock = this.departAt;
        this.startTrip(this.departAt);
        continue;
      }
      if (this.phase === 'anchor') {
        if (this.anchorTypeAt <= Math.min(t, this.anchorUntil)) this.crewTypesAtAnchor();
        if (this.anchorUntil > t) {
          this.clock = t;
          break;
        }
        this.clock = this.anchorUntil;
        this.phase = 'sail';
        continue;
      }
      const trip = this.trip!;
      if (this.clock >= this.typeAt) {
        this.typeAt = Infinity;
        this.crewTypes(this.clock, true);
      } else if (this.clock >= this.nextEtaCheck) this.crewTypes(this.clock, false);
      const dt = Math.min(STEP_MS, t - this.clock, this.typeAt - this.clock, this.nextEtaCheck - this.clock);
      this.v = this.speedAt(trip, this.d);
      const step = (this.v * KN_KMH * dt) / HOUR;
      if (trip.anchorAtKm !== null && !this.anchored && this.d + step >= trip.anchorAtKm) {
        this.clock += ((trip.anchorAtKm - this.d) / (this.v * KN_KMH)) * HOUR;
        this.d = trip.anchorAtKm;
        this.anchored = true;
        this.phase = 'anchor';
        this.anchorUntil = this.clock + trip.anchorMs;
        // 15-90 minutes into the wait, from the wait's own length (draws nothing from the seeded streams).
        if (this.etaAtAnchor) this.anchorTypeAt = this.clock + (15 + 75 * (((trip.anchorMs / MIN) % 60) / 60)) * MIN;
        continue;
      }
      if (this.d + step >= trip.path.totalKm) {
        this.clock += ((trip.path.totalKm - this.d) / (this.v * KN_KMH)) * HOUR;
        this.arrive(this.clock);
        continue;
      }
      this.d += step;
      this.clock += dt;
    }
  }

  private arrive(t: number) {
    const trip = this.trip!;
    this.port = trip.to;
    if (this.spec.kind === 'tramp') this.trampPlan.shift();
    else this.rotIdx = (this.rotIdx + 1) % this.spec.rotation.length;
    this.phase = 'port';
    this.trip = null;
    this.call = { mmsi: this.spec.mmsi, port: this.port, arrival: t, departure: null };
    this.onCall(this.call);
    this.newBerth();
    const rule = this.stopRule();
    const extra = rule.extraDwellMin ? this.rng.range(rule.extraDwellMin[0], rule.extraDwellMin[1]) : 0;
    this.departAt = this.departureAfter(t + (rule.minDwellMin + extra) * MIN, rule);
    this.nextEtaCheck = Infinity;
    this.typeAt = Infinity;
  }

  private newBerth() {
    this.berth = { dLat: this.rng.normal() * 0.0008, dLon: this.rng.normal() * 0.0015, heading: this.rng.int(0, 359) };
  }

  /** The AIS report at time t (after advance(t)). */
  report(): Report {
    const r = this.rng;
    const voyage = { eta: this.eta, destination: this.dest };
    if (this.phase === 'port') {
      const p = this.net.port(this.port);
      return {
        lat: p.lat + this.berth.dLat + r.normal() * 0.00002, lon: p.lon + this.berth.dLon + r.normal() * 0.00004,
        sog: r.chance(0.8) ? 0 : 0.1, cog: (this.berth.heading + r.int(0, 359)) % 360, heading: this.berth.heading, navStatus: this.statusUnderWay ? 0 : 5, ...voyage,
      };
    }
    const path = this.trip!.path;
    while (this.seg < path.cumKm.length - 2 && path.cumKm[this.seg + 1]! <= this.d) this.seg++;
    const i = this.seg;
    const segKm = path.cumKm[i + 1]! - path.cumKm[i]!;
    const f = segKm > 0 ? (this.d - path.cumKm[i]!) / segKm : 0;
    const lat = path.lat[i]! + (path.lat[i + 1]! - path.lat[i]!) * f + r.normal() * 0.00005;
    const lon = path.lon[i]! + (path.lon[i + 1]! - path.lon[i]!) * f + r.normal() * 0.0001;
    const course = bearingDeg(path.lat[i]!, path.lon[i]!, path.lat[i + 1]!, path.lon[i + 1]!);
    if (this.phase === 'anchor')
      return { lat, lon, sog: Math.round(r.range(0, 0.4) * 10) / 10, cog: r.int(0, 359), heading: Math.round(course + 40 * r.normal() + 360) % 360, navStatus: this.statusUnderWay ? 0 : 1, ...voyage };
    const sog = Math.max(0, Math.round((this.v + r.normal() * 0.15) * 10) / 10);
    const cog = (Math.round((course + r.normal() * 1.5) * 10) / 10 + 360) % 360;
    return { lat, lon, sog, cog, heading: Math.round(cog + r.normal() * 2 + 360) % 360, navStatus: 0, ...voyage };
  }
}
