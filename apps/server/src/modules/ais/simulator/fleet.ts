import { encodeAis, type EncodableMessage } from '@harbor/ais';
import type { HarborShipType } from '@harbor/contracts';
import { ANCHOR, BERTH, FleetMotion, KN_TO_KMH, OUT, SEA, type FleetShip, type HarbourState } from './fleet-motion.ts';
import { SHIP_KINDS } from './ship-kinds.ts';

export { DIRECTED_ROUTES, prng } from './legs.ts';
export type { FleetOptions, FleetShip, HarbourState } from './fleet-motion.ts';

/** The ship's next report time after `now`: ship i's slots sit at (i × golden ratio mod 1) of each interval, evenly spread. */
function nextSlot(i: number, now: number, every: number): number {
  const next = now - (now % every) + ((i * 0.6180339887498949) % 1) * every;
  return next > now ? next : next + every;
}

/**
 * The simulated fleet as AIS: what each ship's transponder sends, when. Class A
 * every 10 s under way, every 3 min moored or at anchor, plus type 5 every
 * 6 min; class B every 30 s plus 24 A/B. Crews set "moored" or "at anchor" a
 * few minutes after arriving and "under way" a few minutes before leaving (at
 * the 10 s rate), as in real feeds. Movement and berths: fleet-motion.ts.
 */
export class Fleet extends FleetMotion {
  /**
   * Advances every ship by `dtMs` and calls `emit` with the NMEA lines of the
   * reports that fell due.
   */
  step(now: number, dtMs: number, emit: (line: string) => void) {
    for (let i = 0; i < this.size; i++) {
      const p = this.phase[i]!;
      if (p === BERTH || p === ANCHOR) {
        // Lying still: no move. A crew switching to "under way" reports at the short interval from then on.
        if (now >= this.until[i]!) this.leave(i, now);
        const every = this.interval(i, now);
        if (this.nextReport[i]! > now + every) this.nextReport[i] = now + every;
      } else {
        const kn = p === SEA ? this.speed[i]! : this.harbourSpeed(i);
        this.advance(i, (kn * KN_TO_KMH * dtMs) / 3_600_000, now);
        this.place(i);
      }
      if (this.nextReport[i]! <= now) this.report(i, now, emit);
      if (this.nextStatic[i]! <= now) this.reportStatic(i, now, emit);
    }
  }

  /** AIS navigation status as the crew has it set. */
  private status(i: number, now: number): number {
    const p = this.phase[i]!;
    const type = SHIP_KINDS[this.kind[i]!]!.aisType;
    if (p === BERTH) return now >= this.settledAt[i]! && now < this.prepareFrom[i]! ? 5 : 0;
    if (p === ANCHOR) return now >= this.settledAt[i]! ? 1 : 0;
    return type === 36 ? 8 : type === 30 ? 7 : 0;
  }

  private interval(i: number, now: number) {
    return this.aisInterval(i, now) / this.reportRate;
  }

  private aisInterval(i: number, now: number) {
    const still = this.phase[i] === BERTH || this.phase[i] === ANCHOR;
    if (still && this.status(i, now) !== 0) return 180_000;
    return SHIP_KINDS[this.kind[i]!]!.classB ? (still ? 180_000 : 30_000) : 10_000;
  }

  private heading(i: number): number {
    const legs = this.legsOf(i);
    const p = this.phase[i]!;
    if (p === OUT) return (legs[legs.length - 1 - Math.min(this.leg[i]!, legs.length - 1)]!.bearing + 180) % 360;
    return legs[Math.min(this.leg[i]!, legs.length - 1)]!.bearing;
  }

  private report(i: number, now: number, emit: (line: string) => void) {
    const p = this.phase[i]!;
    const still = p === BERTH || p === ANCHOR;
    const kind = SHIP_KINDS[this.kind[i]!]!;
    // Each ship reports in a slot of its own within the interval, as transponders pick theirs.
    // Scheduled `interval` after `now`, ships that reported together once (a fleet starts at once,
    // the warm-up steps 5 s) stayed together: 20,000 ships reported in one 200 ms tick every 10 s
    // and held the event loop for 70 ms each time.
    this.nextReport[i] = nextSlot(i, now, this.interval(i, now));
    const kn = still ? 0 : p === SEA ? this.speed[i]! : this.harbourSpeed(i);
    const speed = Math.round(kn * 10) / 10;
    const bearing = this.heading(i);
    const course = Math.round(bearing * 10) / 10;
    const heading = Math.round(bearing) % 360;
    const common = { mmsi: this.mmsi[i]!, lat: this.lat[i]!, lon: this.lon[i]!, speed, course, heading, second: new Date(now).getUTCSeconds() };
    const msg: EncodableMessage = kind.classB ? { type: 18, ...common } : { type: 1, ...common, status: this.status(i, now) };
    for (const line of encodeAis(msg, { channel: i % 2 ? 'B' : 'A' })) emit(line);
  }

  private reportStatic(i: number, now: number, emit: (line: string) => void) {
    this.nextStatic[i] = nextSlot(i, now, 360_000);
    const kind = SHIP_KINDS[this.kind[i]!]!;
    const len = this.lengthM[i]!;
    const beam = Math.max(3, Math.round(len / 6.5));
    const dims = { toBow: Math.round(len * 0.8), toStern: len - Math.round(len * 0.8), toPort: Math.floor(beam / 2), toStarboard: beam - Math.floor(beam / 2) };
    const mmsi = this.mmsi[i]!;
    const shipName = this.names[i]!;
    const shipType = kind.aisType;
    const opts = { sequenceId: this.seq++ % 10 };
    const lines = kind.classB
      ? [
          ...encodeAis({ type: 24, partNo: 0, mmsi, shipName }, opts),
          ...encodeAis({ type: 24, partNo: 1, mmsi, shipType, callSign: `SIM${i % 10000}`, ...dims }, opts),
        ]
      : encodeAis({ type: 5, mmsi, shipName, shipType, callSign: `OH${i % 100000}`, imo: 9_000_000 + i, ...dims, draught: Math.round(len / 20), destination: this.destination[i]!, eta: this.eta(i, now) }, opts);
    for (const line of lines) emit(line);
    if (!this.categoried.has(i) && ['RORO_VEHICLE_CARRIER', 'BULKER', 'CONTAINER'].includes(kind.category)) {
      this.categoried.add(i);
      this.onCategory?.(mmsi, kind.category);
    }
  }

  /** The ETA the crew reports (see ship-kinds.ts for the habits). */
  reportedEta(i: number, now: number): number | null {
    switch (this.etaHabit[i]) {
      case 'missing':
        return null;
      case 'stale':
        return this.staleEta[i]!;
      case 'wrong':
        return now + this.remainingMs(i) + this.wrongEtaMs[i]!;
      default:
        // Typed to the minute, rounded up to the next quarter hour as crews do.
        return Math.ceil((now + this.remainingMs(i)) / 900_000) * 900_000;
    }
  }

  private eta(i: number, now: number) {
    const ms = this.reportedEta(i, now);
    if (ms === null) return { month: 0, day: 0, hour: 24, minute: 60 };
    const at = new Date(ms);
    return { month: at.getUTCMonth() + 1, day: at.getUTCDate(), hour: at.getUTCHours(), minute: at.getUTCMinutes() };
  }

  /** Where ship i is in the harbour cycle (tests). */
  harbourState(i: number): HarbourState {
    const names = ['sea', 'in', 'berth', 'anchor', 'out'] as const;
    const h = this.harbour[i]!;
    return { phase: names[this.phase[i]!]!, locode: h >= 0 ? this.harbours[h]!.locode : null, berth: this.berth[i]!, anchor: this.anchor[i]! };
  }

  speedKn(i: number): number {
    return this.speed[i]!;
  }

  destinationOf(i: number): string {
    return this.destination[i]!;
  }

  categoryOf(i: number): HarborShipType {
    return SHIP_KINDS[this.kind[i]!]!.category;
  }

  /** Current positions (tests). */
  ships(): FleetShip[] {
    return Array.from(this.mmsi, (mmsi, i) => ({ mmsi, lat: this.lat[i]!, lon: this.lon[i]! }));
  }
}
