import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { VesselStore } from '../vessels/index.ts';
import { DETECTOR_DEFAULTS } from './detector.ts';
import { EtaEngine } from './engine.ts';
import { etaKnowledge, etaVoyages } from './eta.schema.ts';
import { Knowledge, type LearnedVoyage } from './knowledge.ts';
import { shippedPorts } from './ports.ts';
import { shippedSeaDistances } from './sea-distance.ts';
import type { EtaPrediction } from './types.ts';

const KEY = 'live';
/**
 * A pass over 20,000 ships takes about 200 ms: in one piece it held every request for that
 * long once a minute. It runs in slices of this many milliseconds, the event loop free between.
 */
const SLICE_MS = 8;
/** Ships silent this long are forgotten (checked hourly): two weeks covers a stay in port with the transponder off. */
const FORGET_AFTER_MS = 14 * 86_400_000;

/**
 * The predictor on the live feed. Every `stepMs` it reads each ship's latest position from
 * the vessel store (nothing runs per AIS message: the store's hot path stays as it is), feeds
 * the ships that moved on to the engine, and writes the prediction back to the store, where
 * the ships API picks it up. What it learns (arrivals it detected, voyages, transitions) is
 * saved to `eta_knowledge` every few minutes and loaded at start, so it keeps learning across
 * restarts. Simulated traffic is predicted but not learned from.
 */
export class EtaRuntime {
  engine: EtaEngine;
  /** Simulated traffic learns in an engine of its own that is never saved. */
  private readonly simulated = shippedEngine();
  private readonly fedAt = new Map<number, number>();
  private timers: NodeJS.Timeout[] = [];
  private savedVersion = -1;
  private savedArrivals = -1;
  /** The voyages `eta_voyages` holds for this learner, by id. */
  private savedVoyages = new Set<number>();
  private busy = false;
  /** The next store slot the current pass feeds. */
  private cursor = 0;
  private stopped = false;
  readonly latest = new Map<number, EtaPrediction & { at: number }>();

  constructor(
    private readonly db: Db,
    private readonly store: VesselStore,
    private readonly log: FastifyBaseLogger,
    private readonly opts = { stepMs: 60_000, saveMs: 5 * 60_000 },
  ) {
    this.engine = shippedEngine();
  }

  async start() {
    this.stopped = false;
    await this.load();
    this.timers.push(setInterval(() => void this.pass(), this.opts.stepMs));
    this.timers.push(setInterval(() => void this.save().catch((err: unknown) => this.log.warn({ err }, 'eta: saving what was learned failed')), this.opts.saveMs));
    this.timers.push(setInterval(() => this.forgetSilent(Date.now() - FORGET_AFTER_MS), 3_600_000));
    for (const t of this.timers) t.unref();
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.save().catch((err: unknown) => this.log.warn({ err }, 'eta: saving what was learned failed'));
  }

  async load() {
    const [row] = await this.db.select().from(etaKnowledge).where(eq(etaKnowledge.key, KEY));
    const rows = await this.db.select({ data: etaVoyages.data }).from(etaVoyages).where(eq(etaVoyages.key, KEY)).orderBy(etaVoyages.id);
    if (row) {
      // In the order they were learned: the approach and lane indexes keep the most recent.
      const voyages = [...row.data.voyages, ...rows.map((r) => r.data)].sort((a, b) => a.id - b.id);
      this.engine = shippedEngine(Knowledge.fromJSON({ ...row.data, voyages }));
      this.log.info({ voyages: voyages.length }, 'eta: restored what the predictor learned');
      this.savedVoyages = new Set(rows.map((r) => r.data.id));
    }
    // Voyages still inside the row (saved before they had a table) are written out at the next save.
    this.savedVersion = row?.data.voyages.length ? -1 : this.engine.knowledge.version;
    this.savedArrivals = this.arrivals();
  }

  /** One pass over the store in slices (`SLICE_MS`), yielding to the event loop between them. */
  async pass(): Promise<number> {
    if (this.busy) return 0;
    this.busy = true;
    let fed = 0;
    try {
      for (;;) {
        const slice = this.feed(SLICE_MS);
        fed += slice.fed;
        if (slice.done || this.stopped) return fed;
        await yieldToEventLoop();
      }
    } finally {
      this.busy = false;
    }
  }

  /** One pass over the store in one piece (tests, and a pass that must end before the next line). */
  step(): number {
    if (this.busy) return 0;
    return this.feed(Infinity).fed;
  }

  /**
   * Feeds the ships with a newer position than last time through the engine, from the cursor on,
   * until the budget is spent or the store's end is reached (then the next call starts over).
   */
  private feed(budgetMs: number): { fed: number; done: boolean } {
    const s = this.store;
    const learn = !s.simulated;
    const until = performance.now() + budgetMs;
    let fed = 0;
    for (; this.cursor < s.size; this.cursor++) {
      // The clock is read every 64 ships (a few hundred microseconds of work).
      if ((this.cursor & 63) === 0 && performance.now() > until) return { fed, done: false };
      const slot = this.cursor;
      const mmsi = s.mmsi[slot]!;
      const at = s.posAt[slot]!;
      if (!at || (this.fedAt.get(mmsi) ?? 0) >= at) continue;
      this.fedAt.set(mmsi, at);
      const info = s.statics[slot];
      const sog = s.sog[slot]!;
      const cog = s.cog[slot]!;
      const report = {
        mmsi,
        at,
        lat: s.lat[slot]!,
        lon: s.lon[slot]!,
        sog: Number.isNaN(sog) || sog >= 102.2 ? null : sog,
        cog: Number.isNaN(cog) || cog >= 360 ? null : cog,
        heading: s.heading[slot]! < 0 ? null : s.heading[slot]!,
        navStatus: s.navStatus[slot]! < 0 ? null : s.navStatus[slot]!,
        reportedEta: info?.eta ?? null,
        destination: info?.destination ?? null,
      };
      const p = (learn ? this.engine : this.simulated).observe(report);
      this.latest.set(mmsi, { ...p, at });
      s.setPrediction(mmsi, p.destination ? { destination: p.destination, eta: p.eta, at } : undefined);
      fed++;
    }
    this.cursor = 0;
    return { fed, done: true };
  }

  /**
   * Drops the ships last heard before `before` from both engines and their last predictions.
   * `fedAt` keeps them while the store still holds their last position, which must not be fed
   * again as if it were new, and lets them go once the store has forgotten them too.
   */
  forgetSilent(before: number): number {
    const gone = [...this.engine.forgetSilent(before), ...this.simulated.forgetSilent(before)];
    for (const mmsi of gone) this.latest.delete(mmsi);
    for (const [mmsi, at] of this.fedAt) if (at < before && this.store.slot(mmsi) === undefined) this.fedAt.delete(mmsi);
    return gone.length;
  }

  /** The prediction for a port call: the ETA if the ship is predicted to go to that port. */
  etaFor(mmsi: number, portCode: string): number | null {
    const p = this.latest.get(mmsi);
    return p && p.destination === portCode ? p.eta : null;
  }

  private arrivals() {
    let n = 0;
    for (const v of this.engine.knowledge.arrivals.values()) n += v;
    return n;
  }

  async save() {
    const k = this.engine.knowledge;
    const arrivals = this.arrivals();
    if (k.version === this.savedVersion && arrivals === this.savedArrivals) return;
    const { voyages, ...rest } = k.toJSON();
    const kept = new Set(voyages.map((v) => v.id));
    const added = voyages.filter((v) => !this.savedVoyages.has(v.id));
    const dropped = [...this.savedVoyages].filter((id) => !kept.has(id));
    const data = { ...rest, voyages: [] as LearnedVoyage[] };
    const row = { key: KEY, data, voyages: voyages.length, updatedAt: new Date() };
    await this.db.transaction(async (tx) => {
      for (let i = 0; i < dropped.length; i += 1000) {
        await tx.delete(etaVoyages).where(and(eq(etaVoyages.key, KEY), inArray(etaVoyages.id, dropped.slice(i, i + 1000))));
      }
      for (let i = 0; i < added.length; i += 200) {
        await tx.insert(etaVoyages).values(added.slice(i, i + 200).map((v) => ({ key: KEY, id: v.id, data: v }))).onConflictDoNothing();
      }
      await tx.insert(etaKnowledge).values(row).onConflictDoUpdate({ target: etaKnowledge.key, set: { data, voyages: row.voyages, updatedAt: row.updatedAt } });
    });
    this.savedVoyages = kept;
    this.savedVersion = k.version;
    this.savedArrivals = arrivals;
  }
}

/** An engine on the shipped ports and distances by sea, as the server runs it. */
function shippedEngine(knowledge = new Knowledge()): EtaEngine {
  return new EtaEngine(shippedPorts(), knowledge, DETECTOR_DEFAULTS, shippedSeaDistances());
}
