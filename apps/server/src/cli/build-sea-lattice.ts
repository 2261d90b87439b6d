/**
 * Freezes the sea-route grid's open-water lattice for the eta module's distances by sea
 * (modules/eta/catalogue/sea-lattice.bin.gz, read by modules/eta/sea-distance.ts):
 *
 *   npm run build:sea-lattice -w @harbor/server   (or: npx tsx apps/server/src/cli/build-sea-lattice.ts)
 *
 * The lattice is the routes module's SeaGrid (0.04 degree cells over ROUTING_BOX) on the
 * shipped coastline, so it changes only when the coastline does; `sea-distance.test.ts`
 * rebuilds it and fails when the frozen file no longer matches. Frozen rather than built at
 * start: the land model takes about 180 MB of heap to build it, the lattice 178 kB, and the
 * `harbor-eta replay` tool should not carry the first for the second.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeLattice, SEA_LATTICE_FILE } from '../modules/eta/sea-distance.ts';
import { buildLattice } from '../modules/routes/index.ts';

const lattice = buildLattice();
const bytes = encodeLattice(lattice);
writeFileSync(fileURLToPath(SEA_LATTICE_FILE), bytes);
console.log(`${fileURLToPath(SEA_LATTICE_FILE)}: ${lattice.rows} x ${lattice.cols} cells, ${bytes.length} bytes`);
