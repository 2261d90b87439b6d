/**
 * Freezes the graph of the eta module's distances by sea (modules/eta/catalogue/sea-graph.bin.gz,
 * read by modules/eta/sea-distance.ts):
 *
 *   npm run build:sea-graph -w @harbor/server   (or: npx tsx apps/server/src/cli/build-sea-graph.ts)
 *
 * The graph sums up the routes module's SeaGrid (0.01 degree cells over ROUTING_BOX) on the
 * shipped coastline, so it changes only when the coastline does; `sea-distance.test.ts`
 * rebuilds it and fails when the frozen file no longer matches. Frozen rather than built at
 * start: the land model takes about 180 MB of heap and the lattice 2 s to build, the summing
 * up another second, and neither the server nor the `harbor-eta replay` tool should carry that.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SEA_BLOCK, SEA_GRAPH_FILE, SEA_LATTICE_DLAT } from '../modules/eta/sea-distance.ts';
import { buildPatches, encodePatches } from '../modules/eta/sea-patches.ts';
import { buildLattice } from '../modules/routes/index.ts';

const lattice = buildLattice(SEA_LATTICE_DLAT);
const graph = buildPatches(lattice, SEA_BLOCK);
const bytes = encodePatches(graph);
writeFileSync(fileURLToPath(SEA_GRAPH_FILE), bytes);
console.log(`${fileURLToPath(SEA_GRAPH_FILE)}: ${lattice.rows} x ${lattice.cols} cells, ${graph.spot.length} nodes, ${graph.from.length} links, ${bytes.length} bytes`);
