import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import type { Tx } from '../../db/index.ts';
import { countZonesOfSource, importFile, seedZoneFeatures } from '../../modules/zones/index.ts';

/**
 * The shipped port data (see README.md; rebuilt by `npm run build:port-data`):
 * 22 curated Finnish ports with their Portnet port areas, DVK quays as berths
 * and anchorages, plus the SafeSeaNet locations of the Baltic and the North
 * Sea as ports of the lowest rank (a curated port or an import wins).
 */
const FILE = new URL('./finland.geojson', import.meta.url);
const SSN_FILE = new URL('./ssn-locations.csv', import.meta.url);

export async function seedPorts(db: Tx, opts: { ssn?: boolean } = {}): Promise<number> {
  const collection = JSON.parse(readFileSync(FILE, 'utf8')) as { features: unknown[] };
  const n = await seedZoneFeatures(db, collection.features);
  if (opts.ssn === false) return n;
  // Thousands of rows: loaded once, again only when the shipped list grows.
  const lines = readFileSync(SSN_FILE, 'utf8').trimEnd().split('\n').length - 1;
  if ((await countZonesOfSource(db, 'ssn')) >= lines) return n;
  const ssn = await importFile(db, 'ssn', fileURLToPath(SSN_FILE));
  return n + ssn.imported;
}
