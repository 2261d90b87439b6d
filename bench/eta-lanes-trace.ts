/**
 * One-off generator of packages/ais/src/voyages/sea-lanes.generated.ts: sea lanes between
 * real Baltic ports for the `harbor-ais simulate` voyage generator.
 *
 *   npx tsx bench/eta-lanes-trace.ts > packages/ais/src/voyages/sea-lanes.generated.ts
 *
 * Ports come from the server simulator's open-water harbour points where it has one, else
 * the UN/LOCODE point (ports-baltic-unlocode) moved to the nearest water. Each lane is an A*
 * path on a ~450 m grid whose every step is checked against GSHHG full-resolution land (the
 * server simulator's Coastline), then string-pulled by line of sight. A lane variant is the
 * path forced through an open-sea gate, kept when at most 20 % longer than the direct one; each
 * gets per-vertex widths a trip may be shifted sideways by (laneWidths).
 * The ais package stays free of server imports: the result is frozen data, checked again by
 * apps/server/src/modules/ais/voyage-lanes.test.ts.
 */
import { readFileSync } from 'node:fs';
import { MinHeap } from '../apps/server/src/lib/min-heap.ts';
import { Coastline, GSHHG_LAND } from '../apps/server/src/modules/ais/simulator/coastline.ts';
import { SIM_PORTS } from '../apps/server/src/modules/ais/simulator/sea-routes.ts';
import { LANE_OFFSETS, offsetPolyline } from '../packages/ais/src/voyages/lane-network.ts';

const PORTS_FILE = '/work/shared/data/geo/ports-baltic-unlocode.geojson';
const D_LAT = 0.004;
const D_LON = 0.008;
const LAT0 = 53;
const LON0 = 9;
const KM = 111.32;
/** Weighted A*: an inflated heuristic explores a narrow corridor (minutes -> seconds on 1,000 km
 * lanes); the path is a little longer than the shortest, and line-of-sight pulling straightens it. */
const W = 1.6;
/** An unreachable goal (a harbour basin the coastline closes off) would otherwise scan the whole sea. */
const MAX_EXPANDED = 400_000;

/**
 * Ports of the generator. `at` overrides the UN/LOCODE point: FILAN is geocoded to Nagu, and the
 * river and lagoon ports (Rostock, Travemünde, Gdańsk, Riga, Klaipėda) get their harbour mouth,
 * which the coastline's resolution connects to the sea. The 450 m grid does not thread the inner
 * Stockholm fairway (PROBE below found no path west of about 18.45E), so SESTO sits at the
 * archipelago's inner edge off Vaxholm, some 22 km short of the city quays.
 */
const WANTED: { locode: string; at?: [number, number] }[] = [
  { locode: 'FIHEL' }, { locode: 'FIVSS' }, { locode: 'EETLL' }, { locode: 'EEMUG' }, { locode: 'FITKU' },
  { locode: 'FINLI' }, { locode: 'FIMHQ' }, { locode: 'FILAN', at: [60.117, 20.295] }, { locode: 'SESTO', at: [59.42, 18.45] },
  { locode: 'SEKPS' }, { locode: 'SENYN' }, { locode: 'DERSK', at: [54.19, 12.09] },
  { locode: 'DETRV', at: [53.975, 10.9] }, { locode: 'PLGDN', at: [54.41, 18.7] }, { locode: 'LVRIX', at: [57.07, 24.02] },
  { locode: 'LTKLJ', at: [55.725, 21.06] }, { locode: 'FIHKO' }, { locode: 'FIKTK' }, { locode: 'FIRAU' },
];

/** Lanes to trace: the liner and ferry pairs plus enough cargo pairs for tramp voyages. */
const PAIRS: [string, string][] = [];
const CARGO = ['FIVSS', 'FIKTK', 'FIHKO', 'FINLI', 'FIRAU', 'EEMUG', 'SENYN', 'DERSK', 'DETRV', 'PLGDN', 'LVRIX', 'LTKLJ'];
for (let i = 0; i < CARGO.length; i++) for (let j = i + 1; j < CARGO.length; j++) PAIRS.push([CARGO[i]!, CARGO[j]!]);
PAIRS.push(
  ['FIHEL', 'EETLL'], ['FIVSS', 'EETLL'], ['FIHEL', 'FIMHQ'], ['FIMHQ', 'SESTO'], ['FITKU', 'FILAN'], ['FILAN', 'SESTO'],
  ['FITKU', 'FIMHQ'], ['FIMHQ', 'SEKPS'], ['FIHEL', 'DETRV'], ['FIHKO', 'DERSK'], ['SENYN', 'PLGDN'], ['FIHEL', 'SESTO'],
  ['EETLL', 'SESTO'], ['FINLI', 'SEKPS'],
);
/** Open-sea gates that make route variants (east/west of Gotland, Åland Sea, Gulf of Finland south side). */
const GATES: [number, number][] = [[57.2, 19.9], [57.0, 17.6], [60.0, 19.3], [59.75, 23.5], [55.7, 15.6]];

const coast = new Coastline(GSHHG_LAND, { west: 9, south: 53, east: 31, north: 66.2 });
const km = (a: [number, number], b: [number, number]) =>
  Math.hypot((b[0] - a[0]) * KM, (b[1] - a[1]) * KM * Math.cos(((a[0] + b[0]) / 2) * (Math.PI / 180)));
const cellOf = (r: number, c: number): [number, number] => [LAT0 + r * D_LAT, LON0 + c * D_LON];
const key = (r: number, c: number) => r * 10_000 + c;

interface Port {
  locode: string;
  name: string;
  lat: number;
  lon: number;
  timezone: string;
  utcOffsetStandard: string;
  utcOffsetSummer: string;
}

function loadPorts(): Port[] {
  const geo = JSON.parse(readFileSync(PORTS_FILE, 'utf8')) as {
    features: { properties: Record<string, string>; geometry: { coordinates: [number, number] } }[];
  };
  const byCode = new Map(geo.features.map((f) => [f.properties.locode!, f]));
  return WANTED.map(({ locode, at }) => {
    const f = byCode.get(locode);
    if (!f) throw new Error(`no port ${locode}`);
    const sim = SIM_PORTS.find((p) => p.locode === locode);
    let [lat, lon] = sim ? [sim.lat, sim.lon] : (at ?? [f.geometry.coordinates[1], f.geometry.coordinates[0]]);
    if (!sim) [lat, lon] = nearestWater(lat, lon);
    const p = f.properties;
    return { locode, name: p.nameAscii ?? p.name!, lat, lon, timezone: p.timezone!, utcOffsetStandard: p.utcOffsetStandard!, utcOffsetSummer: p.utcOffsetSummer! };
  });
}

/** Nearest grid point off land, searched in growing squares (UN/LOCODE points are town centres). */
function nearestWater(lat: number, lon: number): [number, number] {
  for (let ring = 0; ring < 200; ring++) {
    let best: [number, number] | null = null;
    for (let dr = -ring; dr <= ring; dr++)
      for (let dc = -ring; dc <= ring; dc++) {
        if (Math.max(Math.abs(dr), Math.abs(dc)) !== ring) continue;
        const p: [number, number] = [lat + dr * D_LAT * 0.5, lon + dc * D_LON * 0.5];
        if (!coast.onLand(p[0], p[1]) && (!best || km(p, [lat, lon]) < km(best, [lat, lon]))) best = p;
      }
    if (best) return [round4(best[0]), round4(best[1])];
  }
  throw new Error(`no water near ${lat},${lon}`);
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

const MOVES: [number, number][] = [];
for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) if ((dr || dc) && !(Math.abs(dr) === 2 && Math.abs(dc) === 2) && !(Math.abs(dr) === 2 && dc === 0) && !(dr === 0 && Math.abs(dc) === 2)) MOVES.push([dr, dc]);

/** A* from a to b over grid cells; every step is a segment that crosses no land. */
function astar(a: [number, number], b: [number, number]): [number, number][] | null {
  const attach = (p: [number, number]) => {
    const r0 = Math.round((p[0] - LAT0) / D_LAT);
    const c0 = Math.round((p[1] - LON0) / D_LON);
    const out: [number, number][] = [];
    for (let dr = -2; dr <= 2; dr++)
      for (let dc = -2; dc <= 2; dc++) {
        const cell = cellOf(r0 + dr, c0 + dc);
        if (!coast.crosses(p[0], p[1], cell[0], cell[1]) && !coast.onLand(cell[0], cell[1])) out.push([r0 + dr, c0 + dc]);
      }
    return out;
  };
  const starts = attach(a);
  const goals = new Set(attach(b).map(([r, c]) => key(r, c)));
  if (starts.length === 0 || goals.size === 0) return null;
  const g = new Map<number, number>();
  const from = new Map<number, number>();
  const heap = new MinHeap(); // f -> key(r, c)
  for (const [r, c] of starts) {
    const d = km(a, cellOf(r, c));
    g.set(key(r, c), d);
    heap.push(d + W * km(cellOf(r, c), b), key(r, c));
  }
  const closed = new Set<number>();
  while (heap.size > 0 && closed.size < MAX_EXPANDED) {
    const k = heap.pop()!;
    const r = Math.floor(k / 10_000);
    const c = k % 10_000;
    if (closed.has(k)) continue;
    closed.add(k);
    if (goals.has(k)) {
      const path: [number, number][] = [b];
      for (let x: number | undefined = k; x !== undefined; x = from.get(x)) path.push(cellOf(Math.floor(x / 10_000), x % 10_000));
      path.push(a);
      return path.reverse();
    }
    const here = cellOf(r, c);
    for (const [dr, dc] of MOVES) {
      const nr = r + dr;
      const nc = c + dc;
      const nk = key(nr, nc);
      if (closed.has(nk)) continue;
      const there = cellOf(nr, nc);
      const ng = g.get(k)! + km(here, there);
      if (ng >= (g.get(nk) ?? Infinity)) continue;
      if (coast.crosses(here[0], here[1], there[0], there[1])) continue;
      g.set(nk, ng);
      from.set(nk, k);
      heap.push(ng + W * km(there, b), nk);
    }
  }
  return null;
}

/** Greedy line-of-sight simplification: from each kept point jump to the farthest visible one. */
function pull(path: [number, number][]): [number, number][] {
  const out: [number, number][] = [path[0]!];
  let i = 0;
  while (i < path.length - 1) {
    let j = i + 1;
    // Grow the jump geometrically, then back off: far fewer long crossing checks than a linear scan.
    let step = 1;
    while (j + step < path.length && !coast.crosses(path[i]![0], path[i]![1], path[j + step]![0], path[j + step]![1])) {
      j += step;
      step *= 2;
    }
    for (; step >= 1; step = Math.floor(step / 2))
      if (j + step < path.length && !coast.crosses(path[i]![0], path[i]![1], path[j + step]![0], path[j + step]![1])) j += step;
    out.push(path[j]!);
    i = j;
  }
  return out.map(([la, lo]) => [round4(la), round4(lo)]);
}

/**
 * How far ships may spread either side of a lane: up to 1 km per vertex (none at the two harbour
 * ends), halved on both ends of any leg whose shifted copy crosses land at one of the offsets
 * the generator uses, until none does.
 */
function laneWidths(points: [number, number][]): number[] {
  const w: number[] = points.map((_, i) => (i < 2 || i >= points.length - 2 ? 0 : 1));
  for (let round = 0; round < 10; round++) {
    const bad = new Set<number>();
    for (const f of LANE_OFFSETS) {
      const p = offsetPolyline(points, w, f);
      for (let i = 0; i + 1 < p.length; i++) if (coast.crosses(p[i]![0], p[i]![1], p[i + 1]![0], p[i + 1]![1])) bad.add(i);
    }
    if (bad.size === 0) return w;
    // Rounded here, as written to the file, so the checked widths are the shipped ones.
    for (const i of bad) for (const j of [i, i + 1]) w[j] = w[j]! / 2 < 0.05 ? 0 : Math.round((w[j]! / 2) * 1000) / 1000;
  }
  return points.map(() => 0);
}

const length = (pts: [number, number][]) => pts.slice(1).reduce((s, p, i) => s + km(pts[i]!, p), 0);

// PROBE='lat,lon;lat,lon' tells which candidate harbour points connect to the open Åland Sea.
if (process.env.PROBE) {
  for (const c of process.env.PROBE.split(';')) {
    const [la, lo] = c.split(',').map(Number) as [number, number];
    const w = nearestWater(la, lo);
    const p = astar(w, [59.9, 19.6]);
    console.error(`${c} -> water ${w}: ${p ? `${Math.round(length(pull(p)))} km` : 'no path'}`);
  }
  process.exit(0);
}
const ports = loadPorts();
const at = (l: string) => {
  const p = ports.find((x) => x.locode === l)!;
  return [p.lat, p.lon] as [number, number];
};
const lanes: { from: string; to: string; variants: [number, number][][]; widthsKm: number[][] }[] = [];
for (const [a, b] of PAIRS) {
  const t0 = performance.now();
  const direct = astar(at(a), at(b));
  if (!direct) {
    console.error(`${a}-${b}: no path`);
    continue;
  }
  const main = pull(direct);
  const variants = [main];
  const len = length(main);
  for (const gate of GATES) {
    if (km(gate, at(a)) + km(gate, at(b)) > len * 1.2) continue;
    const p1 = astar(at(a), gate);
    const p2 = p1 && astar(gate, at(b));
    if (!p1 || !p2) continue;
    const v = pull([...p1, ...p2.slice(1)]);
    if (length(v) <= len * 1.2 && length(v) > len * 1.02) variants.push(v);
  }
  const kept = variants.slice(0, 3);
  lanes.push({ from: a, to: b, variants: kept, widthsKm: kept.map(laneWidths) });
  console.error(`${a}-${b}: ${Math.round(len)} km, ${main.length} points, ${variants.length} variant(s), ${Math.round(performance.now() - t0)} ms`);
}

const out: string[] = [
  '/**',
  ' * Generated by bench/eta-lanes-trace.ts: do not edit by hand. Real Baltic ports (open-water',
  ' * points near the UN/LOCODE harbours, with their IANA zone) and sea lanes between them traced',
  ' * on GSHHG full-resolution land; [lat, lon] degrees. Checked by',
  ' * apps/server/src/modules/ais/voyage-lanes.test.ts.',
  ' */',
  "import type { LanePort, SeaLane } from './types.ts';",
  '',
  'export const LANE_PORTS: LanePort[] = [',
  ...ports.map((p) => `  ${JSON.stringify(p)},`),
  '];',
  '',
  'export const SEA_LANES: SeaLane[] = [',
  ...lanes.map((l) => `  ${JSON.stringify(l)},`),
  '];',
  '',
];
process.stdout.write(out.join('\n'));
