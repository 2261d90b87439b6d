/**
 * Worker thread of a parallel `harbor-ais decode` (parallel-decode.ts starts it from the
 * bundle dist/decode-worker.cjs): decodes its segments of the file and posts each one's
 * JSON lines as UTF-8 bytes (the buffers are transferred, not copied), then an end mark
 * per segment.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AisDecoder } from '../decoder.ts';
import { blockUntilTurn, runSegments } from './decode-range.ts';
import type { WorkerPlan } from './decode-range.ts';

const port = parentPort!;
const encoder = new TextEncoder();

const plan = workerData as WorkerPlan;
// Not awaited at the top level: the bundle is CommonJS. A rejection still fails the worker.
void runSegments(
  plan,
  new AisDecoder(),
  blockUntilTurn(plan),
  (k, piece) => {
    // JSON bytes come in a buffer of their own; pyais text is encoded here, off the main thread.
    const data = typeof piece === 'string' ? encoder.encode(piece) : piece;
    port.postMessage({ k, data }, [data.buffer as ArrayBuffer]);
  },
  (k) => port.postMessage({ k, end: true }),
);
