/**
 * Worker thread of a parallel `harbor-ais decode` (parallel-decode.ts starts it from the
 * bundle dist/decode-worker.js): decodes its segments of the file and posts each one's
 * JSON lines as UTF-8 bytes (encoded here, off the main thread; the buffers are
 * transferred, not copied), then an end mark per segment.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AisDecoder } from '../decoder.ts';
import { blockUntilTurn, runSegments } from './decode-range.ts';
import type { WorkerPlan } from './decode-range.ts';

const port = parentPort!;
const encoder = new TextEncoder();

const plan = workerData as WorkerPlan;
await runSegments(
  plan,
  new AisDecoder(),
  blockUntilTurn(plan),
  (k, text) => {
    const data = encoder.encode(text);
    port.postMessage({ k, data }, [data.buffer]);
  },
  (k) => port.postMessage({ k, end: true }),
);
