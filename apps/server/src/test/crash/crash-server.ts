import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCK_FILE, type LockHolder } from '../../db/data-dir-lock.ts';

/**
 * The real server as its own process, for the crash-safety suite and
 * bench/crash.ts: the compiled build `npm start` runs (apps/server/dist/main.js),
 * or the TypeScript sources through tsx. Measured on the 2-core box: the two
 * start in about the same CPU time (most of it is PGlite opening its files and
 * the start-up seeding), and the compiled one is what production runs.
 */

export const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const ROOT = path.resolve(SERVER_DIR, '../..');

/** Builds apps/server/dist once (skipped in a moment when its sources are unchanged). */
export function buildServer() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--quiet', 'server'], { cwd: ROOT, stdio: 'inherit' });
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:port */
  base: string;
  exited: Promise<number | null>;
  /** Everything it printed (kept for failure messages). */
  output(): string;
}

export interface SpawnOptions {
  tsx?: boolean;
  /** How long to wait for "Harbor is running at". */
  timeoutMs?: number;
}

function launch(env: Record<string, string>, opts: SpawnOptions) {
  const entry = opts.tsx ? ['--import', 'tsx', 'src/main.ts'] : ['--enable-source-maps', 'dist/main.js'];
  const child = spawn(process.execPath, entry, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, PORT: '0', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

export class ServerExitedError extends Error {
  constructor(
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`server exited (${code}) before listening:\n${output.slice(-4000)}`);
  }
}

/** Starts a server and resolves once it listens; rejects when it exits first. */
export function spawnServer(env: Record<string, string>, opts: SpawnOptions = {}): Promise<ServerProcess> {
  const { child, exited, output } = launch(env, opts);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${opts.timeoutMs ?? 300_000} ms:\n${output().slice(-4000)}`));
    }, opts.timeoutMs ?? 300_000);
    const check = () => {
      const m = /running at (http:\/\/\S+)/.exec(output());
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve({ child, pid: child.pid!, base: m[1]!.replace('localhost', '127.0.0.1'), exited, output });
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new ServerExitedError(code, output()));
    });
  });
}

/**
 * Starts a server that is expected to stop by itself (a second server on a data
 * directory in use): its exit code and what it printed. A server that starts
 * listening instead is killed and reported with code 'listening'.
 */
export async function spawnExpectingExit(env: Record<string, string>, opts: SpawnOptions = {}): Promise<{ code: number | null | 'listening'; output: string }> {
  try {
    const s = await spawnServer(env, opts);
    await killServer(s);
    return { code: 'listening', output: s.output() };
  } catch (err) {
    if (err instanceof ServerExitedError) return { code: err.code, output: err.output };
    throw err;
  }
}

export async function killServer(s: { child: ChildProcess; exited: Promise<number | null> }) {
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await s.exited;
}

export function readLock(dataDir: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}
