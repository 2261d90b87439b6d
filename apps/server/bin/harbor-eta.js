#!/usr/bin/env node
// harbor-eta CLI: plain Node on the compiled server bundle (dist/eta.js, built by
// scripts/build.mjs with the server; `npm run build -w @harbor/server` after changing src/).

process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

let cli;
try {
  cli = await import('../dist/eta.js');
} catch (err) {
  if (err.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('dist/eta.js')) throw err;
  process.stderr.write('harbor-eta is not built: run `npm run build -w @harbor/server` (npm start does it too)\n');
  process.exit(1);
}
process.exitCode = await cli.main(process.argv.slice(2));
