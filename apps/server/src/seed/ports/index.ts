import { readFileSync } from 'node:fs';
import type { Tx } from '../../db/index.ts';
import { seedZoneFeatures } from '../../modules/zones/index.ts';

/**
 * The shipped demo port set: 22 main Finnish ports with real coordinates
 * (UN/LOCODE, Portnet port areas, DVK quays) and port areas, anchorages and
 * berths drawn around those points (meta approximate=true; see README.md).
 */
const FILE = new URL('./finland.geojson', import.meta.url);

export async function seedPorts(db: Tx): Promise<number> {
  const collection = JSON.parse(readFileSync(FILE, 'utf8')) as { features: unknown[] };
  return seedZoneFeatures(db, collection.features);
}
