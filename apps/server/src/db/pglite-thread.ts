import { Worker } from 'node:worker_threads';

/**
 * The main thread's end of `pglite-worker.mjs`: what Drizzle's PGlite driver calls on a
 * PGlite (`query` and `transaction`, nothing else), carried to the worker thread that runs the
 * database. Transactions keep PGlite's rules: while one is open, other queries wait for it
 * in the worker (so code inside a transaction must use its `tx`, as on one connection).
 */

interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
}
interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}
type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/** The error as the worker saw it, its fields (`code`, `constraint`, `detail`...) kept for the callers that test them. */
function errorFrom(w: WireError): Error {
  const err = Object.assign(new Error(w.message), w.fields);
  err.name = w.name;
  if (w.stack) err.stack = `${w.stack}\n    at (the PGlite worker thread)`;
  return err;
}

export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private dead: Error | null = null;
  readonly waitReady: Promise<void>;

  constructor(opts: { dataDir?: string; template?: Uint8Array }) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: opts });
    this.waitReady = new Promise((resolve, reject) => {
      const onReady = (m: { ready?: boolean; error?: WireError }) => {
        if (m.ready === undefined) return;
        this.worker.off('message', onReady);
        if (m.ready) resolve();
        else reject(errorFrom(m.error!));
      };
      this.worker.on('message', onReady);
      this.worker.once('error', reject);
      // Exiting before it is ready (no error event) fails the start too; after it, a no-op.
      this.worker.once('exit', (code) => reject(new Error(`the PGlite worker thread exited before it was ready (code ${code})`)));
    });
    this.worker.on('message', (m: { id?: number; result?: unknown; error?: WireError }) => {
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(errorFrom(m.error));
      else p.resolve(m.result);
    });
    // A worker that dies (a WebAssembly abort) fails what waits on it and everything after.
    const die = (err: Error) => {
      this.dead = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => die(new Error(`the PGlite worker thread exited (code ${code})`)));
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query<T = unknown>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results & { rows: T[] }> {
    return this.call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', tx });
  }

  /** Runs `fn` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: PgliteThreadTx) => Promise<T>): Promise<T> {
    const txId = await this.call<number>({ op: 'begin' });
    const tx: PgliteThreadTx = {
      query: (sql, params, options) => this.query(sql, params, options, txId),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await this.call({ op: 'end', tx: txId, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: 'end', tx: txId, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.dead) await this.call({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}

export interface PgliteThreadTx {
  query<T = unknown>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results & { rows: T[] }>;
}
