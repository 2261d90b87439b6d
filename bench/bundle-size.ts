/**
 * Initial JavaScript per route (see apps/web/build/route-sizes.ts for what is
 * counted); `vite build` prints the same table. Exits 1 when a route is over
 * its goal.
 *
 *   npm run build -w @harbor/web && npx tsx bench/bundle-size.ts
 */
import path from 'node:path';
import { formatRouteSizes, measureRouteSizes } from '../apps/web/build/route-sizes.ts';

const report = measureRouteSizes(path.resolve(import.meta.dirname, '../apps/web/dist'));
console.log(`entry: ${report.entryFiles.join(', ')} + ${report.language}\n`);
console.log(formatRouteSizes(report));
if (report.routes.some((r) => r.kb > r.goal)) process.exitCode = 1;
