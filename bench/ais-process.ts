/**
 * Whole-process figures of the harbor-ais bin for ais-decode.ts: decode (JSON lines out; also
 * on one thread) and stats against gpsdecode on the same file, each run as a process with
 * the file on stdin and stdout discarded (start-up, reading, decoding and printing all
 * count), and the start-up time on a one-line file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Input, Timing } from './ais-peers.ts';
import { timeProcess } from './ais-peers.ts';

/** The goals: gpsdecode's time ÷ ours. */
const GOALS: Record<string, number> = { 'harbor-ais decode': 1.5, 'harbor-ais stats': 3.5 };

interface Row {
  name: string;
  cmd: string;
  args: string[];
}

/** Markdown table of the processes, best wall and best CPU time of `runs` interleaved runs. */
export function wholeProcessTable(input: Input, runs: number, bin: string): string[] {
  const gpsdecode = ['/usr/bin/gpsdecode', '/usr/local/bin/gpsdecode'].find((p) => existsSync(p));
  const rows: Row[] = [
    { name: 'harbor-ais decode', cmd: process.execPath, args: [bin, 'decode', '-'] },
    // The default decodes a file of 4 MiB or more on every core unless the load average says
    // none is spare; these two force one thread and every core, to show what each costs.
    { name: 'harbor-ais decode, 1 thread', cmd: '/usr/bin/env', args: ['HARBOR_AIS_THREADS=1', process.execPath, bin, 'decode', '-'] },
    {
      name: `harbor-ais decode, ${os.availableParallelism()} threads`,
      cmd: '/usr/bin/env',
      args: [`HARBOR_AIS_THREADS=${os.availableParallelism()}`, process.execPath, bin, 'decode', '-'],
    },
    { name: 'harbor-ais stats', cmd: process.execPath, args: [bin, 'stats', '--no-progress', '-'] },
  ];
  if (gpsdecode) {
    rows.push({ name: 'gpsdecode', cmd: gpsdecode, args: [] }, { name: 'gpsdecode -c', cmd: gpsdecode, args: ['-c'] });
  }
  const best = new Map<string, Omit<Timing, 'messages'>>();
  for (let r = 0; r < runs; r++) {
    for (const row of rows) {
      const t = timeProcess(row.cmd, row.args, input.file);
      const b = best.get(row.name) ?? { wall: Infinity, cpu: Infinity };
      best.set(row.name, { wall: Math.min(b.wall, t.wall), cpu: Math.min(b.cpu, t.cpu) });
    }
  }
  const json = best.get('gpsdecode');
  const dump = best.get('gpsdecode -c');
  const ratio = (peer: Omit<Timing, 'messages'> | undefined, t: Omit<Timing, 'messages'>) =>
    peer ? `${(peer.wall / t.wall).toFixed(2)}x / ${(peer.cpu / t.cpu).toFixed(2)}x` : 'n/a';
  const out = [
    '| process | wall s | CPU s | gpsdecode ÷ it (wall / CPU) | gpsdecode -c ÷ it (wall / CPU) | goal |',
    '|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const t = best.get(row.name)!;
    const goal = GOALS[row.name];
    const met = goal === undefined || !json ? '' : `>= ${goal}x: ${json.wall / t.wall >= goal && json.cpu / t.cpu >= goal ? 'met' : 'NOT met'}`;
    const mine = row.name.startsWith('harbor');
    out.push(`| ${row.name} | ${t.wall.toFixed(3)} | ${t.cpu.toFixed(3)} | ${mine ? ratio(json, t) : ''} | ${mine ? ratio(dump, t) : ''} | ${met} |`);
  }
  if (!gpsdecode) out.push('', 'gpsdecode not found (Debian package gpsd-clients): no ratios.');
  return out;
}

/** Best wall time of `harbor-ais decode` on a one-line file, and of a bare `node -e 0`, over `runs` runs. */
export function startupTime(bin: string, file: string, runs: number, env: NodeJS.ProcessEnv = process.env): { cli: number; node: number } {
  writeFileSync(file, '!AIVDM,1,1,,A,KmMsIt?uItk2F4mp,0*42\n');
  const wall = (args: string[]) => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { stdio: 'ignore', env });
    if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${r.status}`);
    return (performance.now() - t0) / 1000;
  };
  let cli = Infinity;
  let node = Infinity;
  for (let i = 0; i < runs; i++) {
    cli = Math.min(cli, wall([bin, 'decode', file]));
    node = Math.min(node, wall(['-e', '0']));
  }
  return { cli, node };
}
