/**
 * Gzip size of the JavaScript each route needs before it can render: the
 * entry (index.html's script and its static imports) plus the route's lazy
 * page chunk and that chunk's static imports. Dynamic imports are not counted.
 *
 *   npm run build -w @harbor/web && npx tsx bench/bundle-size.ts
 *
 * Goals (issue "The live map page"): /map <= 650 KB gzip, every other route <= 200 KB gzip.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const ASSETS = path.join(DIST, 'assets');
const MAP_GOAL_KB = 650;
const OTHER_GOAL_KB = 200;

const gzipCache = new Map<string, number>();
function gzipKb(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(ASSETS, file)), { level: 9 }).length / 1024;
    gzipCache.set(file, size);
  }
  return size;
}

/** Static imports of a chunk: `import ... from "./x.js"` and `import "./x.js"`. */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(ASSETS, file), 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
}

const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const entries = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
const base = closure(entries);
const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipKb(f), 0);

console.log(`entry (${entries.join(', ')}): ${sum(base).toFixed(1)} KB gzip in ${base.size} files\n`);
console.log('route chunk'.padEnd(36), 'initial JS (KB gzip)'.padStart(22), '  goal');
let failed = false;
const pages = readdirSync(ASSETS).filter((f) => /-page-[\w-]+\.js$/.test(f) || /^(account-layout|coming-soon)[\w-]*\.js$/.test(f));
for (const page of pages.sort()) {
  const files = closure([...base, page]);
  const kb = sum(files);
  const isMap = page.startsWith('map-page-');
  const goal = isMap ? MAP_GOAL_KB : OTHER_GOAL_KB;
  if (kb > goal) failed = true;
  console.log(page.replace(/-[\w-]{8}\.js$/, '').padEnd(36), kb.toFixed(1).padStart(22), `  <= ${goal} ${kb <= goal ? 'ok' : 'OVER'}`);
}
const workers = readdirSync(ASSETS).filter((f) => /worker/.test(f) && /\.m?js$/.test(f));
for (const w of workers) console.log(`worker ${w}: ${gzipKb(w).toFixed(1)} KB gzip (loaded by the map after start, not initial JS)`);
if (failed) process.exitCode = 1;
