import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Guards } from '../../plugins/auth.ts';
import type { EtaRuntime } from '../eta/index.ts';
import { routesRoutes } from './routes.routes.ts';
import { RoutesRuntime, type RoutesRuntimeOptions } from './routes-runtime.ts';
import { loadShippedLand, ROUTING_BOX } from './land-source.ts';
import type { Box } from './land-index.ts';
import { DEFAULT_GRID_DLAT } from './route-planner.ts';
import { DIRS, SeaGrid } from './sea-grid.ts';

export { RoutesRuntime } from './routes-runtime.ts';
export { LandIndex, type Box, type Ring } from './land-index.ts';
export { loadNaturalEarthLand, ROUTING_BOX } from './land-source.ts';
export { RoutePlanner } from './route-planner.ts';

/**
 * The planner's open-water lattice on the shipped coastline, as plain data: frozen for the eta
 * module's distances by sea by cli/build-sea-graph.ts (at 0.01 degrees about 2 s and 180 MB of heap).
 */
export function buildLattice(dLat = DEFAULT_GRID_DLAT): { box: Box; dLat: number; rows: number; cols: number; dirs: typeof DIRS; open: Uint8Array } {
  const grid = new SeaGrid(loadShippedLand(), { box: ROUTING_BOX, dLat });
  return { box: grid.box, dLat: grid.dLat, rows: grid.rows, cols: grid.cols, dirs: DIRS, open: grid.open };
}

/** Lanes are re-learned from the position history every half hour. */
const RELEARN_MS = 30 * 60_000;
/** Outside tests the grid is built soon after start, not on the first map click. */
const WARM_UP_AFTER_MS = 15_000;

/** GET /v1/trajectory/... and the planner behind it; the planner stops on close. */
export function registerRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards, opts: Partial<RoutesRuntimeOptions> = {}): RoutesRuntime {
  const test = ctx.config.NODE_ENV === 'test';
  const runtime = new RoutesRuntime(() => ctx.db, ctx.log, {
    historyDays: ctx.config.AIS_HISTORY_DAYS,
    relearnMs: test ? 0 : RELEARN_MS,
    voyages: () => learnedVoyages(app),
    ...opts,
  });
  routesRoutes(app, { get db() { return ctx.db; }, runtime }, guards);
  let warmUp: ReturnType<typeof setTimeout> | null = null;
  app.addHook('onReady', async () => {
    if (test) return;
    warmUp = setTimeout(() => void runtime.get().catch((err: unknown) => ctx.log.error({ err }, 'sea-route planner failed to build')), WARM_UP_AFTER_MS);
    warmUp.unref();
  });
  app.addHook('onClose', async () => {
    if (warmUp) clearTimeout(warmUp);
    runtime.close();
  });
  return runtime;
}

/** The voyages the eta module learned from detected arrivals (app.eta is decorated after this module registers). */
function* learnedVoyages(app: FastifyInstance): Generator<{ points: readonly number[] }> {
  const eta = (app as { eta?: EtaRuntime }).eta;
  if (!eta) return;
  for (const voyages of eta.engine.knowledge.voyagesTo.values()) yield* voyages;
}
