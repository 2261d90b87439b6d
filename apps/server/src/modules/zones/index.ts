import type { Tx } from '../../db/index.ts';
import { invalidateZoneIndex } from './zone-index.ts';
import { upsertZones } from './zones.repository.ts';
import { zoneRowFromFeature } from './zone-rows.ts';
import type { NewZoneRow } from './zones.schema.ts';

export { zonesRoutes } from './zones.routes.ts';
export * as zonesService from './zones.service.ts';
export { invalidateZoneIndex } from './zone-index.ts';
export { importFile, IMPORT_KINDS, type ImportKind, type ImportStats } from './import/importers.ts';
export { listDetectionZones, findPortsByLocodes } from './zones.repository.ts';
export { containsPoint, boxContains, bboxOf, type Box } from './geometry.ts';
export type { ZoneRow } from './zones.schema.ts';

/** Upserts shipped features (demo seed) with the `demo` rank. */
export async function seedZoneFeatures(db: Tx, features: unknown[]): Promise<number> {
  const rows = features
    .map((f) => zoneRowFromFeature(f as Parameters<typeof zoneRowFromFeature>[0], 'demo'))
    .filter((r): r is NewZoneRow => r !== null);
  const n = await upsertZones(db, rows);
  invalidateZoneIndex(db);
  return n;
}
