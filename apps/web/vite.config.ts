import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin, ProxyOptions } from 'vite';
import { precompress } from './build/precompress.ts';
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

export default defineConfig({
  root,
  plugins: [react(), precompress(), routeSizes()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': proxied,
      '/v1': proxied,
      '/tiles': proxied,
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
        // Texts per language and namespace are named `<lang>-<namespace>-<hash>.js` (the route-size table reads them).
        chunkFileNames: (chunk) => {
          const texts = /locales[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return texts ? `assets/${texts[1]}-${texts[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          // What the entry loads before the first render (index.html's scripts and their
          // static imports) in two chunks, libraries and our code: split per module it was
          // some thirty files, each compressed on its own, about 21 KB gzip more in all.
          groups: [
            { name: 'shell-vendor', tags: ['$initial'], test: /node_modules/, priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
            // MUI's text field and select with what they import (input, menu, popover, modal,
            // transitions): the form pages load them together, and one compressed file is
            // about 9 KB gzip less than the twenty it was split into.
            { name: 'mui-fields', test: /@mui[\\/]material[\\/](TextField|Select|Menu|MenuList|MenuItem|Popover|Grow|List)[\\/]/ },
          ],
        },
      },
    },
  },
});
