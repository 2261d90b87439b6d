import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import { SEA_ROUTES } from '../ais/index.ts';
import { sampledTracks } from '../vessels/index.ts';
import { lanesFromTracks, lanesFromVoyages } from './lane-learner.ts';
import type { LandIndex } from './land-index.ts';
import { loadNaturalEarthLand, loadShippedLand } from './land-source.ts';
import { RoutePlanner } from './route-planner.ts';
import type { Lane } from './sea-graph.ts';

export interface RoutesRuntimeOptions {
  /** How far back tracks feed the lanes (the history kept: AIS_HISTORY_DAYS). */
  historyDays: number;
  /** Lanes are re-learned this often; 0: only when asked (tests). */
  relearnMs: number;
  /** At most this many history rows per learning round (bounded memory). */
  maxRows?: number;
  /** The land model; the base map's coastline by default. */
  land?: () => LandIndex;
  /** Port-to-port voyages learned elsewhere (the eta module), read at every learning round. */
  voyages?: () => Iterable<{ points: readonly number[] }>;
}

/**
 * Lanes known before any track is seen: the fairway routes between the main
 * Finnish ports and Tallinn that the traffic simulator sails, traced on a
 * 170 m water raster of GSHHG full resolution and checked against it
 * (ais/simulator/sea-routes.ts). They lead routes through the archipelagos,
 * where the open-water grid is too coarse to pass.
 */
export const KNOWN_LANES: readonly Lane[] = SEA_ROUTES.map((r) => ({ points: r.points, weight: 0.8 }));

/** One report per ship per this many seconds is enough to trace a lane. */
const SAMPLE_S = 120;

/**
 * The planner and its lanes. The land model and the open-water grid (a few
 * seconds of CPU) are built on first use, once; lanes from the tracks in the
 * database are learned then and every `relearnMs`.
 */
export class RoutesRuntime {
  private planner: Promise<RoutePlanner> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  lanesLearnedAt: Date | null = null;

  constructor(
    private readonly db: () => Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: RoutesRuntimeOptions,
  ) {}

  get(): Promise<RoutePlanner> {
    this.planner ??= (async () => {
      const started = Date.now();
      const planner = new RoutePlanner(this.opts.land ? this.opts.land() : this.defaultLand(), {}, KNOWN_LANES);
      this.log.info({ ms: Date.now() - started, cells: planner.grid.size }, 'sea-route grid built');
      await this.learn(planner);
      if (this.opts.relearnMs > 0) {
        this.timer = setInterval(() => void this.learn(planner).catch((err: unknown) => this.log.error({ err }, 'sea-lane learning failed')), this.opts.relearnMs);
        this.timer.unref();
      }
      return planner;
    })().catch((err: unknown) => {
      this.planner = null;
      throw err;
    });
    return this.planner;
  }

  /** The shipped coastline; Natural Earth 1:10m when it cannot be read (a trimmed install). */
  private defaultLand(): LandIndex {
    try {
      return loadShippedLand();
    } catch (err) {
      this.log.warn({ err }, 'shipped coastline unreadable: sea routes use Natural Earth 1:10m land');
      return loadNaturalEarthLand();
    }
  }

  /** Re-learns lanes from the tracks now in the database. */
  async relearn(): Promise<void> {
    await this.learn(await this.get());
  }

  private async learn(planner: RoutePlanner) {
    const since = new Date(Date.now() - this.opts.historyDays * 86_400_000);
    const rows = await sampledTracks(this.db(), since, SAMPLE_S, this.opts.maxRows ?? 500_000);
    planner.setLanes([...KNOWN_LANES, ...lanesFromTracks(rows), ...lanesFromVoyages(this.opts.voyages?.() ?? [])]);
    this.lanesLearnedAt = new Date();
    this.log.debug({ rows: rows.length, laneNodes: planner.laneNodeCount }, 'sea lanes learned');
  }

  close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
