/**
 * One process per embedded data directory. PGlite is an in-process database: two servers
 * on one DATA_DIR both start, both accept writes, and whichever writes its files last wins
 * (sign-ups committed on the other are gone after a restart). So the server and the import
 * CLI hold DATA_DIR/harbor.lock, a small JSON file naming the process, for as long as the
 * database is open. A lock whose process is gone (a crash, kill -9, a reboot) is stale and
 * taken over. With DATABASE_URL the database is PostgreSQL and no lock is taken.
 */
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'harbor.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  /** What runs: the server or the import CLI. */
  role: string;
  /** The server's address, once it listens. */
  url?: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/PID/stat), so a recycled pid is not mistaken for the holder. */
  procStart?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    const where = [`pid ${holder.pid}`, holder.hostname !== os.hostname() && `on ${holder.hostname}`, `started ${holder.startedAt}`, holder.url]
      .filter(Boolean)
      .join(', ');
    super(
      `Harbor is already using the data directory ${dataDir}: ${holder.role} (${where}).\n` +
        'The embedded database serves one process at a time. Stop that one first, or set DATA_DIR to another directory\n' +
        `(or DATABASE_URL to a PostgreSQL database, which several servers may share). Lock file: ${lockFile}`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Record the server's URL in the lock, so a second start can say where the first one is. */
  setUrl(url: string): void;
  /** Remove the lock if it is still ours. */
  release(): void;
}

/** Start time of a process from /proc (Linux), undefined elsewhere or when it is gone. */
function procStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may contain spaces, so count from its closing ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the lock's holder still runs. A holder on another host cannot be checked: it counts as running. */
function holderRuns(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = procStartOf(holder.pid);
  return holder.procStart === undefined || start === undefined || start === holder.procStart;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const h = JSON.parse(text) as LockHolder;
    return Number.isInteger(h.pid) && typeof h.hostname === 'string' ? h : null;
  } catch {
    return null;
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirLockedError naming the
 * process that holds it. The file appears with its content at once (written aside, then
 * hard-linked into place), so a reader never sees a half-written lock.
 */
export function acquireDataDirLock(dataDir: string, role: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    role,
    procStart: procStartOf(process.pid),
  };
  const write = (holder: LockHolder, into: string) => writeFileSync(into, JSON.stringify(holder, null, 1) + '\n');
  const temp = `${file}.${process.pid}`;

  for (let attempt = 0; ; attempt++) {
    write(me, temp);
    try {
      linkSync(temp, file);
      unlinkSync(temp);
      break;
    } catch (err) {
      unlinkSync(temp);
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const text = readText(file);
    if (text === null) continue; // released meanwhile: try again
    const holder = parseHolder(text);
    if (holder && holderRuns(holder)) throw new DataDirLockedError(dataDir, holder, file);
    if (attempt >= 3) throw new Error(`could not take over the stale lock ${file}`);
    // Stale (or unreadable): move it aside, and put it back if another starter replaced it meanwhile.
    const aside = `${file}.stale.${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    if (readText(aside) !== text) {
      try {
        linkSync(aside, file);
      } catch {
        // a third process holds it now; its lock is checked on the next round
      }
    }
    unlinkSync(aside);
  }

  let released = false;
  const ours = () => parseHolder(readText(file) ?? '')?.pid === process.pid;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (ours()) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  // A process that exits without closing (an uncaught error) leaves no lock behind.
  process.on('exit', release);
  return {
    file,
    setUrl(url) {
      if (released || !ours()) return;
      write({ ...me, url }, temp);
      renameSync(temp, file);
    },
    release,
  };
}
