/**
 * `harbor-ais simulate --days N --tracks-csv [--ships K] [--seed S] [--interval SEC] [--start ISO]
 * [--status-under-way SHARE] [--eta-at-anchor SHARE] [--truth FILE]`: months of simulated Baltic voyages as the tracks CSV of `harbor-eta replay`
 * on stdout, and the true port calls in FILE. Streamed with back-pressure: memory stays flat.
 */
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { PortCall } from '../voyages/ship-sim.ts';
import { simulateTracks, truthCsv } from '../voyages/simulate.ts';

interface Io {
  out: Writable;
  err: Writable;
}

const VALUE_OPTIONS = ['--days', '--ships', '--seed', '--interval', '--start', '--status-under-way', '--eta-at-anchor', '--truth'];

export async function simulateCommand(args: readonly string[], io: Io): Promise<number | string> {
  const values = new Map<string, string>();
  let tracksCsv = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (name === '--tracks-csv') tracksCsv = true;
    else if (VALUE_OPTIONS.includes(name)) {
      const v = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (v === undefined) return `${name} needs a value`;
      values.set(name, v);
    } else return `unknown option ${a}`;
  }
  if (!tracksCsv) return 'simulate writes --tracks-csv only (give the flag)';
  const num = (name: string, def: number, min: number, max: number) => {
    const raw = values.get(name);
    const n = raw === undefined ? def : Number(raw);
    return Number.isInteger(n) && n >= min && n <= max ? n : null;
  };
  const days = num('--days', NaN, 1, 3650);
  const ships = num('--ships', 40, 1, 10_000);
  const seed = num('--seed', 1, 0, 2 ** 32 - 1);
  const intervalSec = num('--interval', 300, 1, 86_400);
  if (days === null || Number.isNaN(days)) return '--days N (1-3650) is required';
  if (ships === null) return '--ships must be an integer 1-10000';
  if (seed === null) return '--seed must be an integer 0-4294967295';
  if (intervalSec === null) return '--interval must be an integer number of seconds';
  const start = Date.parse(values.get('--start') ?? '2025-09-01T00:00:00Z');
  if (Number.isNaN(start)) return '--start must be an ISO 8601 time';

  const statusUnderWay = Number(values.get('--status-under-way') ?? 0);
  if (!(statusUnderWay >= 0 && statusUnderWay <= 1)) return '--status-under-way must be a share from 0 to 1';
  const etaAtAnchor = Number(values.get('--eta-at-anchor') ?? 0);
  if (!(etaAtAnchor >= 0 && etaAtAnchor <= 1)) return '--eta-at-anchor must be a share from 0 to 1';

  const calls: PortCall[] = [];
  let buffered = '';
  for (const chunk of simulateTracks({ days, ships, seed, intervalSec, start, statusUnderWay, etaAtAnchor }, calls)) {
    buffered += chunk;
    if (buffered.length < 1 << 16) continue;
    if (!io.out.write(buffered)) await once(io.out, 'drain');
    buffered = '';
  }
  if (buffered && !io.out.write(buffered)) await once(io.out, 'drain');
  const truth = values.get('--truth');
  if (truth) writeFileSync(truth, truthCsv(calls));
  return 0;
}
