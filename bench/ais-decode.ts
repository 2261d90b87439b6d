/**
 * AIS decoder benchmark: @harbor/ais against gpsdecode, libais, ggencoder and
 * ais-stream-decoder, on the same sentences, in one run.
 *
 *   npx tsx bench/ais-decode.ts [--runs N] [--quick] [--only NAME]
 *
 * Every input is first reduced to its bare VDM/VDO sentences (tag blocks, prefixes and
 * $PGHP lines removed, written to a temp dir) so every decoder sees exactly the same
 * lines. External tools are timed as whole processes on the file; in-process decoders on
 * the lines already in memory. Each measurement is the best of N runs. See README-ais.md.
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { AisDecoder } from '../packages/ais/src/index.ts';
import {
  aisdecodePeer,
  aisStreamDecoderPeer,
  ggencoderPeer,
  gpsdecodePeer,
  libaisBindingPeer,
} from './ais-peers.ts';
import { timeInProcess, timeProcess } from './ais-peers.ts';
import { startupTime, wholeProcessTable } from './ais-process.ts';
import type { Input, Peer, Timing } from './ais-peers.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const BIN = path.join(repoRoot, 'packages/ais/bin/harbor-ais.cjs');
const shared = path.resolve(repoRoot, '../shared/data');
const SOURCES: [string, string][] = [
  ['synthetic-200k', 'bench/synthetic-200k.nmea'],
  ['dk2013', 'ais/captures/dma_aisabnormal_ais-sample_2013-11-12.nmea'],
  ['dk2010', 'ais/captures/dma_aislib_stream_example_2010-06-11.nmea'],
  ['dk2014drift', 'ais/captures/dma_aisabnormal_538004030_drift_2014-09-28.nmea'],
  ['no2019', 'ais/captures/kystverket_ais1000lines_2019-08-07.nm4'],
  ['us2016', 'ais/captures/simpleais_sample_2016-01-10.nmea'],
];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const RUNS = Number(arg('--runs') ?? 3);
const QUICK = process.argv.includes('--quick');
const ONLY = arg('--only');
/** CPU time (user + sys) by default: the machine is shared, and wall time then measures the neighbours. */
const METRIC: keyof Omit<Timing, 'messages'> = process.argv.includes('--wall') ? 'wall' : 'cpu';

/** Bare sentences of a capture: from the '!' of each VDM/VDO line to its end. */
function prepare(name: string, rel: string, dir: string): Input {
  const lines: string[] = [];
  for (const raw of readFileSync(path.join(shared, rel), 'latin1').split('\n')) {
    const bang = raw.indexOf('!');
    if (bang < 0) continue;
    const s = raw.slice(bang).trimEnd();
    if (s.slice(3, 6) === 'VDM' || s.slice(3, 6) === 'VDO') lines.push(s);
  }
  const file = path.join(dir, `${name}.nmea`);
  writeFileSync(file, lines.join('\n') + '\n');
  return { name, file, lines, sentences: lines.length };
}

/** Our decoder on the lines in memory (decode only, like the in-process peers). */
const oursDecode: Peer = {
  name: 'harbor (decode)',
  how: 'in-process: AisDecoder.push(line) on lines in memory',
  unavailable: () => undefined,
  run: (input) =>
    timeInProcess(() => {
      const d = new AisDecoder();
      for (const line of input.lines) d.push(line);
      d.flush();
      return d.stats.messages;
    }),
};

/** Our decoder including reading the file and finding the lines (what a process does). */
const oursFile: Peer = {
  name: 'harbor (file)',
  how: 'in-process: readFileSync + line scan + push',
  unavailable: () => undefined,
  run: (input) =>
    timeInProcess(() => {
      const text = readFileSync(input.file, 'latin1');
      const d = new AisDecoder();
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        d.push(text.slice(start, nl));
        start = nl + 1;
      }
      d.flush();
      return d.stats.messages;
    }),
};

/** The harbor-ais bin (plain Node on the compiled bundle) as a whole process, input on stdin like gpsdecode. */
function oursProcess(command: 'decode' | 'stats'): Peer {
  const args = command === 'decode' ? [BIN, 'decode', '-'] : [BIN, 'stats', '--no-progress', '-'];
  return {
    name: `harbor-ais ${command}`,
    how: `process: node bin/harbor-ais.cjs ${args.slice(1).join(' ')} < file > /dev/null${command === 'decode' ? ' (JSON lines out)' : ''}`,
    unavailable: () => undefined,
    run: (input) => timeProcess(process.execPath, args, input.file),
  };
}

const inProcessPeers = new Set(['harbor (decode)', 'ggencoder', 'ais-stream-decoder']);

async function main(): Promise<void> {
  // The bin runs packages/ais/dist: bring it up to date with the sources first.
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--quiet', 'ais'], { stdio: 'inherit' });
  const dir = path.join(os.tmpdir(), 'harbor-ais-bench');
  mkdirSync(dir, { recursive: true });
  const inputs = SOURCES.filter(([n]) => ONLY === undefined || n === ONLY).map(([n, rel]) => prepare(n, rel, dir));

  const peers: Peer[] = [
    oursDecode,
    oursFile,
    oursProcess('decode'),
    oursProcess('stats'),
    gpsdecodePeer('dump'),
    gpsdecodePeer('json'),
    libaisBindingPeer(),
    ggencoderPeer(),
    aisStreamDecoderPeer(),
  ];
  if (!QUICK) peers.push(aisdecodePeer());
  const available = peers.filter((p) => {
    const why = p.unavailable();
    if (why !== undefined) console.log(`skip ${p.name}: ${why}`);
    return why === undefined;
  });

  // Warm up the JIT of the in-process decoders on every input (all message types).
  for (const p of available.filter((x) => inProcessPeers.has(x.name) || x === oursFile)) {
    for (const input of inputs) await p.run(input);
  }

  const best = new Map<string, Map<string, number>>(); // peer -> input -> seconds
  for (let r = 0; r < RUNS; r++) {
    for (const input of inputs) {
      for (const p of available) {
        if (p.slow === true && r > 0) continue;
        const seconds = (await p.run(input))[METRIC];
        const m = best.get(p.name) ?? new Map<string, number>();
        m.set(input.name, Math.min(m.get(input.name) ?? Infinity, seconds));
        best.set(p.name, m);
      }
    }
  }

  const rate = (peer: string, input?: Input) => {
    const m = best.get(peer)!;
    const list = input ? [input] : inputs;
    const secs = list.reduce((a, i) => a + m.get(i.name)!, 0);
    return list.reduce((a, i) => a + i.sentences, 0) / secs;
  };
  const fmt = (v: number) => (v >= 1e6 ? `${(v / 1e6).toFixed(2)} M` : `${Math.round(v / 1e3)} k`);

  const load = os.loadavg()[0]!.toFixed(1);
  console.log(
    `\nnode ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, load ${load}; ` +
      `${METRIC} time, best of ${RUNS} runs (slow peers: 1)\n`,
  );
  console.log(`inputs: ${inputs.map((i) => `${i.name} ${i.sentences}`).join(', ')} sentences\n`);
  const header = ['decoder', 'measured as', ...inputs.map((i) => i.name), 'all', 'decode ÷ peer', 'file ÷ peer'];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  const ratio = (ours: string, peer: string) => `${(rate(ours) / rate(peer)).toFixed(1)}x`;
  for (const p of available) {
    const isOurs = p.name.startsWith('harbor');
    const cells = [p.name, p.how, ...inputs.map((i) => fmt(rate(p.name, i))), fmt(rate(p.name))];
    cells.push(isOurs ? '' : ratio('harbor (decode)', p.name), isOurs ? '' : ratio('harbor (file)', p.name));
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log('\nsentences/s over the same bare sentences. "decode ÷ peer": our decoder on lines in memory');
  console.log('against the peer; "file ÷ peer": ours including reading and splitting the file (the fair');
  console.log('figure against whole processes).');

  const synthetic = inputs.find((i) => i.name === 'synthetic-200k');
  if (synthetic) {
    console.log(`\nWhole processes on synthetic-200k (${synthetic.sentences} sentences), best of ${RUNS}, interleaved:\n`);
    for (const line of wholeProcessTable(synthetic, RUNS, BIN)) console.log(line);
  }
  // The synthetic file is regular (every position a whole 1e-5 degrees, no tag blocks); the
  // real captures show what a feed costs. Their bare sentences joined, same processes.
  const real = inputs.filter((i) => i !== synthetic);
  if (real.length > 1) {
    const lines = real.flatMap((i) => i.lines);
    const file = path.join(dir, 'real-captures.nmea');
    writeFileSync(file, lines.join('\n') + '\n');
    const joined: Input = { name: 'real captures', file, lines, sentences: lines.length };
    console.log(`\nWhole processes on the ${real.length} real captures joined (${lines.length} sentences; the goals are for synthetic-200k):\n`);
    for (const line of wholeProcessTable(joined, RUNS, BIN)) console.log(line);
  }
  const runs = Math.max(RUNS, 10);
  const startLine = (label: string, env?: NodeJS.ProcessEnv) => {
    const start = startupTime(BIN, path.join(dir, 'one-line.nmea'), runs, env);
    const goal = start.cli < 0.1 ? 'met' : 'NOT met';
    return `${label}: harbor-ais decode on a one-line file ${(start.cli * 1000).toFixed(0)} ms wall (bare \`node -e 0\`: ${(start.node * 1000).toFixed(0)} ms), best of ${runs}; goal < 100 ms: ${goal}.`;
  };
  console.log(`\n${startLine('Start-up')}`);
  // Node reads NODE_EXTRA_CA_CERTS at every start, before any script: on the 2026-11 machine it
  // made a bare `node -e 0` about 40 ms slower. The same figures without it show our share.
  if (process.env.NODE_EXTRA_CA_CERTS) {
    const { NODE_EXTRA_CA_CERTS: _ignored, ...env } = process.env;
    console.log(startLine('Start-up without NODE_EXTRA_CA_CERTS (set here)', env));
  }
}

await main();
