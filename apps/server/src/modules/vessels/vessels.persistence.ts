import { HARBOR_SHIP_TYPES, SHIP_POSITIONS_MAX_MAX_AGE_MIN, type HarborShipType, HOUR_MS } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import * as repo from './vessels.repository.ts';
import type { VesselStore } from './vessel-store.ts';

export interface PersistenceOptions {
  enabled: boolean;
  flushIntervalMs: number;
  historyIntervalMs: number;
  historyDays: number;
}

/** Beyond this many queued points the oldest are dropped: a stalled database must not eat the heap. */
const MAX_QUEUED_POINTS = 500_000;
const FIELDS = 8;

const nanNull = (v: number) => (Number.isNaN(v) ? null : v);
const negNull = (v: number) => (v < 0 ? null : v);

/**
 * Writes the store to the database in batches: static data of changed ships and
 * the thinned position history, every flushIntervalMs and once more on close.
 * The live state is rebuilt from those tables on start.
 */
export class VesselPersistence {
  lastFlushAt: number | null = null;
  lastError: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly store: VesselStore,
    readonly opts: PersistenceOptions,
  ) {
    store.recordHistory = opts.enabled;
    store.historyIntervalMs = opts.historyIntervalMs;
  }

  get pendingPositions() {
    return this.store.historyQueue.length / FIELDS;
  }

  /** Rebuilds the live store from the tables; ships silent since `heardSince` stay in the database. */
  async restore(heardSince: Date) {
    const { db } = this.ctx;
    const store = this.store;
    const since = new Date(Date.now() - SHIP_POSITIONS_MAX_MAX_AGE_MIN * 60_000);
    for (const v of await repo.loadVessels(db, heardSince, since)) {
      store.applyStatic(
        {
          mmsi: v.mmsi,
          at: v.updatedAt.getTime(),
          name: v.name,
          callSign: v.callSign,
          imo: v.imo,
          shipType: v.shipType,
          dims: [v.refA, v.refB, v.refC, v.refD],
          draught: v.draught,
          destination: v.destination,
          eta: v.eta?.getTime() ?? null,
        },
        v.simulated,
      );
    }
    for (const p of await repo.latestPositions(db, since)) {
      const at = p.at.getTime();
      const slot = store.slot(p.mmsi);
      const simulated = slot !== undefined && store.isSimulated(slot);
      store.applyPosition({ mmsi: p.mmsi, at, lat: p.lat, lon: p.lon, sog: p.sog, cog: p.cog, heading: p.heading, navStatus: p.navStatus }, simulated);
      store.setHistoryAt(store.slot(p.mmsi)!, at);
    }
    await this.applyRegistryCategories();
    // What came from the database is already there.
    store.drainStaticDirty();
    store.historyQueue.length = 0;
  }

  async applyRegistryCategories() {
    for (const r of await repo.registryCategories(this.ctx.db)) {
      if (HARBOR_SHIP_TYPES.includes(r.harborShipType as HarborShipType)) this.store.setCategory(r.mmsi!, r.harborShipType as HarborShipType);
    }
  }

  start() {
    if (!this.opts.enabled) return;
    this.timer = setInterval(() => void this.flush(), this.opts.flushIntervalMs);
    this.timer.unref();
  }

  /** Flushes are serialised; a failing database is reported in the status, and the batch dropped. */
  flush(): Promise<void> {
    this.running = this.running.then(() => this.flushOnce());
    return this.running;
  }

  private async flushOnce() {
    if (!this.opts.enabled) return;
    const store = this.store;
    const q = store.historyQueue;
    if (q.length > MAX_QUEUED_POINTS * FIELDS) q.splice(0, q.length - MAX_QUEUED_POINTS * FIELDS);
    store.historyQueue = [];
    const positions: repo.PositionRow[] = [];
    for (let i = 0; i < q.length; i += FIELDS) {
      positions.push({
        mmsi: q[i]!,
        at: new Date(q[i + 1]!),
        lat: q[i + 2]!,
        lon: q[i + 3]!,
        sog: nanNull(q[i + 4]!),
        cog: nanNull(q[i + 5]!),
        heading: negNull(q[i + 6]!),
        navStatus: negNull(q[i + 7]!),
      });
    }
    const statics: repo.VesselRow[] = store.drainStaticDirty().map((slot) => {
      const info = store.statics[slot];
      const d = slot * 4;
      const t = store.shipType[slot]!;
      return {
        mmsi: store.mmsi[slot]!,
        name: info?.name ?? null,
        callSign: info?.callSign ?? null,
        imo: info?.imo ?? null,
        shipType: t < 0 ? null : t,
        refA: negNull(store.dims[d]!),
        refB: negNull(store.dims[d + 1]!),
        refC: negNull(store.dims[d + 2]!),
        refD: negNull(store.dims[d + 3]!),
        draught: info?.draught ?? null,
        destination: info?.destination ?? null,
        eta: info?.eta ? new Date(info.eta) : null,
        simulated: store.isSimulated(slot),
        updatedAt: new Date(info?.updatedAt || Date.now()),
      };
    });
    try {
      if (statics.length) await repo.upsertVessels(this.ctx.db, statics);
      if (positions.length) await repo.insertPositions(this.ctx.db, positions);
      if (Date.now() - this.lastPrune > HOUR_MS) {
        this.lastPrune = Date.now();
        await repo.pruneHistory(this.ctx.db, new Date(Date.now() - this.opts.historyDays * 24 * HOUR_MS));
      }
      this.lastFlushAt = Date.now();
      this.lastError = null;
    } catch (err) {
      this.lastError = String((err as Error).message ?? err);
      this.ctx.log.warn({ err }, 'vessel persistence: flush failed');
    }
  }

  /** The live feed replaced the simulator: its ships leave the database too. */
  async forgetSimulated() {
    if (this.opts.enabled) await repo.deleteSimulatedVessels(this.ctx.db);
  }

  async close() {
    clearInterval(this.timer);
    if (!this.opts.enabled) return;
    this.store.queueLatestPositions();
    await this.flush();
  }
}
