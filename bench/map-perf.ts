/// <reference lib="dom" />
/**
 * The live map under 200k simulated ships, in headless Chromium (software GL).
 *
 *   npm run build -w @harbor/web && npx tsx bench/map-perf.ts      (SHIPS=200000 ZOOM=10 CENTER=22.0,60.0 TICK_S=15 PAN_S=10)
 *
 * Measures with the Performance API inside the page:
 *  - main-thread time of each position update tick: the `harbor:ship-tick`
 *    measure around store + source diff (use-ship-feed.ts); goal <= 16 ms;
 *  - long tasks (PerformanceObserver 'longtask') while the view idles with
 *    live updates and while panning by mouse drags; goal: none over 50 ms.
 * Not a test: the numbers go to bench/README-map.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../apps/server/src/server.ts';
import { CHROMIUM_ARGS } from '../apps/web/e2e/browser.ts';

const SHIPS = Number(process.env.SHIPS ?? 200_000);
const TICK_S = Number(process.env.TICK_S ?? 15);
const PAN_S = Number(process.env.PAN_S ?? 10);
const ZOOM = Number(process.env.ZOOM ?? 10);
/** View centre: the open sea south-west of Turku by default (dense at zoom 10, empty from about 11). */
const CENTER = (process.env.CENTER ?? '22.0,60.0').split(',').map(Number) as [number, number];

const dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-map-perf-'));
const server = await startServer({
  port: 0,
  dataDir,
  env: { LOG_LEVEL: 'warn', HOST: '127.0.0.1', AIS_SOURCE: `simulator?ships=${SHIPS}&seed=7`, AIS_PERSIST: 'false', PORTCALLS_NSW: 'false', RATE_LIMIT_PER_MIN: '100000' },
});
await new Promise((r) => setTimeout(r, 12_000)); // the simulator spreads first reports over 10 s
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  // DISABLE_GPU=1: no GPU process, so software WebGL runs on the page's main thread (for comparison).
  args: [...CHROMIUM_ARGS, ...(process.env.DISABLE_GPU === '1' ? ['--disable-gpu'] : [])],
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time per function from a CDP CPU profile (samples x interval), the 15 largest. */
function printProfile(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`;
    const ms = (deltas[i] ?? 0) / 1000;
    total += ms;
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  console.log(`\nCPU profile while panning: ${total.toFixed(0)} ms sampled; top self time`);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
}

interface Sample {
  ticks: { kind: string; ships: number; ms: number; at: number }[];
  longtasks: { at: number; ms: number }[];
}

try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __longtasks: { at: number; ms: number }[] };
    w.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longtasks.push({ at: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  await page.getByLabel(/^Email\b/).fill('buyer@harbor.test');
  await page.getByLabel(/^Password\b/).fill('harbor-demo-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.goto('/map');
  await page.locator('.maplibregl-canvas').waitFor();
  // The default view first, as a user sees it: its port labels make MapLibre compile the text shaders
  // (0.3-0.5 s in software GL, once per page), which would otherwise land in the first labels drawn later.
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="map-canvas-container"]') as (HTMLElement & { harborMap?: { loaded(): boolean } }) | null;
    return el?.harborMap?.loaded() ?? false;
  });
  await page.waitForTimeout(2000);
  await page.evaluate(
    ({ zoom, center }) => {
      const el = document.querySelector('[data-testid="map-canvas-container"]') as HTMLElement & { harborMap: { jumpTo(o: object): void } };
      el.harborMap.jumpTo({ center, zoom });
    },
    { zoom: ZOOM, center: CENTER },
  );
  await page.waitForFunction(() => performance.getEntriesByName('harbor:ship-tick').length > 0, null, { timeout: 60_000 });
  await page.waitForTimeout(3000); // settle: first snapshot, tiles, land

  const collect = (from: number) =>
    page.evaluate((t0) => {
      const ticks = performance
        .getEntriesByName('harbor:ship-tick')
        .filter((e) => e.startTime >= t0)
        .map((e) => {
          const d = (e as PerformanceMeasure).detail as { kind: string; ships: number };
          return { kind: d.kind, ships: d.ships, ms: e.duration, at: e.startTime };
        });
      const longtasks = (window as unknown as { __longtasks: { at: number; ms: number }[] }).__longtasks.filter((l) => l.at >= t0);
      return { ticks, longtasks };
    }, from) as Promise<Sample>;
  const now = () => page.evaluate(() => performance.now());

  // Phase 1: live updates with the view still.
  const t1 = await now();
  await page.waitForTimeout(TICK_S * 1000);
  const idle = await collect(t1);

  // Phase 2: panning by mouse drags (live updates continue).
  const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const panFor = async (seconds: number) => {
    const t = await now();
    const end = Date.now() + seconds * 1000;
    let dir = 1;
    while (Date.now() < end) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++) await page.mouse.move(cx + dir * i * 25, cy + dir * i * 8);
      await page.mouse.up();
      dir = -dir;
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(1000);
    return collect(t);
  };
  // PROFILE=1: a CPU profile of the page's main thread during the panning phase, top self time printed.
  const cdp = process.env.PROFILE === '1' ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const pan = await panFor(PAN_S);
  if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
  const inView = await page.evaluate(() => {
    const el = document.querySelector('[data-testid="map-canvas-container"]') as HTMLElement & {
      harborMap: { getLayer(id: string): { implementation: { buffer: { count: number } } }; getZoom(): number; queryRenderedFeatures(o: object): unknown[] };
    };
    const m = el.harborMap;
    return { zoom: m.getZoom(), features: m.getLayer('ship-markers').implementation.buffer.count, labels: m.queryRenderedFeatures({ layers: ['ship-labels'] }).length };
  });

  // SCREENSHOT=file.png: the view after panning, to see what was measured.
  if (process.env.SCREENSHOT) await page.screenshot({ path: process.env.SCREENSHOT });

  // Peer in the same run: the same panning with every ship layer hidden (base map, zones and the
  // browser's software GL only). What the ships add is the difference between the two.
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="map-canvas-container"]') as HTMLElement & {
      harborMap: { getStyle(): { layers: { id: string }[] }; setLayoutProperty(id: string, p: string, v: string): void };
    };
    for (const l of el.harborMap.getStyle().layers) if (l.id.startsWith('ship-')) el.harborMap.setLayoutProperty(l.id, 'visibility', 'none');
  });
  await page.waitForTimeout(1000);
  const peer = await panFor(PAN_S);

  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : 0);
    return { n: s.length, median: q(0.5), p95: q(0.95), max: s.at(-1) ?? 0 };
  };
  const fmt = (o: { n: number; median: number; p95: number; max: number }) => `n=${o.n} median ${o.median.toFixed(1)} ms, p95 ${o.p95.toFixed(1)} ms, max ${o.max.toFixed(1)} ms`;
  const report = (label: string, s: Sample, seconds: number) => {
    const diffs = s.ticks.filter((t) => t.kind === 'diff');
    const snaps = s.ticks.filter((t) => t.kind === 'snapshot');
    const long = s.longtasks.map((l) => l.ms);
    console.log(`\n${label} (${seconds} s)`);
    console.log(`  update ticks (diff):    ${fmt(stats(diffs.map((t) => t.ms)))}; ships per diff median ${stats(diffs.map((t) => t.ships)).median}`);
    if (snaps.length) console.log(`  snapshots:              ${fmt(stats(snaps.map((t) => t.ms)))}; ships median ${stats(snaps.map((t) => t.ships)).median}`);
    console.log(`  ticks over 16 ms:       ${s.ticks.filter((t) => t.ms > 16).length} of ${s.ticks.length} (diffs and snapshot parts)`);
    console.log(`  long tasks (> 50 ms):   ${long.length}, ${fmt(stats(long))}, total ${long.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
  };
  console.log(`server: ${SHIPS} simulated ships; map zoom ${inView.zoom.toFixed(1)}, ${inView.features} ships in the marker buffer, ${inView.labels} ship labels drawn`);
  report('live updates, view still', idle, TICK_S);
  report('panning (mouse drags) with live updates', pan, PAN_S);
  report('peer: the same panning, ship layers hidden', peer, PAN_S);
  const total = (x: Sample) => x.longtasks.reduce((a, b) => a + b.ms, 0);
  const ratio = total(peer) > 0 ? `${(total(pan) / total(peer)).toFixed(2)}x` : total(pan) > 0 ? 'hidden had none' : 'none in either';
  console.log(`\nlong-task time while panning, ships shown / hidden: ${total(pan).toFixed(0)} ms / ${total(peer).toFixed(0)} ms (${ratio})`);
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
