import path from 'node:path';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import type { Plugin, ProxyOptions } from 'vite';
import { plainMuiTheme } from './build/plain-mui-theme.ts';
import { formatRouteSizes, measureRouteSizes } from './build/route-sizes.ts';

// The API server runs on 3000 in development; everything it answers is proxied
// so the browser sees one origin and the HttpOnly session cookie just works.
const apiTarget = process.env.HARBOR_API_URL ?? 'http://localhost:3000';
const proxied: ProxyOptions = { target: apiTarget, changeOrigin: true, ws: true };

/** Prints the initial JS of every route after a build (into the configured outDir), against the size goals. */
const routeSizes = (): Plugin => {
  let outDir = '';
  return {
    name: 'harbor-route-sizes',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      console.log(`\n${formatRouteSizes(measureRouteSizes(outDir))}\n`);
    },
  };
};

const root = fileURLToPath(new URL('.', import.meta.url));

/** Libraries the app shell loads on every route (MUI is not here: pages use different parts of it). */
const SHELL_VENDOR = /node_modules[\\/](preact|react-router|i18next|react-i18next|@tanstack|@emotion|stylis|use-sync-external-store|hoist-non-react-statics)[\\/]/;

export default defineConfig({
  root,
  // React's API on Preact: `react` and `react-dom` resolve to preact/compat (the preset's
  // aliases), which is about 57 KB gzip less on every route than react-dom. The
  // route-size goals (200 KB gzip) cannot be met with react-dom alone at 60 KB.
  plugins: [preact(), plainMuiTheme(), routeSizes()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': proxied,
      '/v1': proxied,
      // /portcalls is both an API path and the port-calls page: a browser
      // navigation (Accept: text/html) gets the app, fetches go to the API.
      '/portcalls': {
        ...proxied,
        bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page needs in one chunk: split per module they were some
          // thirty small files, each compressed on its own (about 12 KB gzip more in all).
          groups: [{ name: 'shell-vendor', test: SHELL_VENDOR }],
        },
      },
    },
  },
});
