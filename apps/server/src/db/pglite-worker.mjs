/**
 * The embedded database on a thread of its own. PGlite runs PostgreSQL compiled to
 * WebAssembly synchronously on whatever thread calls it: on the server's main thread every
 * query stalled the event loop (63 % of the main thread's busy time in the load bench), so a
 * map request that never touches the database waited behind them. Here it runs beside the
 * event loop; `pglite-thread.ts` is the other end. Plain JavaScript: it is started by path
 * from the TypeScript sources, the tests and the bundle alike, with no loader.
 *
 * Messages in: { id, op: 'query', sql, params, rowMode, tx? } | { id, op: 'begin' } | { id, op: 'end', tx, commit } | { id, op: 'close' }.
 * Out: { id, result } or { id, error } (the error's own fields copied: `code`, `constraint`...).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

// Drizzle reads these types as text (it parses dates itself) and asks for that on every
// query; the parsers are functions and cannot cross threads, so they are set here.
const AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const parsers = Object.fromEntries(AS_TEXT.map((t) => [t, (value) => value]));

const { dataDir, template } = workerData;
const db = new PGlite({ dataDir, loadDataDir: template ? new Blob([template]) : undefined });

/** Open transactions by id: the PGlite transaction object, and how to end it. */
const open = new Map();
let nextTx = 1;
const ROLLBACK = Symbol('rollback');

const errorOf = (err) => {
  const fields = {};
  for (const [k, v] of Object.entries(err)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return { name: err.name, message: err.message, stack: err.stack, fields };
};
const reply = (id, result) => parentPort.postMessage({ id, result });
const fail = (id, err) => parentPort.postMessage({ id, error: errorOf(err) });
const target = (tx) => {
  if (tx === undefined) return db;
  const t = open.get(tx);
  if (!t) throw new Error(`transaction ${tx} is not open`);
  return t.tx;
};

function begin(id) {
  const txId = nextTx++;
  const entry = { tx: null, end: null, endId: null };
  const ended = new Promise((resolve) => (entry.end = resolve));
  open.set(txId, entry);
  db.transaction(async (tx) => {
    entry.tx = tx;
    reply(id, txId);
    if (!(await ended)) throw ROLLBACK;
  }).then(
    () => reply(entry.endId, null),
    (err) => (err === ROLLBACK ? reply(entry.endId, null) : entry.endId === null ? fail(id, err) : fail(entry.endId, err)),
  ).finally(() => open.delete(txId));
}

parentPort.on('message', async (m) => {
  try {
    switch (m.op) {
      case 'query': {
        const r = await target(m.tx).query(m.sql, m.params, { rowMode: m.rowMode, parsers });
        return reply(m.id, { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });
      }
      case 'begin':
        return begin(m.id);
      case 'end': {
        const t = open.get(m.tx);
        if (!t) throw new Error(`transaction ${m.tx} is not open`);
        t.endId = m.id;
        return t.end(m.commit);
      }
      case 'close':
        await db.close();
        return reply(m.id, null);
      default:
        throw new Error(`unknown op ${m.op}`);
    }
  } catch (err) {
    fail(m.id, err);
  }
});

db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: errorOf(err) }),
);
