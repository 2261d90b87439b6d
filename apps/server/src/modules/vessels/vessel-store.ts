import { HARBOR_SHIP_TYPES, harborShipTypeOf, type HarborShipType } from '@harbor/contracts';
import { SpatialGrid } from './spatial-grid.ts';

/**
 * The live vessel store: one current state per MMSI, kept as columns in typed
 * arrays (structure of arrays) so 200k ships cost a few MB and a position update
 * writes numbers, allocates nothing and moves one grid link.
 * "Not available" is NaN for floats and -1 for small integers.
 */

/** A position report after decoding (AIS 1, 2, 3, 18, 19, 27 or a Digitraffic location). */
export interface PositionUpdate {
  mmsi: number;
  /** Receive time, ms since epoch. */
  at: number;
  lat: number;
  lon: number;
  sog: number | null;
  cog: number | null;
  heading: number | null;
  navStatus: number | null;
}

/** Static and voyage data (AIS 5, 19, 24 A/B or Digitraffic metadata); undefined = not in this message. */
export interface StaticUpdate {
  mmsi: number;
  at: number;
  name?: string | null;
  callSign?: string | null;
  imo?: number | null;
  shipType?: number | null;
  dims?: [number | null, number | null, number | null, number | null];
  draught?: number | null;
  destination?: string | null;
  /** ETA, ms since epoch. */
  eta?: number | null;
}

/** The product's own prediction for a ship (eta module): next port as a UN/LOCODE, ETA and when computed, ms. */
export interface ShipPrediction {
  destination: string | null;
  eta: number | null;
  at: number;
}

export interface StaticInfo {
  name: string | null;
  callSign: string | null;
  imo: number | null;
  draught: number | null;
  destination: string | null;
  eta: number | null;
  updatedAt: number;
}

export interface QueryFilter {
  /** Oldest position kept, ms since epoch. */
  since: number;
  /** Bit i set = category HARBOR_SHIP_TYPES[i] wanted; 0 = all. */
  categoryMask: number;
  /** Bit i set = navigation status i wanted (bit 16 = unknown); 0 = all. */
  statusMask: number;
}

const CATEGORY_INDEX = new Map(HARBOR_SHIP_TYPES.map((t, i) => [t, i]));
const FLAG_SIMULATED = 1;
const NO_FILTER: QueryFilter = { since: 0, categoryMask: 0, statusMask: 0 };

export class VesselStore {
  private capacity: number;
  private count = 0;
  private readonly slotOf = new Map<number, number>();
  readonly grid: SpatialGrid;

  mmsi: Int32Array;
  lat: Float64Array;
  lon: Float64Array;
  posAt: Float64Array;
  sog: Float32Array;
  cog: Float32Array;
  heading: Int16Array;
  navStatus: Int8Array;
  shipType: Int16Array;
  /** Index into HARBOR_SHIP_TYPES; the registry may override what the AIS type says. */
  category: Uint8Array;
  /** Reference point A, B, C, D (metres from the antenna), 4 per slot. */
  dims: Int16Array;
  flags: Uint8Array;
  statics: (StaticInfo | undefined)[] = [];

  /** Slots whose position or statics changed since the last `drainChanged` (live stream). */
  private changed: number[] = [];
  private changedMark: Uint8Array;
  /** Slots whose static data changed since the last `drainStaticDirty` (persistence). */
  private staticDirty: number[] = [];
  private staticMark: Uint8Array;
  /** Last position queued for the history, per slot (thinning). */
  private historyAt: Float64Array;
  /** Flat queue of history points: mmsi, at, lat, lon, sog, cog, heading, navStatus. */
  historyQueue: number[] = [];
  historyIntervalMs = 30_000;
  recordHistory = false;
  /** Set by ingestion while the simulator supplies the traffic. */
  simulated = false;
  /**
   * Observers of accepted reports (port-call detection). They run inside the
   * ingest loop, so they must be cheap; simulated traffic is marked as such.
   */
  private positionObservers: ((u: PositionUpdate, simulated: boolean) => void)[] = [];
  private staticObservers: ((u: StaticUpdate, simulated: boolean) => void)[] = [];
  /** Bumped when slots are renumbered, so stream clients start from a fresh snapshot. */
  generation = 0;
  /**
   * The API view of each ship, built on first read and dropped on every change:
   * a map refresh mostly reads ships that did not move since the last one.
   */
  viewCache: unknown[] = [];
  /** The static half of that view; dropped only when static data or the category change. */
  staticViewCache: unknown[] = [];

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.grid = new SpatialGrid(capacity);
    this.mmsi = new Int32Array(capacity);
    this.lat = new Float64Array(capacity);
    this.lon = new Float64Array(capacity);
    this.posAt = new Float64Array(capacity);
    this.sog = new Float32Array(capacity);
    this.cog = new Float32Array(capacity);
    this.heading = new Int16Array(capacity);
    this.navStatus = new Int8Array(capacity);
    this.shipType = new Int16Array(capacity);
    this.category = new Uint8Array(capacity);
    this.dims = new Int16Array(capacity * 4);
    this.flags = new Uint8Array(capacity);
    this.changedMark = new Uint8Array(capacity);
    this.staticMark = new Uint8Array(capacity);
    this.historyAt = new Float64Array(capacity);
  }

  get size() {
    return this.count;
  }

  slot(mmsi: number): number | undefined {
    return this.slotOf.get(mmsi);
  }

  /**
   * The eta module's latest prediction per slot. Set on its own timer (every minute or so),
   * never per message; a change (or a newer computation) drops the cached JSON of that ship only.
   */
  predictions: (ShipPrediction | undefined)[] = [];

  setPrediction(mmsi: number, p: ShipPrediction | undefined) {
    const slot = this.slotOf.get(mmsi);
    if (slot === undefined) return;
    const old = this.predictions[slot];
    if (old?.eta === p?.eta && old?.destination === p?.destination && old?.at === p?.at) return;
    this.predictions[slot] = p;
    this.staticViewCache[slot] = undefined;
    this.viewCache[slot] = undefined;
  }

  /** Slot of the MMSI, created empty on first sight. */
  private ensure(mmsi: number): number {
    let slot = this.slotOf.get(mmsi);
    if (slot !== undefined) return slot;
    if (this.count === this.capacity) this.grow();
    slot = this.count++;
    this.slotOf.set(mmsi, slot);
    this.mmsi[slot] = mmsi;
    this.posAt[slot] = 0;
    this.sog[slot] = NaN;
    this.cog[slot] = NaN;
    this.heading[slot] = -1;
    this.navStatus[slot] = -1;
    this.shipType[slot] = -1;
    this.category[slot] = CATEGORY_INDEX.get('OTHER')!;
    this.dims.fill(-1, slot * 4, slot * 4 + 4);
    return slot;
  }

  private grow() {
    const cap = this.capacity * 2;
    const g = <T extends Float64Array | Float32Array | Int32Array | Int16Array | Int8Array | Uint8Array>(a: T, n = cap): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.mmsi = g(this.mmsi);
    this.lat = g(this.lat);
    this.lon = g(this.lon);
    this.posAt = g(this.posAt);
    this.sog = g(this.sog);
    this.cog = g(this.cog);
    this.heading = g(this.heading);
    this.navStatus = g(this.navStatus);
    this.shipType = g(this.shipType);
    this.category = g(this.category);
    this.dims = g(this.dims, cap * 4);
    this.flags = g(this.flags);
    this.changedMark = g(this.changedMark);
    this.staticMark = g(this.staticMark);
    this.historyAt = g(this.historyAt);
    this.grid.grow(cap);
    this.capacity = cap;
  }

  private markChanged(slot: number) {
    this.viewCache[slot] = undefined;
    if (this.changedMark[slot] === 0) {
      this.changedMark[slot] = 1;
      this.changed.push(slot);
    }
  }

  private markStatic(slot: number) {
    if (this.staticMark[slot] === 0) {
      this.staticMark[slot] = 1;
      this.staticDirty.push(slot);
    }
  }

  /** Applies a position; older than the one held (a repeat through another base station) is ignored. */
  applyPosition(u: PositionUpdate, simulated = false): boolean {
    if (!(u.lat >= -90 && u.lat <= 90 && u.lon >= -180 && u.lon <= 180)) return false;
    const slot = this.ensure(u.mmsi);
    if (u.at < this.posAt[slot]!) return false;
    this.lat[slot] = u.lat;
    this.lon[slot] = u.lon;
    this.posAt[slot] = u.at;
    this.sog[slot] = u.sog ?? NaN;
    this.cog[slot] = u.cog ?? NaN;
    this.heading[slot] = u.heading ?? -1;
    this.navStatus[slot] = u.navStatus ?? -1;
    this.flags[slot] = simulated ? this.flags[slot]! | FLAG_SIMULATED : this.flags[slot]! & ~FLAG_SIMULATED;
    this.grid.place(slot, u.lat, u.lon);
    this.markChanged(slot);
    if (this.recordHistory && u.at - this.historyAt[slot]! >= this.historyIntervalMs) this.queueHistory(slot);
    for (const observe of this.positionObservers) observe(u, simulated);
    return true;
  }

  onPosition(observer: (u: PositionUpdate, simulated: boolean) => void) {
    this.positionObservers.push(observer);
  }

  onStatic(observer: (u: StaticUpdate, simulated: boolean) => void) {
    this.staticObservers.push(observer);
  }

  private queueHistory(slot: number) {
    this.historyAt[slot] = this.posAt[slot]!;
    this.historyQueue.push(
      this.mmsi[slot]!,
      this.posAt[slot]!,
      this.lat[slot]!,
      this.lon[slot]!,
      this.sog[slot]!,
      this.cog[slot]!,
      this.heading[slot]!,
      this.navStatus[slot]!,
    );
  }

  /** Queues the latest position of every ship whose last report was thinned away (on shutdown). */
  queueLatestPositions() {
    for (let s = 0; s < this.count; s++) {
      if (this.posAt[s]! > 0 && this.posAt[s]! > this.historyAt[s]!) this.queueHistory(s);
    }
  }

  /** Merges static data; only real changes mark the ship for persistence. */
  applyStatic(u: StaticUpdate, simulated = false): void {
    const slot = this.ensure(u.mmsi);
    if (simulated) this.flags[slot]! |= FLAG_SIMULATED;
    let info = this.statics[slot];
    if (!info) {
      info = { name: null, callSign: null, imo: null, draught: null, destination: null, eta: null, updatedAt: 0 };
      this.statics[slot] = info;
    }
    let dirty = false;
    const set = <K extends 'name' | 'callSign' | 'imo' | 'draught' | 'destination' | 'eta'>(k: K, v: StaticInfo[K] | undefined) => {
      if (v === undefined || info[k] === v) return;
      info[k] = v;
      dirty = true;
    };
    set('name', u.name || (u.name === undefined ? undefined : null));
    set('callSign', u.callSign || (u.callSign === undefined ? undefined : null));
    set('imo', u.imo === undefined ? undefined : u.imo || null);
    set('draught', u.draught === undefined ? undefined : u.draught || null);
    set('destination', u.destination || (u.destination === undefined ? undefined : null));
    set('eta', u.eta);
    if (u.shipType !== undefined) {
      const t = u.shipType ?? -1;
      if (this.shipType[slot] !== t) {
        this.shipType[slot] = t;
        this.category[slot] = CATEGORY_INDEX.get(harborShipTypeOf(u.shipType))!;
        dirty = true;
      }
    }
    if (u.dims) {
      for (let i = 0; i < 4; i++) {
        const v = u.dims[i] ?? -1;
        if (this.dims[slot * 4 + i] !== v) {
          this.dims[slot * 4 + i] = v;
          dirty = true;
        }
      }
    }
    if (dirty) {
      this.staticViewCache[slot] = undefined;
      info.updatedAt = u.at;
      this.markStatic(slot);
      this.markChanged(slot);
      for (const observe of this.staticObservers) observe(u, simulated);
    }
  }

  /** The registry knows RORO, bulker and container ships, which AIS cannot tell apart. */
  setCategory(mmsi: number, category: HarborShipType) {
    const slot = this.slotOf.get(mmsi);
    if (slot === undefined) return;
    this.category[slot] = CATEGORY_INDEX.get(category)!;
    this.viewCache[slot] = undefined;
    this.staticViewCache[slot] = undefined;
  }

  categoryOf(slot: number): HarborShipType {
    return HARBOR_SHIP_TYPES[this.category[slot]!]!;
  }

  isSimulated(slot: number) {
    return (this.flags[slot]! & FLAG_SIMULATED) !== 0;
  }

  matches(slot: number, f: QueryFilter): boolean {
    if (this.posAt[slot]! < f.since || this.posAt[slot] === 0) return false;
    if (f.categoryMask !== 0 && (f.categoryMask & (1 << this.category[slot]!)) === 0) return false;
    if (f.statusMask !== 0) {
      const s = this.navStatus[slot]!;
      if ((f.statusMask & (1 << (s < 0 ? 16 : s))) === 0) return false;
    }
    return true;
  }

  /** Slots with a position inside the box that pass the filter. */
  query(south: number, west: number, north: number, east: number, f: QueryFilter = NO_FILTER): number[] {
    const out: number[] = [];
    const { lat, lon } = this;
    this.grid.visit(south, west, north, east, (slot, inside) => {
      if (!inside) {
        const y = lat[slot]!;
        const x = lon[slot]!;
        if (y < south || y > north || x < west || x > east) return;
      }
      if (this.matches(slot, f)) out.push(slot);
    });
    return out;
  }

  inBox(slot: number, south: number, west: number, north: number, east: number) {
    const y = this.lat[slot]!;
    const x = this.lon[slot]!;
    return this.posAt[slot]! > 0 && y >= south && y <= north && x >= west && x <= east;
  }

  drainChanged(): number[] {
    const out = this.changed;
    this.changed = [];
    for (const s of out) this.changedMark[s] = 0;
    return out;
  }

  drainStaticDirty(): number[] {
    const out = this.staticDirty;
    this.staticDirty = [];
    for (const s of out) this.staticMark[s] = 0;
    return out;
  }

  /** Marks restored history so a restart does not write the same points again. */
  setHistoryAt(slot: number, at: number) {
    this.historyAt[slot] = at;
  }

  /** Drops every simulated ship (the live feed came back). */
  removeSimulated() {
    this.retain((s) => !this.isSimulated(s));
  }

  /**
   * Forgets the ships last heard (a position or a change of static data) before `before`, once
   * they are at least `minShare` of the store: the store had kept every MMSI ever heard, and a
   * compaction moves every ship kept (under a microsecond each: 50-150 ms at 200,000), so it
   * waits until it frees something worth it. Returns how many went.
   */
  forgetSilent(before: number, minShare = 0): number {
    const silent = (s: number) => Math.max(this.posAt[s]!, this.statics[s]?.updatedAt ?? 0) < before;
    let n = 0;
    for (let s = 0; s < this.count; s++) if (silent(s)) n++;
    if (n === 0 || n < minShare * this.count) return 0;
    this.retain((s) => !silent(s));
    return n;
  }

  /**
   * Keeps the slots `keep` accepts, compacted in place toward slot 0 in their order: each kept
   * ship's columns, caches, prediction and history mark move with it, and its grid link is
   * remade. Nothing is re-applied, so no observer hears a ship twice and nothing is recorded
   * again. The stream clients start from a fresh snapshot (the slots they were sent changed).
   * (It had rebuilt the store by re-applying every kept ship: 0.8-1 s of a blocked loop at
   * 200,000 ships, the hourly forgetting included.)
   */
  private retain(keep: (slot: number) => boolean) {
    const n = this.count;
    const moved = new Int32Array(n).fill(-1);
    let k = 0;
    // Slot s is read before anything is written to it: writes go to k <= s.
    for (let s = 0; s < n; s++) {
      if (!keep(s)) {
        this.grid.remove(s);
        this.slotOf.delete(this.mmsi[s]!);
        continue;
      }
      moved[s] = k;
      if (k !== s) this.move(s, k);
      k++;
    }
    if (k === n) return;
    for (let s = k; s < n; s++) this.clear(s);
    this.count = k;
    this.generation++;
    this.changed = [];
    this.changedMark.fill(0);
    // Static data not yet written to the database still is, under the ship's new slot.
    this.staticDirty = this.staticDirty.map((s) => moved[s]!).filter((s) => s >= 0);
  }

  /** Moves slot `from`'s ship into the free slot `to` (to < from); `from` is left to `clear`. */
  private move(from: number, to: number) {
    // One statement per column: a loop over the columns (13 kinds of typed array) made the whole compaction ten times slower.
    this.mmsi[to] = this.mmsi[from]!;
    this.lat[to] = this.lat[from]!;
    this.lon[to] = this.lon[from]!;
    this.posAt[to] = this.posAt[from]!;
    this.sog[to] = this.sog[from]!;
    this.cog[to] = this.cog[from]!;
    this.heading[to] = this.heading[from]!;
    this.navStatus[to] = this.navStatus[from]!;
    this.shipType[to] = this.shipType[from]!;
    this.category[to] = this.category[from]!;
    this.flags[to] = this.flags[from]!;
    this.staticMark[to] = this.staticMark[from]!;
    this.historyAt[to] = this.historyAt[from]!;
    this.dims.copyWithin(to * 4, from * 4, from * 4 + 4);
    this.statics[to] = this.statics[from];
    this.predictions[to] = this.predictions[from];
    this.viewCache[to] = this.viewCache[from];
    this.staticViewCache[to] = this.staticViewCache[from];
    this.grid.remove(from);
    if (this.posAt[to]! > 0) this.grid.place(to, this.lat[to]!, this.lon[to]!);
    this.slotOf.set(this.mmsi[to]!, to);
  }

  /** Empties a slot past the end of the store, so the next ship given it starts with nothing of the last one. */
  private clear(slot: number) {
    this.grid.remove(slot);
    this.flags[slot] = 0;
    this.staticMark[slot] = 0;
    this.historyAt[slot] = 0;
    this.statics[slot] = undefined;
    this.predictions[slot] = undefined;
    this.viewCache[slot] = undefined;
    this.staticViewCache[slot] = undefined;
  }
}
