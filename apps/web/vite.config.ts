import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin, ProxyOptions } from 'vite';
import { formatRouteSizes, measureRouteSizes } from './build/route-sizes.ts';

// The API server runs on 3000 in development; everything it answers is proxied
// so the browser sees one origin and the HttpOnly session cookie just works.
const apiTarget = process.env.HARBOR_API_URL ?? 'http://localhost:3000';
const proxied: ProxyOptions = { target: apiTarget, changeOrigin: true, ws: true };

/** Prints the initial JS of every route after a build, against the size goals. */
const routeSizes = (outDir: string): Plugin => ({
  name: 'harbor-route-sizes',
  apply: 'build',
  closeBundle() {
    console.log(`\n${formatRouteSizes(measureRouteSizes(outDir))}\n`);
  },
});

const root = fileURLToPath(new URL('.', import.meta.url));

/** Libraries the app shell loads on every route (MUI is not here: pages use different parts of it). */
const SHELL_VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|@emotion|stylis|use-sync-external-store|hoist-non-react-statics)[\\/]/;

export default defineConfig({
  root,
  plugins: [react(), routeSizes(`${root}/dist`)],
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
