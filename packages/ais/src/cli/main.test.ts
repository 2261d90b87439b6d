/**
 * CLI: spawn bin/harbor-ais.cjs (the real entry: plain Node on the compiled dist/cli.cjs,
 * rebuilt first if the sources changed) on small captures, plus in-process checks of
 * argument handling.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { capture } from '../test-support.ts';
import { main } from './main.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/harbor-ais.cjs');
const run = promisify(execFile);

// The bin runs the bundle: build it when the sources are newer than it (a no-op otherwise).
beforeAll(() => {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../../../scripts/build.mjs'), '--quiet', 'ais'], { stdio: 'inherit' });
});

async function cli(args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = run(process.execPath, [bin, ...args], { maxBuffer: 64 * 1024 * 1024 });
  if (input !== undefined) {
    child.child.stdin!.end(input);
  }
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** Run `main` in-process with captured output. */
async function inProcess(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let o = '';
  let e = '';
  out.on('data', (c: Buffer) => (o += c.toString()));
  err.on('data', (c: Buffer) => (e += c.toString()));
  const code = await main(args, { out, err });
  return { code, out: o, err: e };
}

describe('harbor-ais (spawned)', () => {
  it('prints help', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: harbor-ais');
  });

  it('decode prints one JSON object per message', async () => {
    const r = await cli(['decode', capture('kystverket_ais1000lines_2019-08-07.nm4')]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(877);
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: 1, mmsi: 257591700, talker: 'BS', receivedAt: 1565218798000 });
  });

  it('decode --format pyais reads stdin', async () => {
    const input = '!AIVDM,1,1,,A,KmMsIt?uItk2F4mp,0*42\n';
    const r = await cli(['decode', '--format', 'pyais', '-'], input);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ msg_type: 27, mmsi: 366926320, lon: -70.848333, lat: 41.46 });
  });

  it('stats --json reports types, MMSIs, time span and rejects', async () => {
    const r = await cli(['stats', '--json', capture('simpleais_sample_2016-01-10.nmea')]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      messages: 9471,
      distinctMmsi: 361,
      rejects: { incomplete_multipart: 72 },
      timeSpan: { first: '2016-01-10T23:29:12.938Z', last: '2016-01-10T23:36:20.590Z' },
    });
    expect(report.byType['1']).toBe(6836);
    // stderr is not a terminal and the file is small: no progress bar.
    expect(r.stderr).toBe('');
  });

  it('stdin redirected from a file (read as a file) and stdin from a pipe give the report of the file', async () => {
    const file = capture('kystverket_ais1000lines_2019-08-07.nm4');
    const report = (r: { stdout: string }) => ({ ...JSON.parse(r.stdout), file: undefined });
    const fromFile = report(await cli(['stats', '--json', file]));
    const fd = openSync(file, 'r');
    try {
      const redirected = spawnSync(process.execPath, [bin, 'stats', '--json', '-'], { stdio: [fd, 'pipe', 'pipe'], encoding: 'utf8' });
      expect(redirected.status).toBe(0);
      expect(report(redirected)).toEqual(fromFile);
    } finally {
      closeSync(fd);
    }
    expect(report(await cli(['stats', '--json', '-'], readFileSync(file, 'latin1')))).toEqual(fromFile);
    expect(fromFile).toMatchObject({ messages: 877, distinctMmsi: 833 });
  });

  it('fails with exit code 1 on a missing file', async () => {
    const r = await cli(['stats', '/nonexistent/file.nmea']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('ENOENT');
  });
});

describe('harbor-ais (in-process)', () => {
  it('stats prints a readable report', async () => {
    const r = await inProcess(['stats', capture('gfw_ais-tools/errors.nmea')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('messages:        3');
    expect(r.out).toMatch(/bad_checksum\s+2/);
  });

  it('decode --rejects lists rejected lines on stderr', async () => {
    const r = await inProcess(['decode', '--rejects', capture('gfw_ais-tools/errors.nmea')]);
    expect(r.out.trim().split('\n')).toHaveLength(3);
    expect(r.err.match(/^reject bad_checksum: /gm)).toHaveLength(2);
  });

  it('stats on one 32 MB line is linear: the line is counted as line_too_long and the lines after it still decode', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'harbor-ais-'));
    const file = path.join(dir, 'long-line.nmea');
    const vdm = '!AIVDM,1,1,,A,13u?etPv2;0n:dDPwUM1U1Cb069D,0*24';
    writeFileSync(file, `${vdm}\n${'9'.repeat(32 * 1024 * 1024)}\n${vdm}\n`);
    try {
      const started = performance.now();
      const r = await inProcess(['stats', '--json', '--no-progress', file]);
      const ms = performance.now() - started;
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ lines: 3, messages: 2, rejects: { line_too_long: 1 } });
      // It took 32.8 s before the cap (0.63 s for 1 MB).
      expect(ms).toBeLessThan(5000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stats accounts for every line: a sentence glued onto a $PGHP line is a several_sentences_on_one_line reject', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'harbor-ais-'));
    const file = path.join(dir, 'glued.nmea');
    const pghp = '$PGHP,1,2013,11,12,12,0,0,11,219,,2190067,1,62*26';
    const vdm = '!AIVDM,1,1,,A,13u?etPv2;0n:dDPwUM1U1Cb069D,0*24';
    writeFileSync(file, [pghp, vdm, pghp + vdm, vdm].join('\r\n') + '\r\n');
    try {
      const report = JSON.parse((await inProcess(['stats', '--json', file])).out);
      expect(report).toMatchObject({ lines: 4, messages: 2, rejects: { several_sentences_on_one_line: 1 } });
      // Lines = metadata ($PGHP) + messages + rejects.
      const rejected = Object.values(report.rejects as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(1 + report.messages + rejected).toBe(report.lines);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects bad usage with exit code 2', async () => {
    expect((await inProcess([])).code).toBe(2);
    expect((await inProcess(['frobnicate'])).code).toBe(2);
    expect((await inProcess(['decode', '--format', 'xml'])).code).toBe(2);
    expect((await inProcess(['stats'])).code).toBe(2);
    expect((await inProcess(['stats', 'a', '--bogus'])).err).toContain('unknown option --bogus');
  });
});
