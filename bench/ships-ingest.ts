/**
 * Ingest throughput with 200k live ships: simulator NMEA through AisDecoder
 * into the store (grid moves, history thinning on), on this one thread.
 *
 *   npx tsx bench/ships-ingest.ts        (SHIPS=200000 SECONDS=30 PACE_S=10)
 *
 * 1. Flat out: 30 simulated seconds of traffic, pre-generated, pushed as fast
 *    as possible -> messages/s and the CPU share of one core it took.
 * 2. Paced at 20k messages/s for PACE_S seconds of wall time -> CPU share at
 *    the goal rate (what is left of the core for the HTTP API).
 */
import { performance } from 'node:perf_hooks';
import { loadFleet } from './ships-fleet.ts';

const SECONDS = Number(process.env.SECONDS ?? 30);
const PACE_S = Number(process.env.PACE_S ?? 10);
const GOAL = 20_000;

const { fleet, store, ingest, now: start, seconds } = loadFleet();
store.recordHistory = true; // as the server runs it (one point per ship per 30 s)
console.log(`store: ${store.size} live ships (loaded in ${seconds.toFixed(1)} s)`);

const lines: string[] = [];
const stamps: number[] = [];
let now = start;
const g0 = performance.now();
for (let s = 0; s < SECONDS; s++) {
  now += 1000;
  fleet.step(now, 1000, (line) => {
    lines.push(line);
    stamps.push(now);
  });
}
const genS = (performance.now() - g0) / 1000;
console.log(`simulator: ${lines.length} NMEA lines for ${SECONDS} s of traffic, generated in ${genS.toFixed(2)} s (${(lines.length / genS / 1000).toFixed(0)}k lines/s)`);

function cpuMs(u: NodeJS.CpuUsage) {
  return (u.user + u.system) / 1000;
}

// 1. flat out
let m0 = ingest.messages;
let c0 = process.cpuUsage();
let w0 = performance.now();
for (let i = 0; i < lines.length; i++) ingest.push(lines[i]!, stamps[i]!);
let wall = performance.now() - w0;
let cpu = cpuMs(process.cpuUsage(c0));
const flatRate = ((ingest.messages - m0) / wall) * 1000;
console.log(`\nflat out: ${ingest.messages - m0} messages in ${(wall / 1000).toFixed(2)} s = ${(flatRate / 1000).toFixed(1)}k msg/s, CPU ${((cpu / wall) * 100).toFixed(0)}% of one core`);
console.log(`  ratio to the goal (${GOAL / 1000}k msg/s): ${(flatRate / GOAL).toFixed(1)}x; history points queued: ${store.historyQueue.length / 8}`);
store.historyQueue = [];

// 2. paced at the goal rate, replaying the same traffic with fresh timestamps
m0 = ingest.messages;
c0 = process.cpuUsage();
w0 = performance.now();
let i = 0;
let sent = 0;
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const elapsed = performance.now() - w0;
    const due = Math.floor((elapsed / 1000) * GOAL);
    const t = Date.now();
    while (sent < due) {
      // First fragments of two-part messages complete nothing: count messages, not lines.
      if (ingest.push(lines[i % lines.length]!, t)) sent++;
      i++;
    }
    if (elapsed >= PACE_S * 1000) {
      clearInterval(timer);
      resolve();
    }
  }, 10);
});
wall = performance.now() - w0;
cpu = cpuMs(process.cpuUsage(c0));
console.log(`\npaced: ${ingest.messages - m0} messages in ${(wall / 1000).toFixed(1)} s = ${(((ingest.messages - m0) / wall) * 1000 / 1000).toFixed(1)}k msg/s, CPU ${((cpu / wall) * 100).toFixed(0)}% of one core`);
console.log(`goal (20k msg/s sustained on one core): ${flatRate >= GOAL ? 'met' : 'not met'}; rejects ${ingest.rejects}`);
