/**
 * The top of a V8 CPU profile (`node --cpu-prof`): self time per function and
 * per package/module, for bench/README-load.md.
 *
 *   npx tsx bench/cpuprofile-top.ts /tmp/prof/CPU.*.cpuprofile   (TOP=25, LAST_S)
 *
 * LAST_S=25 keeps only the samples of the last 25 s of the profile: load.ts
 * exits right after its load phase, so that leaves out start-up and seeding.
 * When the exit lingers (closing pools, dropping a schema), TIMELINE=1 prints
 * the busy share per 5 s and FROM_S=12 TO_S=42 keeps that window instead.
 * INCLUSIVE=1 also prints the time per function with its callees (what a route's
 * serializer, say, costs in all), idle samples left out.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const TOP = Number(process.env.TOP ?? 25);
const LAST_US = Number(process.env.LAST_S ?? Infinity) * 1e6;
const FROM_US = Number(process.env.FROM_S ?? 0) * 1e6;
const TO_US = Number(process.env.TO_S ?? Infinity) * 1e6;
const timeline = new Map<number, { busy: number; all: number }>();
const files = process.argv.slice(2);
const byFn = new Map<string, number>();
const byModule = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let busyTotal = 0;
const nameOf = (n: Node) => {
  const url = n.callFrame.url.replace(/^file:\/\//, '').replace(/^.*\/work\/main\//, '');
  return { url, fn: `${n.callFrame.functionName || '(anonymous)'} ${url ? `${url}:${n.callFrame.lineNumber + 1}` : ''}`.trim() };
};
for (const file of files) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const end = p.timeDeltas.reduce((s, d) => s + d, 0);
  let at = 0;
  p.samples.forEach((id, i) => {
    const n = nodes.get(id)!;
    const dt = p.timeDeltas[i] ?? 0;
    at += dt;
    const slot = timeline.get(Math.floor(at / 5e6)) ?? { busy: 0, all: 0 };
    slot.all += dt;
    if (n.callFrame.functionName !== '(idle)') slot.busy += dt;
    timeline.set(Math.floor(at / 5e6), slot);
    if (end - at > LAST_US || at < FROM_US || at > TO_US) return;
    total += dt;
    const { url, fn } = nameOf(n);
    if (process.env.INCLUSIVE && n.callFrame.functionName !== '(idle)') {
      busyTotal += dt;
      const seen = new Set<string>();
      for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
        const name = nameOf(nodes.get(up)!).fn;
        if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
        seen.add(name);
      }
    }
    byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
    const mod = url.includes('node_modules/')
      ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
      : url.startsWith('node:') ? url : url ? url.split('/').slice(0, 5).join('/') : n.callFrame.functionName;
    byModule.set(mod, (byModule.get(mod) ?? 0) + dt);
  });
}
const show = (title: string, m: Map<string, number>, of = total) => {
  console.log(`\n${title} (of ${(of / 1e6).toFixed(1)} s sampled)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${((v / of) * 100).toFixed(1).padStart(5)} %  ${k}`);
};
if (process.env.TIMELINE) {
  console.log('busy share per 5 s from the start of the profile');
  for (const [k, v] of [...timeline].sort((a, b) => a[0] - b[0])) console.log(`${String(k * 5).padStart(4)} s  ${((v.busy / v.all) * 100).toFixed(0).padStart(3)} %`);
}
show('self time by module', byModule);
show('self time by function', byFn);
if (process.env.INCLUSIVE) show('time with callees by function, busy samples only', inclusive, busyTotal);
