import type { Tx } from '../../db/index.ts';
import { invalidateZoneIndex } from './zone-index.ts';
import { deleteZonesOfSourceExcept, upsertZones } from './zones.repository.ts';
import { zoneRowFromFeature } from './zone-rows.ts';
import type { NewZoneRow } from './zones.schema.ts';

export { zonesRoutes } from './zones.routes.ts';
export * as zonesService from './zones.service.ts';
export { invalidateZoneIndex } from './zone-index.ts';
export { importFile, IMPORT_KINDS, type ImportKind, type ImportStats } from './import/importers.ts';
export { listDetectionZones, findPortsByLocodes, countZonesOfSource } from './zones.repository.ts';
export { containsPoint, boxContains, bboxOf, type Box } from './geometry.ts';
export type { ZoneRow } from './zones.schema.ts';

/**
 * Upserts the shipped features with the `demo` rank and removes shipped rows
 * the new set no longer has, so a database seeded from older data follows.
 */
export async function seedZoneFeatures(db: Tx, features: unknown[]): Promise<number> {
  const rows = features
    .map((f) => zoneRowFromFeature(f as Parameters<typeof zoneRowFromFeature>[0], 'demo'))
    .filter((r): r is NewZoneRow => r !== null);
  await deleteZonesOfSourceExcept(db, 'demo', rows.map((r) => r.id));
  const n = await upsertZones(db, rows);
  invalidateZoneIndex(db);
  return n;
}
