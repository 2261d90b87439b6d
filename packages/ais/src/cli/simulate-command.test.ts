/**
 * `harbor-ais simulate`: through the compiled bin (what `npx harbor-ais` runs) and in-process
 * for the argument errors.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKS_HEADER, TRUTH_HEADER } from '../voyages/simulate.ts';
import { main } from './main.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/harbor-ais.cjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'harbor-sim-'));

/** The tracks CSV's rows (header left out) as fields, from the compiled bin. */
async function simulatedRows(args: string[]): Promise<string[][]> {
  const { stdout } = await promisify(execFile)(process.execPath, [bin, 'simulate', '--tracks-csv', ...args], { maxBuffer: 64 << 20 });
  return stdout
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
}

beforeAll(() => {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../../../scripts/build.mjs'), '--quiet', 'ais'], { stdio: 'inherit' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function inProcess(args: string[]) {
  const out = new PassThrough();
  const err = new PassThrough();
  let e = '';
  out.resume();
  err.on('data', (c: Buffer) => (e += c.toString()));
  const code = await main(args, { out, err });
  return { code, err: e };
}

describe('harbor-ais simulate', () => {
  it('writes tracks on stdout and the truth file, the same for the same seed', async () => {
    const truth = path.join(dir, 'truth.csv');
    const args = ['simulate', '--days', '2', '--tracks-csv', '--ships', '6', '--seed', '3', '--truth', truth];
    const a = await promisify(execFile)(process.execPath, [bin, ...args], { maxBuffer: 64 << 20 });
    const b = await promisify(execFile)(process.execPath, [bin, ...args], { maxBuffer: 64 << 20 });
    expect(a.stdout).toBe(b.stdout);
    const lines = a.stdout.trim().split('\n');
    expect(lines[0]).toBe(TRACKS_HEADER);
    expect(lines.length - 1).toBeGreaterThan(6 * 2 * 288 * 0.95);
    const calls = readFileSync(truth, 'utf8').trim().split('\n');
    expect(calls[0]).toBe(TRUTH_HEADER);
    expect(calls.length).toBeGreaterThan(3);
  });

  it('refuses bad arguments with exit code 2', async () => {
    expect((await inProcess(['simulate', '--tracks-csv'])).err).toContain('--days N');
    expect((await inProcess(['simulate', '--days', '2'])).code).toBe(2);
    expect((await inProcess(['simulate', '--days', 'x', '--tracks-csv'])).code).toBe(2);
    expect((await inProcess(['simulate', '--days', '1', '--tracks-csv', '--bogus'])).err).toContain('unknown option --bogus');
    expect((await inProcess(['simulate', '--days', '1', '--tracks-csv', '--status-under-way', '2'])).err).toContain('--status-under-way must be a share');
    expect((await inProcess(['simulate', '--days', '1', '--tracks-csv', '--eta-at-anchor', '-1'])).err).toContain('--eta-at-anchor must be a share');
  });

  it('--status-under-way: that share of crews never set "moored" or "at anchor"; the voyages stay the same', async () => {
    const run = (share: string) => simulatedRows(['--days', '3', '--ships', '20', '--status-under-way', share]);
    const [all, none] = [await run('1'), await run('0')];
    expect(all.filter((f) => f[7] !== '0')).toEqual([]);
    expect(none.some((f) => f[7] === '5')).toBe(true);
    // Only the status differs: the same positions at the same times.
    expect(all.map((f) => f.slice(0, 4).join())).toEqual(none.map((f) => f.slice(0, 4).join()));
  });

  it('--eta-at-anchor: crews waiting at anchor type a later ETA there; nothing else changes', async () => {
    const run = (share: string) => simulatedRows(['--days', '6', '--ships', '40', '--eta-at-anchor', share]);
    const [all, none] = [await run('1'), await run('0')];
    expect(all.map((f) => [...f.slice(0, 8), f[9]].join())).toEqual(none.map((f) => [...f.slice(0, 8), f[9]].join()));
    // Where a ship's ETA first differs (after rows that did not): at anchor (status 1), and later than the one it had shown.
    const lastSame = new Map<string, boolean>();
    const typedAt: { f: string[]; before: string }[] = [];
    all.forEach((f, i) => {
      const before = none[i]![8]!;
      const same = f[8] === before;
      if (!same && lastSame.get(f[0]!) !== false) typedAt.push({ f, before });
      lastSame.set(f[0]!, same);
    });
    expect(typedAt.length).toBeGreaterThan(0);
    expect(typedAt.every(({ f }) => f[7] === '1')).toBe(true);
    expect(typedAt.every(({ f, before }) => !before || Date.parse(f[8]!) > Date.parse(before))).toBe(true);
  });
});
