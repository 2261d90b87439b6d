#!/usr/bin/env node
'use strict';
// harbor-ais CLI: plain Node on the compiled bundle (dist/cli.cjs: one CommonJS file, no
// TypeScript loader and no ESM loader, so a run on a small file costs little more than
// Node's own start-up). `npm ci` builds it (the root `prepare` script); after changing
// src/, `npm run build -w @harbor/ais`.

const path = require('node:path');

// A run is one short process, and V8 spends a good part of it compiling the hot decoder
// and writer functions on its background threads. Less inlining makes those compiles
// cheaper than the code they would save. CPU time, medians of 8 runs at load 10-12:
// decode on synthetic-200k 0.69 -> 0.66 s, on the real captures (116k lines) 0.45 -> 0.36 s;
// stats on synthetic-200k 0.214 -> 0.200 s. Set before the bundle is loaded.
require('node:v8').setFlagsFromString('--max-inlined-bytecode-size-cumulative=100');

// Exit quietly when the reader goes away (e.g. `harbor-ais decode big.nmea | head`).
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const dist = path.join(__dirname, '../dist');
let cli;
try {
  cli = require(path.join(dist, 'cli.cjs'));
} catch (err) {
  if (err.code !== 'MODULE_NOT_FOUND' || !String(err.message).includes('cli.cjs')) throw err;
  process.stderr.write('harbor-ais is not built: run `npm run build -w @harbor/ais` (npm ci does it too)\n');
  process.exit(1);
}
// A large file is decoded on several cores; the worker threads run their own bundle.
const decodeWorkerFile = path.join(dist, 'decode-worker.cjs');
cli.main(process.argv.slice(2), undefined, { decodeWorkerFile }).then((code) => {
  process.exitCode = code;
});
