import type { AppContext } from '../../context.ts';
import { VesselPersistence, type PersistenceOptions } from './vessels.persistence.ts';
import { VesselStore } from './vessel-store.ts';
import { ShipStreamHub } from './vessels.stream.ts';
import { PositionsAnswerCache } from './positions-answer.ts';
import { info, type VesselsRuntime } from './vessels.service.ts';
import { AppError } from '../../plugins/errors.ts';
import { DAY_MS, HOUR_MS } from '@harbor/contracts';

export { VesselStore, type PositionUpdate, type StaticUpdate, type QueryFilter } from './vessel-store.ts';
export type { VesselsRuntime } from './vessels.service.ts';
export { vesselsRoutes } from './vessels.routes.ts';
export { ShipStreamHub } from './vessels.stream.ts';
export { flagOfMmsi } from './mid-flags.ts';
export { importRegistryFile } from './registry-import.ts';
export { sampledTracks } from './vessels.repository.ts';

/** Ship details for other modules (port-call rows); null for a ship nobody knows. */
export async function shipDetailsOf(ctx: AppContext, rt: VesselsRuntime, mmsi: number) {
  return info(ctx, rt, mmsi).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not-found') return null;
    throw err;
  });
}

export interface Vessels extends VesselsRuntime {
  hub: ShipStreamHub;
  /** The live store from the database: the ships heard within AIS_FORGET_DAYS. */
  restore(): Promise<void>;
  /** After the restore: persistence, and the hourly forgetting of silent ships. */
  start(): void;
  close(): Promise<void>;
}

export interface VesselsOptions extends PersistenceOptions {
  /** Ships silent this long leave the live store (AIS_FORGET_DAYS). */
  forgetAfterDays: number;
}

/** The live store with its persistence and stream hub; ais-setup restores and starts it on ready and closes it on close. */
export function createVessels(ctx: AppContext, opts: VesselsOptions): Vessels {
  const store = new VesselStore();
  const persistence = new VesselPersistence(ctx, store, opts);
  const rt: VesselsRuntime = { store, persistence, answers: new PositionsAnswerCache() };
  const hub = new ShipStreamHub(ctx, rt);
  // A compaction moves every ship kept (under a microsecond each): hourly, and only once the silent are 5 % of the store.
  // Not before 1970: AIS_FORGET_DAYS has no upper bound, and a date before year 0 is no date to the database.
  const silentSince = () => Math.max(0, Date.now() - opts.forgetAfterDays * DAY_MS);
  const forget = (minShare: number) => {
    const n = store.forgetSilent(silentSince(), minShare);
    if (n) ctx.log.info({ ships: n, days: opts.forgetAfterDays }, 'vessels: forgot ships silent for days');
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    ...rt,
    hub,
    restore: () => persistence.restore(new Date(silentSince())),
    start() {
      persistence.start();
      // The restore left out the long silent by the database's dates; the store's own rule takes
      // the few it let through (under AIS_FORGET_DAYS of 7, positions older than the cut).
      forget(0);
      timer = setInterval(() => forget(0.05), HOUR_MS);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      hub.close();
      await persistence.close();
    },
  };
}
