import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { VesselStore } from '../vessels/index.ts';
import { EtaRuntime } from './eta-runtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live predictor (predicted destination and ETA of the ships in the vessel store). */
    eta: EtaRuntime;
  }
}

export { EtaEngine } from './engine.ts';
export { EtaRuntime } from './eta-runtime.ts';
export { shippedPorts, type Port, PortCatalogue } from './ports.ts';
export { parseDestination } from './destination-parser.ts';
export type { EtaPrediction, EtaReport, DetectedCall } from './types.ts';

/**
 * The live predictor: started when the app is ready (after the vessel store is restored),
 * saved and stopped on close. `ETA_PREDICTION=false` leaves it off.
 */
export function registerEta(app: FastifyInstance, ctx: AppContext, store: VesselStore): EtaRuntime {
  const rt = new EtaRuntime(ctx.db, store, ctx.log);
  if (process.env.ETA_PREDICTION === 'false') return rt;
  app.addHook('onReady', async () => {
    await rt.start();
  });
  app.addHook('onClose', async () => {
    await rt.stop();
  });
  return rt;
}
