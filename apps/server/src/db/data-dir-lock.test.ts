import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../server.ts';
import { restartStore } from '../test/restart-store.ts';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, type LockHolder } from './data-dir-lock.ts';

const run = promisify(execFile);
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'harbor-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const lockOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockHolder;

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('data directory lock', () => {
  it('refuses a second holder and names the first; free again after release', () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir, 'a Harbor server');
    first.setUrl('http://localhost:4321');
    let error: unknown;
    try {
      acquireDataDirLock(dir, 'the import command');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${process.pid}`);
    expect(message).toContain('http://localhost:4321');
    expect(message).toContain('a Harbor server');

    first.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const again = acquireDataDirLock(dir, 'a Harbor server');
    expect(lockOf(dir).pid).toBe(process.pid);
    again.release();
  });

  it('takes over the lock of a process that is gone (crash, kill -9)', () => {
    const dir = tempDir();
    const pid = deadPid();
    const stale: LockHolder = { pid, hostname: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z', role: 'a Harbor server' };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(stale));
    const lock = acquireDataDirLock(dir, 'a Harbor server');
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, role: 'a Harbor server' });
    lock.release();
  });

  it.runIf(existsSync('/proc/self/stat'))('takes over when the pid now belongs to another process (recycled pid)', () => {
    const dir = tempDir();
    // Our own pid, but a start time that is not ours: the recorded process is gone.
    const recycled: LockHolder = { pid: process.pid, hostname: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z', role: 'a Harbor server', procStart: '1' };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(recycled));
    const lock = acquireDataDirLock(dir, 'a Harbor server');
    expect(lockOf(dir).procStart).not.toBe('1');
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, LOCK_FILE), 'not json');
    const lock = acquireDataDirLock(dir, 'a Harbor server');
    expect(lockOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it('counts a holder on another host as running', () => {
    const dir = tempDir();
    const remote: LockHolder = { pid: deadPid(), hostname: `not-${os.hostname()}`, startedAt: '2026-01-01T00:00:00.000Z', role: 'a Harbor server' };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(remote));
    expect(() => acquireDataDirLock(dir, 'a Harbor server')).toThrow(`on not-${os.hostname()}`);
  });
});

describe('one server per embedded data directory', () => {
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', SEED_DEMO: 'false', DATABASE_URL: '' };

  it('a second server process on the same DATA_DIR refuses to start and names the running one', async () => {
    const dataDir = tempDir();
    const first = await startServer({ port: 0, dataDir, env });
    try {
      expect(lockOf(dataDir)).toMatchObject({ pid: process.pid, url: first.url });
      const main = path.resolve(import.meta.dirname, '../main.ts');
      const second = await run(process.execPath, ['--import', 'tsx', main], {
        env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0' },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => err,
      );
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`Harbor is already using the data directory ${dataDir}`);
      expect(second.stderr).toContain(`pid ${process.pid}`);
      expect(second.stderr).toContain(first.url);
      // The first server still serves and still holds the lock.
      expect((await fetch(`${first.url}/api/config`)).status).toBe(200);
      expect(lockOf(dataDir).pid).toBe(process.pid);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('a server starts over the stale lock of a crashed one', async () => {
    const dataDir = tempDir();
    const stale: LockHolder = { pid: deadPid(), hostname: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z', role: 'a Harbor server' };
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(stale));
    const server = await startServer({ port: 0, dataDir, env });
    try {
      expect(lockOf(dataDir)).toMatchObject({ pid: process.pid, url: server.url });
    } finally {
      await server.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)('with DATABASE_URL several servers share one DATA_DIR (no lock)', async () => {
    const store = restartStore('postgres', 'lock');
    const pgEnv = { ...env, ...store.env };
    const a = await startServer({ port: 0, dataDir: store.dataDir, env: pgEnv });
    try {
      const b = await startServer({ port: 0, dataDir: store.dataDir, env: pgEnv });
      await b.close();
      expect(existsSync(path.join(store.dataDir, LOCK_FILE))).toBe(false);
    } finally {
      await a.close();
      await store.remove();
    }
  });
});
