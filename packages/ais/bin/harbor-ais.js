#!/usr/bin/env node
// harbor-ais CLI. The package ships TypeScript sources, so register tsx's loader first.
import { register } from 'tsx/esm/api';

register();

// Exit quietly when the reader goes away (e.g. `harbor-ais decode big.nmea | head`).
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
