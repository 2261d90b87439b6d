import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import { AisDecoder, etaToTimestamp, hasPosition, hasSpeed, type AisMessage } from '@harbor/ais';
import type { Tx } from '../../db/index.ts';
import { flagOfMmsi } from '../vessels/index.ts';
import { findPortsByLocodes, listDetectionZones } from '../zones/index.ts';
import { DETECTION_DEFAULTS, expire, newTrack, step, type DetectionEvent, type DetectionParams, type ShipReport, type ShipTrack } from './detection.ts';
import { DetectionZones } from './detection-zones.ts';
import { applyDetection, listOpenDetected, type AisShipInfo } from './port-calls.service.ts';

/** The live store's shapes (vessels module), so its position hook can feed us directly. */
export interface PositionInput extends ShipReport {
  cog?: number | null;
}
export interface StaticInput {
  mmsi: number;
  name?: string | null;
  callSign?: string | null;
  imo?: number | null;
  shipType?: number | null;
  draught?: number | null;
  destination?: string | null;
  eta?: number | null;
  length?: number | null;
  width?: number | null;
}

interface Voyage extends StaticInput {
  lastSog?: number | null;
  lastCog?: number | null;
  lastNavStatus?: number | null;
}

/**
 * Runs the pure detector over a stream of AIS reports: keeps one track per
 * ship in memory, writes events to the database one at a time (in order), and
 * restores open calls at start so a restart continues the same visits.
 * The clock for expiry is the feed's own (newest report time), so a replay of
 * an old capture behaves as it did live.
 */
export class PortCallDetector {
  private zones = new DetectionZones([]);
  private readonly tracks = new Map<number, ShipTrack>();
  private readonly voyages = new Map<number, Voyage>();
  private queue: Promise<unknown> = Promise.resolve();
  private clock = 0;
  /** Feed time of the first report after start. */
  private startClock = 0;
  /** Ships restored from the database that have not reported since. */
  private readonly restored = new Set<number>();
  private timers: NodeJS.Timeout[] = [];
  events = 0;
  reports = 0;

  constructor(
    private readonly db: Tx,
    private readonly log: FastifyBaseLogger,
    private readonly params: DetectionParams = DETECTION_DEFAULTS,
    /** Fed by the simulator: its calls are stored as simulated, kept apart from real ones. */
    readonly simulated = false,
  ) {}

  async start(opts: { zoneRefreshMs?: number; sweepMs?: number } = {}) {
    await this.reloadZones();
    for (const row of await listOpenDetected(this.db, this.simulated)) {
      if (!row.detector || row.mmsi === null) continue;
      const { lastAt, ...call } = row.detector;
      this.tracks.set(row.mmsi, { mmsi: row.mmsi, lastAt, call, run: null });
      this.restored.add(row.mmsi);
    }
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const t = setInterval(() => void fn().catch((err) => this.log.warn({ err }, 'port-call detector task failed')), ms);
      t.unref();
      this.timers.push(t);
    };
    // Imports run in another process: pick up new zones now and then.
    if (opts.zoneRefreshMs) every(opts.zoneRefreshMs, () => this.reloadZones());
    if (opts.sweepMs) every(opts.sweepMs, async () => this.sweep());
  }

  async reloadZones() {
    const rows = await listDetectionZones(this.db);
    const codes = [...new Set(rows.map((r) => r.locode!))];
    const ports = await findPortsByLocodes(this.db, codes);
    this.zones = new DetectionZones(
      rows,
      ports.map((p) => ({ locode: p.locode!, names: [p.name ?? '', ...p.searchText.split(' | ')] })),
    );
  }

  get trackedShips() {
    return this.tracks.size;
  }

  ingestStatic(s: StaticInput) {
    const v = this.voyages.get(s.mmsi) ?? { mmsi: s.mmsi };
    for (const [k, val] of Object.entries(s)) if (val !== undefined && val !== null) (v as unknown as Record<string, unknown>)[k] = val;
    this.voyages.set(s.mmsi, v);
  }

  ingestPosition(p: PositionInput) {
    this.reports++;
    if (p.at > this.clock) this.clock = p.at;
    if (!this.startClock) this.startClock = p.at;
    this.restored.delete(p.mmsi);
    const v = this.voyages.get(p.mmsi) ?? { mmsi: p.mmsi };
    v.lastSog = p.sog;
    v.lastCog = p.cog ?? null;
    v.lastNavStatus = p.navStatus;
    this.voyages.set(p.mmsi, v);
    const hit = this.zones.locate(p.lon, p.lat);
    const track = this.tracks.get(p.mmsi);
    // Ships far from any port and not in a call cost one grid lookup, nothing else.
    if (!hit && !track?.call) {
      if (track) this.tracks.delete(p.mmsi);
      return;
    }
    const result = step(track ?? newTrack(p.mmsi), {
      report: p,
      hit,
      voyage: { destination: v.destination ?? null, eta: v.eta ?? null },
      destinationMatches: (code) => this.zones.destinationMatches(code, v.destination ?? null),
    }, this.params);
    this.tracks.set(p.mmsi, result.track);
    if (result.events.length) this.enqueue(result.track, result.events);
  }

  /** Decoded AIS message (replay or a raw feed). */
  ingestMessage(m: AisMessage, at: number) {
    if (m.type === 5) {
      this.ingestStatic({
        mmsi: m.mmsi,
        name: m.shipName || null,
        callSign: m.callSign || null,
        imo: m.imo || null,
        shipType: m.shipType || null,
        draught: m.draught || null,
        destination: m.destination || null,
        eta: etaToTimestamp(m.eta, at) ?? null,
        length: m.toBow + m.toStern || null,
        width: m.toPort + m.toStarboard || null,
      });
    } else if ((m.type === 1 || m.type === 2 || m.type === 3 || m.type === 18) && hasPosition(m)) {
      this.ingestPosition({
        mmsi: m.mmsi,
        at,
        lat: m.lat,
        lon: m.lon,
        sog: hasSpeed(m) ? m.speed : null,
        cog: m.course < 360 ? m.course : null,
        navStatus: m.type === 18 ? null : m.status,
      });
    }
  }

  /**
   * Replays an NMEA file into the detector. Lines without a receive time get
   * the previous time plus `stepMs`, so a capture without tag blocks still has
   * a plausible clock.
   */
  async replayFile(file: string, opts: { startMs?: number; stepMs?: number } = {}) {
    const decoder = new AisDecoder();
    let at = opts.startMs ?? Date.now();
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    for await (const line of lines) {
      const m = decoder.push(line);
      if (!m) continue;
      at = m.receivedAt ?? at + (opts.stepMs ?? 1000);
      this.ingestMessage(m, at);
    }
    decoder.flush();
    await this.flush();
  }

  /**
   * Closes calls of ships silent for longer than the stale limit (feed clock).
   * A call restored after downtime gets the limit again from the restart: the
   * server was deaf, not the ship silent, and closing it now would open a
   * second call for the same visit at the ship's next report.
   */
  sweep() {
    for (const [mmsi, track] of this.tracks) {
      if (this.restored.has(mmsi) && this.clock - this.startClock < this.params.staleMs) continue;
      const r = expire(track, this.clock, this.params);
      if (r.events.length) {
        this.tracks.set(mmsi, r.track);
        this.enqueue(r.track, r.events);
      }
    }
  }

  private enqueue(track: ShipTrack, events: DetectionEvent[]) {
    const v = this.voyages.get(track.mmsi);
    const ship: AisShipInfo = {
      name: v?.name ?? null,
      imo: v?.imo ?? null,
      // The MMSI's country code (MID) is the flag AIS gives.
      flag: flagOfMmsi(track.mmsi),
      callSign: v?.callSign ?? null,
      shipType: v?.shipType ?? null,
      length: v?.length ?? null,
      width: v?.width ?? null,
      draught: v?.draught ?? null,
      voyage: v?.destination ?? null,
      speed: v?.lastSog ?? null,
      course: v?.lastCog ?? null,
      navigationStatus: v?.lastNavStatus ?? null,
    };
    for (const e of events) {
      this.events++;
      // One report can close one visit and open another: only the open one keeps state.
      const detector = track.call?.visitKey === e.visitKey ? { ...track.call, lastAt: track.lastAt } : null;
      this.queue = this.queue
        .then(() => applyDetection(this.db, e, detector, ship, this.simulated))
        .catch((err) => this.log.error({ err, event: e }, 'port-call event not stored'));
    }
  }

  /** Resolves when every event so far is stored. */
  async flush() {
    await this.queue;
  }

  async close() {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.flush();
  }
}
