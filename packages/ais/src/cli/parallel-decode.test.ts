/**
 * Parallel `harbor-ais decode` (parallel-decode.ts): the compiled bin, forced onto the
 * parallel path with a small size threshold, prints byte for byte what a single pass
 * (HARBOR_AIS_THREADS=1) prints: on every capture, a slice of the synthetic file, the
 * malformed lines, and files cut right inside a multipart message, between a $PGHP time
 * line and its sentence, and between a tag-block-only line and its sentence.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MalformedRecord } from '../test-support.ts';
import { aisDataDir, capture, capturesDir, readJsonl, readLinesSync, syntheticFile } from '../test-support.ts';
import { nominalCut } from './parallel-decode.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/harbor-ais.cjs');
let dir: string;

beforeAll(() => {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../../../scripts/build.mjs'), '--quiet', 'ais'], { stdio: 'inherit' });
  dir = mkdtempSync(path.join(os.tmpdir(), 'harbor-ais-parallel-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  stdout: Buffer;
  stderr: string;
}

/** The bin on `file` (or on stdin redirected from it) with these environment variables. */
function decode(file: string, env: Record<string, string>, opts: { stdin?: boolean; args?: string[] } = {}): Run {
  const fd = opts.stdin === true ? openSync(file, 'r') : undefined;
  try {
    const r = spawnSync(process.execPath, [bin, 'decode', ...(opts.args ?? []), opts.stdin === true ? '-' : file], {
      env: { ...process.env, ...env },
      stdio: [fd ?? 'ignore', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    });
    if (r.status !== 0) throw new Error(`harbor-ais exited with ${r.status}: ${r.stderr.toString()}`);
    return { stdout: r.stdout, stderr: r.stderr.toString() };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const single = (file: string, args?: string[]) => decode(file, { HARBOR_AIS_THREADS: '1', HARBOR_AIS_DEBUG_PARALLEL: '1' }, { args });

/** Parallel with `threads` threads and segments of `segmentBytes` (many cuts when small). */
function parallel(file: string, threads: number, segmentBytes?: number, opts: { stdin?: boolean; args?: string[] } = {}): Run {
  const env: Record<string, string> = { HARBOR_AIS_THREADS: String(threads), HARBOR_AIS_PARALLEL_MIN_BYTES: '0', HARBOR_AIS_DEBUG_PARALLEL: '1' };
  if (segmentBytes !== undefined) env.HARBOR_AIS_SEGMENT_BYTES = String(segmentBytes);
  return decode(file, env, opts);
}

/** Asserts the parallel runs print exactly the single pass's bytes, and did run in parallel. */
function expectSameAsSinglePass(file: string): void {
  const size = readFileSync(file).length;
  const one = single(file);
  expect(one.stderr).toBe('');
  expect(one.stdout.length).toBeGreaterThan(0);
  // Two threads, two segments (the natural split); three threads with ~40 segments, so
  // threads also scan segments between their own and wait for their turn to be written.
  for (const run of [parallel(file, 2), parallel(file, 3, Math.ceil(size / 40))]) {
    expect(run.stderr).toMatch(/^parallel decode: \d threads, segments at /);
    expect(run.stdout.equals(one.stdout)).toBe(true);
  }
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The segment offsets the bin reported. */
function cuts(run: Run): number[] {
  return run.stderr.replace(/^.*segments at /, '').trim().split(' ').map(Number);
}

/**
 * A file of `filler` lines around `block`, sized so that two threads cut it right after
 * `block[cutAfter]` (the cut is the first line end at or after `nominalCut`: about half the
 * file, plus the main thread's head start).
 */
function straddling(name: string, block: string[], cutAfter: number, filler: string[]): { file: string; cut: number } {
  const head = filler.slice(0, 200).join('\n') + '\n' + block.slice(0, cutAfter + 1).join('\n') + '\n';
  const lastLineStart = head.length - block[cutAfter]!.length - 1;
  // Whole filler lines, then a line of spaces (no output either way) for the last bytes.
  for (let n = 0; n < filler.length; n++) {
    for (let pad = 0; pad < 100; pad++) {
      const text = head + block.slice(cutAfter + 1).join('\n') + '\n' + filler.slice(200, 200 + n).join('\n') + '\n' + ' '.repeat(pad) + '\n';
      const aim = nominalCut(0, text.length, 2, 1);
      if (aim >= lastLineStart && aim < head.length) return { file: write(name, text), cut: head.length };
    }
  }
  throw new Error('no filler length puts the cut there');
}

describe('parallel decode (the compiled bin)', () => {
  it('prints byte for byte the single pass on every capture', () => {
    const files = readdirSync(capturesDir)
      .filter((f) => /\.nm(ea|4)$/.test(f))
      .map((f) => capture(f));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) expectSameAsSinglePass(file);
    // The small gfw_ais-tools samples (multipart, errors, tag-block groups) joined.
    const gfw = path.join(capturesDir, 'gfw_ais-tools');
    const joined = readdirSync(gfw)
      .sort()
      .map((f) => readFileSync(path.join(gfw, f), 'latin1'))
      .join('\n');
    expectSameAsSinglePass(write('gfw.nmea', joined));
  }, 240_000);

  it('prints byte for byte the single pass on a slice of the synthetic file, from a file and from stdin, json and pyais', () => {
    const text = readFileSync(syntheticFile, 'latin1');
    const file = write('synthetic-slice.nmea', text.slice(0, text.indexOf('\n', 1_500_000) + 1));
    expectSameAsSinglePass(file);
    const one = single(file);
    expect(parallel(file, 2, undefined, { stdin: true }).stdout.equals(one.stdout)).toBe(true);
    expect(parallel(file, 2, 100_000, { args: ['--format', 'pyais'] }).stdout.equals(single(file, ['--format', 'pyais']).stdout)).toBe(true);
  }, 120_000);

  it('prints byte for byte the single pass on the malformed lines', () => {
    const records = readJsonl<MalformedRecord>(path.join(aisDataDir, 'malformed.jsonl'));
    const lines = records.flatMap((r) => [...(r.raw ?? []), ...r.nmea]);
    // Some valid lines in between, so that the output is not empty and cuts fall among them.
    const valid = readLinesSync(capture('dma_aisabnormal_ais-sample_2013-11-12.nmea')).slice(0, 300);
    const mixed = lines.flatMap((l, i) => [l, valid[i % valid.length]!, valid[(i + 1) % valid.length]!]);
    expectSameAsSinglePass(write('malformed.nmea', mixed.join('\n') + '\n'));
  }, 60_000);

  it('cut inside a multipart message, between $PGHP and its sentence, and after a tag-block-only line', () => {
    const filler = readLinesSync(syntheticFile).slice(0, 2000);
    const multi = readLinesSync(path.join(capturesDir, 'gfw_ais-tools/multi-part.nmea')).slice(0, 2);
    expect(multi[0]).toContain(',2,1,');
    expect(multi[1]).toContain(',2,2,');
    // dk2013 has "\si:...\", "$PGHP,..." lines before each sentence: its first multipart, with the two lines before it.
    const dk = readLinesSync(capture('dma_aisabnormal_ais-sample_2013-11-12.nmea'));
    const first = dk.findIndex((l, i) => l.includes('VDM,2,1,') && dk[i + 1]?.includes('VDM,2,2,'));
    expect(first).toBeGreaterThan(1);
    const dkBlock = dk.slice(first - 2, first + 2); // tag, $PGHP, fragment 1, fragment 2
    expect(dkBlock[1]).toMatch(/^\$PGHP,/);
    // A kystverket line with its tag block (the receive time) on a line of its own.
    const kyst = readLinesSync(capture('kystverket_ais1000lines_2019-08-07.nm4'))[0]!;
    const tagBlock = [kyst.slice(0, kyst.indexOf('!')), kyst.slice(kyst.indexOf('!'))];
    expect(tagBlock[0]).toMatch(/^\\c:\d+\*[0-9A-F]{2}\\$/);
    const cases = [
      { block: multi, ...straddling('multipart.nmea', multi, 0, filler) }, // between the fragments
      { block: dkBlock, ...straddling('dk-multipart.nmea', dkBlock, 2, filler) }, // between the fragments, time from $PGHP
      { block: dkBlock, ...straddling('dk-pghp.nmea', dkBlock, 1, filler) }, // between $PGHP and fragment 1
      { block: tagBlock, ...straddling('tag-only.nmea', tagBlock, 0, filler) }, // between a tag-block-only line and its sentence
    ];
    for (const { block, file, cut } of cases) {
      const one = single(file);
      const two = parallel(file, 2);
      expect(cuts(two)).toEqual([0, cut, -1]);
      expect(two.stdout.equals(one.stdout)).toBe(true);
      // The message across the cut is in the output as decoded alone (with its receive
      // time when the block has one): a naive split would lose it, or its time.
      const alone = single(write('alone.nmea', block.join('\n') + '\n')).stdout.toString();
      expect(alone.trim().split('\n')).toHaveLength(1);
      if (block !== multi) expect(alone).toContain('"receivedAt"');
      expect(one.stdout.toString()).toContain(alone);
    }
  }, 120_000);
});
