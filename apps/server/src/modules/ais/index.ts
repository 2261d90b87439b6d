import type { Vessels } from '../vessels/index.ts';
import type { AisIngestion } from './ais-ingestion.ts';

export { AisIngestion, type IngestionOptions } from './ais-ingestion.ts';
export { aisRoutes } from './ais.routes.ts';
export { registerAis } from './ais-setup.ts';
export { parseSourceSpecs, SourceSpecError, type SourceSpec } from './source-specs.ts';
export { LineIngest, applyMessage } from './ais-pipeline.ts';
export { Fleet } from './simulator/fleet.ts';
export { SEA_ROUTES, type SeaRoute } from './simulator/sea-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live vessel store and the ingestion feeding it (tests and benchmarks reach in here). */
    ais: { vessels: Vessels; ingestion: AisIngestion };
  }
}
