/**
 * `harbor-ais decode` on several cores: for a large regular file (a FILE argument, or stdin
 * redirected from one), the file is cut at line boundaries into segments taken in turn by
 * the main thread and worker threads (HARBOR_AIS_THREADS threads in all). Each
 * thread runs its own decoder over the whole file up to its last segment: it decodes its
 * own segments and only scans the others' for the state a decoder carries across lines
 * (decode-range.ts), so every segment is decoded from exactly the state a single pass has
 * there, multipart messages across a cut included. The main thread writes the segments'
 * output in file order: the output is byte for byte that of a single pass.
 *
 * Only the compiled bin runs it (the worker is the bundle dist/decode-worker.cjs, whose path
 * bin/harbor-ais.cjs passes in). Environment, for tests and measurements:
 * HARBOR_AIS_PARALLEL_MIN_BYTES (default 4 MiB: below it a worker's start-up and its own
 * JIT warm-up cost more than they save), HARBOR_AIS_THREADS (default 1, a single pass: see
 * defaultThreads) and HARBOR_AIS_SEGMENT_BYTES (default
 * 16 MiB: larger files get more segments than threads, so that the output waiting to be
 * written stays bounded). HARBOR_AIS_DEBUG_PARALLEL=1 prints the plan on stderr.
 */
import { fstatSync, readFileSync, readSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { AisDecoder } from '../decoder.ts';
import { runSegments } from './decode-range.ts';
import type { WorkerPlan } from './decode-range.ts';

const MIN_BYTES = 4 << 20;
const SEGMENT_BYTES = 16 << 20;

export interface ParallelOptions {
  workerFile: string;
  pyais: boolean;
  env?: NodeJS.ProcessEnv;
  /** Where HARBOR_AIS_DEBUG_PARALLEL=1 reports the plan (tests check the path was taken). */
  err: Writable;
}

function envInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * Where reading starts in `fd`: 0 for a file we opened; for stdin, the shell's current
 * offset (Linux /proc), or null when it cannot be known (then: single pass).
 */
export function startOffset(fd: number, openedHere: boolean): number | null {
  if (openedHere) return 0;
  try {
    const m = /^pos:\s+(\d+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'latin1'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The main thread's head start, in bytes of its first segment: a worker begins later (its
 * own Node environment and bundle, about 40 ms on an idle core) and first scans the main
 * thread's segment (10-20 ms for 5 MB of bare sentences). At the ~20 MB/s a thread decodes
 * the two would finish ~60 ms apart with equal halves; moving half a MiB closes most of it.
 */
const HEAD_START = 1 << 19;

/** Where cut k of `count` is aimed (the segment then ends at the first line end at or after it). */
export function nominalCut(base: number, size: number, count: number, k: number): number {
  const step = (size - base) / count;
  return base + Math.floor(step * k + (k === 1 ? Math.min(HEAD_START, step / 4) : 0));
}

/** Segment bounds: `count` pieces of about equal size, each cut just after a newline; the last bound is -1 (end of file). */
function segmentBounds(fd: number, base: number, size: number, count: number): number[] {
  const bounds = [base];
  const buf = Buffer.allocUnsafe(4096);
  for (let k = 1; k < count; k++) {
    let pos = Math.max(bounds[k - 1]!, nominalCut(base, size, count, k));
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, pos);
      if (n === 0) break;
      const nl = buf.indexOf(10, 0);
      if (nl >= 0 && nl < n) {
        pos += nl + 1;
        break;
      }
      pos += n;
    }
    bounds.push(Math.min(pos, size));
  }
  bounds.push(-1);
  return bounds;
}

/**
 * One thread unless HARBOR_AIS_THREADS asks for more. Since the decoder writes its JSON as
 * bytes (AisDecoder.pushJson), a single pass outruns the workers, whose start-up, JIT
 * warm-up and hand-over cost more than they save: measured on an idle 2-core machine
 * (load 1), 60 MB of NMEA took 1.6 s wall / 1.7 s CPU on one thread against 2.9 s /
 * 4.5 s on two, and synthetic-200k 0.51 s against 1.10 s.
 */
function defaultThreads(): number {
  return 1;
}

/**
 * Decodes `fd` in parallel and writes to `out`, or returns false without reading when the
 * file is too small, there is one core, or the start offset is unknown.
 */
export async function decodeParallel(fd: number, openedHere: boolean, out: Writable, opts: ParallelOptions): Promise<boolean> {
  const env = opts.env ?? process.env;
  const stat = fstatSync(fd);
  if (!stat.isFile()) return false;
  const threads = envInt(env, 'HARBOR_AIS_THREADS', defaultThreads());
  const minBytes = envInt(env, 'HARBOR_AIS_PARALLEL_MIN_BYTES', MIN_BYTES);
  // A small file costs no more than the fstat (the bin's start-up on a one-line file).
  if (threads < 2 || stat.size < minBytes) return false;
  const base = startOffset(fd, openedHere);
  if (base === null || stat.size - base < minBytes) return false;
  const segmentBytes = Math.max(1, envInt(env, 'HARBOR_AIS_SEGMENT_BYTES', SEGMENT_BYTES));
  const count = threads * Math.max(1, Math.ceil((stat.size - base) / (threads * segmentBytes)));
  const plan: WorkerPlan = {
    fd,
    bounds: segmentBounds(fd, base, stat.size, count),
    thread: 0,
    threads,
    pyais: opts.pyais,
    written: new SharedArrayBuffer(4),
  };
  if (env.HARBOR_AIS_DEBUG_PARALLEL === '1') opts.err.write(`parallel decode: ${threads} threads, segments at ${plan.bounds.join(' ')}\n`);
  await new Orchestra(plan, out, opts.workerFile).run();
  return true;
}

/** Segment k's output not yet written: UTF-8 bytes (or pyais text from this thread). */
interface Pending {
  chunks: (string | Uint8Array)[];
  done: boolean;
}

class Orchestra {
  private readonly pending: Pending[];
  private readonly written: Int32Array;
  private next = 0;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private signalled = false;
  private readonly workers: Worker[] = [];

  constructor(
    private readonly plan: WorkerPlan,
    private readonly out: Writable,
    private readonly workerFile: string,
  ) {
    this.pending = Array.from({ length: plan.bounds.length - 1 }, () => ({ chunks: [], done: false }));
    this.written = new Int32Array(plan.written);
  }

  async run(): Promise<void> {
    const exits: Promise<void>[] = [];
    // Loaded here, not with the module: most runs never start a worker, and every built-in
    // module loaded at start-up adds to a one-line run's time.
    const { Worker } = process.getBuiltinModule('node:worker_threads');
    for (let t = 1; t < this.plan.threads; t++) {
      const w = new Worker(this.workerFile, { workerData: { ...this.plan, thread: t } });
      w.on('message', (m: { k: number; data?: Uint8Array; end?: true }) => {
        const p = this.pending[m.k]!;
        if (m.data !== undefined) p.chunks.push(m.data);
        if (m.end === true) p.done = true;
        this.signal();
      });
      w.on('error', (e) => this.fail(e));
      exits.push(
        new Promise((resolve) =>
          w.on('exit', (code) => {
            if (code !== 0) this.fail(new Error(`decode worker ${t} exited with code ${code}`));
            resolve();
          }),
        ),
      );
      this.workers.push(w);
    }
    try {
      await runSegments(
        this.plan,
        new AisDecoder(),
        (k) => this.turn(k),
        (k, data) => this.own(k, data),
        (k) => {
          this.pending[k]!.done = true;
        },
      );
      const count = this.pending.length;
      for (;;) {
        await this.pump();
        if (this.next === count) break;
        await this.event();
      }
    } catch (e) {
      for (const w of this.workers) void w.terminate();
      throw e;
    }
    await Promise.all(exits);
  }

  /** This thread may start segment k once fewer than `threads` segments before it wait to be written. */
  private async turn(k: number): Promise<void> {
    for (;;) {
      await this.pump();
      if (k - this.next < this.plan.threads) return;
      await this.event();
    }
  }

  /** This thread's segment output: written at once when all before it are written, else kept. */
  private own(k: number, data: string | Uint8Array): void | Promise<void> {
    if (k === this.next && this.pending[k]!.chunks.length === 0) return this.write(data);
    this.pending[k]!.chunks.push(data);
    return this.pump();
  }

  /** Writes what is ready, in segment order. */
  private async pump(): Promise<void> {
    if (this.failure !== null) throw this.failure;
    const count = this.pending.length;
    while (this.next < count) {
      const p = this.pending[this.next]!;
      let i = 0;
      while (i < p.chunks.length) {
        const r = this.write(p.chunks[i++]!);
        if (r !== undefined) await r;
      }
      p.chunks.length = 0;
      if (!p.done) return;
      this.next++;
      Atomics.store(this.written, 0, this.next);
      Atomics.notify(this.written, 0);
    }
  }

  private write(chunk: string | Uint8Array): Promise<void> | undefined {
    if (this.out.write(chunk)) return undefined;
    return new Promise((resolve) => this.out.once('drain', () => resolve()));
  }

  private fail(e: Error): void {
    this.failure ??= e;
    this.signal();
  }

  private signal(): void {
    const w = this.wake;
    this.wake = null;
    if (w !== null) w();
    else this.signalled = true;
  }

  /** Resolves after the next worker message (or at once if one came since the last wait). */
  private event(): Promise<void> {
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.signalled) {
      this.signalled = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => (this.wake = resolve));
  }
}
