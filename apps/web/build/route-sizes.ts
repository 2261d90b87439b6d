/**
 * Gzip size of the JavaScript each route needs before it can render: the
 * entry (index.html's scripts and their static imports) plus the shell's
 * texts (core-<lang>), plus the route's lazy page chunk and that chunk's
 * static imports (and a lazy layout's chunk for the pages nested in it), plus
 * the texts of the namespaces the page names in PAGE_NAMESPACES. Texts are
 * counted in the larger of en and fi, per route. Other dynamic imports load
 * after the first render: response and form schemas and the editor's other
 * tabs right after it; drawers, dialogs and MapLibre (on pages where a map is
 * optional) when they are shown.
 *
 * Printed after every `vite build` and by `bench/bundle-size.ts`.
 * Goals: /map <= 650 KB gzip, every other route <= 250 KB gzip.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_NAMESPACES } from '../src/app/page-namespaces.ts';

export const MAP_GOAL_KB = 650;
export const OTHER_GOAL_KB = 250;

/** Pages rendered inside a lazy layout route: that layout's chunk loads with them. */
const LAYOUT_OF: Record<string, string> = {
  'contact-details-page': 'account-layout',
  'change-password-page': 'account-layout',
};

export interface RouteSize {
  route: string;
  kb: number;
  goal: number;
}

export interface RouteSizeReport {
  entryFiles: string[];
  language: string;
  entryKb: number;
  routes: RouteSize[];
  workers: { file: string; kb: number }[];
}

export function measureRouteSizes(dist: string): RouteSizeReport {
  const assets = path.join(dist, 'assets');
  const gzipCache = new Map<string, number>();
  const gzipKb = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length / 1024;
      gzipCache.set(file, size);
    }
    return size;
  };
  // Static imports of a chunk: `import ... from "./x.js"` and `import "./x.js"`.
  const staticImports = (file: string) => {
    const code = readFileSync(path.join(assets, file), 'utf8');
    return [...new Set([...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!))];
  };
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...staticImports(f));
    }
    return seen;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipKb(f), 0);

  const files = readdirSync(assets);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const entry = closure(entryFiles);
  // Texts: core-<lang>-<hash>.js before the first render, <lang>-<namespace>-<hash>.js with the pages (vite.config.ts names them).
  const textChunk = (name: string) => files.find((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
  const texts = (language: string, nss: readonly string[]) => {
    const found = [`core-${language}`, ...nss.map((ns) => `${language}-${ns}`)].map((name) => {
      const file = textChunk(name);
      if (!file) throw new Error(`no text chunk ${name} in ${assets}`);
      return file;
    });
    return closure(found);
  };
  const LANGUAGES = ['en', 'fi'];

  const pages = files.filter((f) => /-page-[\w-]+\.js$/.test(f) || /^account-layout[\w-]*\.js$/.test(f)).sort();
  const routeOf = (file: string) => file.replace(/-[\w-]{8}\.js$/, '');
  const routes = pages.map((page) => {
    const route = routeOf(page);
    const layout = pages.filter((f) => routeOf(f) === LAYOUT_OF[route]);
    const nss = [route, ...layout.map(routeOf)].flatMap((r) => (PAGE_NAMESPACES as Record<string, readonly string[]>)[r] ?? []);
    const code = closure([...entry, ...layout, page]);
    const kb = Math.max(...LANGUAGES.map((language) => sum(new Set([...code, ...texts(language, nss)]))));
    return { route, kb, goal: page.startsWith('map-page-') ? MAP_GOAL_KB : OTHER_GOAL_KB };
  });
  const [language, entryKb] = LANGUAGES.map((l) => [l, sum(new Set([...entry, ...texts(l, [])]))] as const).reduce((a, b) => (a[1] >= b[1] ? a : b));
  const workers = files.filter((f) => /worker/.test(f) && /\.m?js$/.test(f)).map((file) => ({ file, kb: gzipKb(file) }));
  return { entryFiles, language, entryKb, routes, workers };
}

export function formatRouteSizes(report: RouteSizeReport): string {
  const lines = [
    `initial JS per route, KB gzip (entry ${report.entryKb.toFixed(1)} with the shell's ${report.language} texts; each route counted in its larger language)`,
    `${'route chunk'.padEnd(36)}${'KB gzip'.padStart(10)}  goal`,
    ...report.routes.map((r) => `${r.route.padEnd(36)}${r.kb.toFixed(1).padStart(10)}  <= ${r.goal} ${r.kb <= r.goal ? 'ok' : 'OVER'}`),
    ...report.workers.map((w) => `worker ${w.file}: ${w.kb.toFixed(1)} KB gzip (loaded by the map after start, not initial JS)`),
  ];
  return lines.join('\n');
}
