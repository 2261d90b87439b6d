#!/usr/bin/env node
/**
 * Production build: `node scripts/build.mjs [--force] [web] [server] [ais]` (no name = all).
 *
 *   web     apps/web/dist                 Vite (`npm run build -w @harbor/web`)
 *   server  apps/server/dist/main.js      the server; import.js: `npm run import`
 *   ais     packages/ais/dist/cli.cjs      the harbor-ais bin
 *
 * A target whose inputs are byte-for-byte those of its last build is skipped (stamps in
 * node_modules/.cache/harbor-build), so a second `npm start` goes straight to the server;
 * --force rebuilds; --quiet prints nothing; --if-esbuild skips the bundles when esbuild is
 * not installed (`npm ci --omit=dev`). Plain JavaScript so that it runs on bare Node with no TypeScript
 * loader: `npm start`, the bin and `npm ci` (prepare) call it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, TARGETS } from './build-bundles.mjs';
import { hashFile, hashFiles, readStamp, stampIsCurrent, walk, writeStamp } from './build-stamp.mjs';

const STAMPS = path.join(ROOT, 'node_modules/.cache/harbor-build');
const ALL = ['web', 'server', 'ais'];
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** What every stamp depends on besides its inputs: this build's own code and esbuild's version. */
function toolHashes() {
  return {
    ...Object.fromEntries(['build.mjs', 'build-bundles.mjs', 'build-stamp.mjs'].map((f) => [f, hashFile(path.join(ROOT, 'scripts', f))])),
    esbuild: hashFile(path.join(ROOT, 'node_modules/esbuild/package.json')),
  };
}

/** Vite bakes VITE_* variables (map tile URLs) into the web app: a change rebuilds it. */
function viteEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('VITE_')).sort());
}

/** Files the web build reads: the app, the workspace packages it imports, the lock file. */
function webInputs() {
  const skip = { skipDirs: ['node_modules', 'dist', 'e2e', 'test-results'], skipFile: isTest };
  return [
    ...walk(path.join(ROOT, 'apps/web'), skip),
    ...['contracts', 'i18n', 'ais'].flatMap((p) => [
      ...walk(path.join(ROOT, 'packages', p, 'src'), skip),
      ...walk(path.join(ROOT, 'packages', p, 'locales'), skip),
      path.join(ROOT, 'packages', p, 'package.json'),
    ]),
    path.join(ROOT, 'package-lock.json'),
    path.join(ROOT, 'tsconfig.base.json'),
  ];
}

function buildWeb(force) {
  const stampFile = path.join(STAMPS, 'web.json');
  const files = hashFiles(ROOT, webInputs());
  const stamp = readStamp(stampFile);
  const current =
    existsSync(path.join(ROOT, 'apps/web/dist/index.html')) &&
    stamp !== null &&
    JSON.stringify(stamp.extra) === JSON.stringify({ ...toolHashes(), env: viteEnv() }) &&
    JSON.stringify(stamp.files) === JSON.stringify(files);
  if (current && !force) return 'up to date';
  const r = spawnSync('npm', ['run', 'build', '-w', '@harbor/web'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`web build failed (exit ${r.status})`);
  writeStamp(stampFile, { extra: { ...toolHashes(), env: viteEnv() }, files });
  return 'built';
}

/** Set by --if-esbuild (the `prepare` step of `npm ci`): without esbuild (--omit=dev), skip quietly. */
let skipWithoutEsbuild = false;

async function buildBundle(name, force) {
  const target = TARGETS[name];
  const stampFile = path.join(STAMPS, `${name}.json`);
  const extra = toolHashes();
  if (!force && existsSync(target.outdir) && stampIsCurrent(ROOT, readStamp(stampFile), extra)) return 'up to date';
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    if (skipWithoutEsbuild) return 'skipped (esbuild is not installed)';
    throw new Error('esbuild is not installed: run `npm ci` (it is a devDependency of the repository)');
  }
  // Old chunks have hashed names: start from an empty folder so none lingers.
  rmSync(target.outdir, { recursive: true, force: true });
  const result = await esbuild.build({ ...target.options(target.outdir), absWorkingDir: ROOT });
  writeStamp(stampFile, { extra, files: hashFiles(ROOT, Object.keys(result.metafile.inputs).map((f) => path.join(ROOT, f))) });
  return 'built';
}

/** Builds the named targets (all when none), skipping those that are up to date. */
export async function build(names = ALL, { force = false, quiet = false } = {}) {
  mkdirSync(STAMPS, { recursive: true });
  for (const name of names) {
    const t0 = performance.now();
    const what = name === 'web' ? buildWeb(force) : await buildBundle(name, force);
    if (!quiet) console.log(`build ${name}: ${what} (${Math.round(performance.now() - t0)} ms)`);
  }
}

if (import.meta.filename === process.argv[1]) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  const unknown = names.filter((n) => !ALL.includes(n));
  if (unknown.length > 0) {
    console.error(`usage: node scripts/build.mjs [--force] [--quiet] [--if-esbuild] [${ALL.join('] [')}]\nunknown target: ${unknown[0]}`);
    process.exit(2);
  }
  skipWithoutEsbuild = args.includes('--if-esbuild');
  try {
    await build(names.length > 0 ? names : ALL, { force: args.includes('--force'), quiet: args.includes('--quiet') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
