import type { AppContext } from '../../context.ts';
import { VesselPersistence, type PersistenceOptions } from './vessels.persistence.ts';
import { VesselStore } from './vessel-store.ts';
import { ShipStreamHub } from './vessels.stream.ts';
import { PositionsAnswerCache } from './positions-answer.ts';
import { info, type VesselsRuntime } from './vessels.service.ts';
import { AppError } from '../../plugins/errors.ts';

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
  close(): Promise<void>;
}

/** The live store with its persistence and stream hub; app.ts restores it on ready and closes it on close. */
export function createVessels(ctx: AppContext, opts: PersistenceOptions): Vessels {
  const store = new VesselStore();
  const persistence = new VesselPersistence(ctx, store, opts);
  const rt: VesselsRuntime = { store, persistence, answers: new PositionsAnswerCache() };
  const hub = new ShipStreamHub(ctx, rt);
  return {
    ...rt,
    hub,
    async close() {
      hub.close();
      await persistence.close();
    },
  };
}
