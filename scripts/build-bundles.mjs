/**
 * esbuild configurations of the compiled programs: the server and its import CLI
 * (apps/server/dist) and the harbor-ais CLI (packages/ais/dist).
 *
 * The workspace packages (@harbor/*) export TypeScript sources, so they are bundled in;
 * the server's npm dependencies stay external and load from node_modules as usual (native
 * modules such as sharp and argon2, pino's transport workers and swagger-ui's assets only
 * work from their own package folders). The harbor-ais CLI is one CommonJS file for decode
 * and stats: one module to load is what keeps its start-up near bare Node's.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Keeps `import.meta.url` and `import.meta.dirname` meaning "this source file" after
 * bundling. Sources find their files next to them (the Drizzle migrations, seed data, the
 * web app's dist, the repository root for DATA_DIR); in a bundle import.meta.url would be
 * the bundle's. Each occurrence becomes the source file's location computed from the
 * bundle's own URL at run time, so the repository can still be moved as a whole.
 */
function sourceLocationPlugin(outdir) {
  return {
    name: 'source-location',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url') && !text.includes('import.meta.dirname')) return undefined;
        const rel = JSON.stringify(path.relative(outdir, args.path).split(path.sep).join('/'));
        const url = `new URL(${rel}, import.meta.url).href`;
        const dirname = `process.getBuiltinModule('node:path').dirname(process.getBuiltinModule('node:url').fileURLToPath(${url}))`;
        const contents = text.replaceAll('import.meta.url', url).replaceAll('import.meta.dirname', dirname);
        return { contents, loader: loaderOf(args.path) };
      });
    },
  };
}

function loaderOf(file) {
  const ext = path.extname(file);
  if (ext === '.tsx' || ext === '.jsx') return ext.slice(1);
  return /\.[cm]?ts$/.test(ext) ? 'ts' : 'js';
}

/** npm packages stay external, workspace packages (TypeScript sources) are bundled. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@harbor/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
};

/** The harbor-ais cli's import() of the simulator loads the simulator's own bundle; cli-progress loads from node_modules. */
const loadedOnUse = {
  name: 'loaded-on-use',
  setup(build) {
    build.onResolve({ filter: /\/simulate-command\.ts$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: './simulate-command.cjs', external: true } : undefined,
    );
    build.onResolve({ filter: /^cli-progress$/ }, (args) => ({ path: args.path, external: true }));
  },
};


export const TARGETS = {
  server: {
    outdir: path.join(ROOT, 'apps/server/dist'),
    options(outdir) {
      return {
        ...common,
        entryPoints: {
          main: path.join(ROOT, 'apps/server/src/main.ts'),
          import: path.join(ROOT, 'apps/server/src/cli/import.ts'),
          eta: path.join(ROOT, 'apps/server/src/cli/eta.ts'),
        },
        outdir,
        // Shared code of the two entries goes into a chunk instead of being loaded twice. The
        // chunks stay in outdir itself: sourceLocationPlugin computes paths from outdir.
        splitting: true,
        sourcemap: 'linked',
        plugins: [externalNpmPackages, sourceLocationPlugin(outdir)],
      };
    },
  },
  ais: {
    outdir: path.join(ROOT, 'packages/ais/dist'),
    options(outdir) {
      return {
        ...common,
        // CommonJS, not ESM: a one-line run is mostly start-up, and Node 20's ESM loader costs
        // about 17 ms more than require() for the same code (one-line decode, medians of 21
        // runs without NODE_EXTRA_CA_CERTS: 101 ms as ESM with chunks, 84 ms as CommonJS,
        // bare `node -e 0` 64 ms). No code splitting in CommonJS, so what is loaded on use
        // gets a file of its own instead: the simulator (with its sea lanes) is an entry,
        // the cli's import() of it points at that file, and cli-progress stays in
        // node_modules. The worker of a parallel decode is an entry too.
        format: 'cjs',
        outExtension: { '.js': '.cjs' },
        entryPoints: {
          cli: path.join(ROOT, 'packages/ais/src/cli/main.ts'),
          'decode-worker': path.join(ROOT, 'packages/ais/src/cli/decode-worker.ts'),
          'simulate-command': path.join(ROOT, 'packages/ais/src/cli/simulate-command.ts'),
        },
        outdir,
        plugins: [loadedOnUse],
      };
    },
  },
};
