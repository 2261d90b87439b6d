/**
 * Decoders compared by ais-decode.ts. Each peer either runs in-process on the lines
 * already in memory, or as an external process on the file (whole process timed: start,
 * read, decode, print). A peer whose tool is missing reports why and is skipped.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface Input {
  name: string;
  /** File of bare VDM/VDO sentences, one per line. */
  file: string;
  lines: string[];
  sentences: number;
}

/** One measurement: wall-clock and CPU seconds (user + system). */
export interface Timing {
  wall: number;
  cpu: number;
  messages: number;
}

/** Time a synchronous in-process loop. */
export function timeInProcess(fn: () => number): Timing {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const messages = fn();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1e6, messages };
}

export interface Peer {
  name: string;
  /** How it is measured, for the table. */
  how: string;
  /** Why it cannot run, or undefined when available. */
  unavailable(): string | undefined;
  /** One run over the input. */
  run(input: Input): Timing | Promise<Timing>;
  /** Slow peers are run once instead of `repeat` times. */
  slow?: boolean;
}

const require = createRequire(import.meta.url);

function tryRequire(name: string): unknown {
  try {
    return require(name);
  } catch {
    return undefined;
  }
}

const PYTHON = '/usr/bin/python3';
/** Runs a command and prints the children's user+sys CPU seconds (getrusage, microsecond resolution). */
const RUSAGE_WRAPPER =
  'import resource, subprocess, sys\n' +
  'r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n' +
  'u = resource.getrusage(resource.RUSAGE_CHILDREN)\n' +
  'print(r.returncode, u.ru_utime + u.ru_stime)';

/**
 * Time a whole external process with the file on stdin and stdout discarded. CPU time
 * (user + sys of the child) comes from getrusage through a small python3 wrapper when
 * python3 is installed; otherwise CPU time = wall time.
 */
export function timeProcess(cmd: string, args: string[], stdinFile: string): Timing {
  const fd = openSync(stdinFile, 'r');
  try {
    if (existsSync(PYTHON)) {
      const t0 = performance.now();
      const r = spawnSync(PYTHON, ['-c', RUSAGE_WRAPPER, cmd, ...args], { stdio: [fd, 'pipe', 'inherit'] });
      const wall = (performance.now() - t0) / 1000;
      const [code, cpu] = r.stdout.toString().trim().split(' ').map(Number);
      if (code !== 0) throw new Error(`${cmd} exited with ${code}`);
      return { wall, cpu: cpu!, messages: NaN };
    }
    const t0 = performance.now();
    const r = spawnSync(cmd, args, { stdio: [fd, 'ignore', 'ignore'] });
    const wall = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`${cmd} exited with ${r.status}`);
    return { wall, cpu: wall, messages: NaN };
  } finally {
    closeSync(fd);
  }
}

function which(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, cmd);
    if (existsSync(p)) return p;
  }
  return existsSync(`/usr/bin/${cmd}`) ? `/usr/bin/${cmd}` : undefined;
}

export function gpsdecodePeer(mode: 'dump' | 'json'): Peer {
  const args = mode === 'dump' ? ['-c'] : [];
  return {
    name: mode === 'dump' ? 'gpsdecode -c' : 'gpsdecode (JSON)',
    how: `process: gpsdecode ${args.join(' ')} < file > /dev/null`.replace('  ', ' '),
    unavailable: () => (which('gpsdecode') ? undefined : 'gpsdecode not found (Debian package gpsd-clients)'),
    run: (input) => timeProcess(which('gpsdecode')!, args, input.file),
  };
}

/** libais through its C++ Python binding, timed inside Python (see ais-libais.py). */
export function libaisBindingPeer(): Peer {
  const harness = path.resolve(import.meta.dirname, 'ais-libais.py');
  return {
    name: 'libais ais.decode',
    how: 'python3 loop calling the C++ binding (in-process time)',
    unavailable() {
      if (!existsSync(PYTHON)) return `${PYTHON} not found`;
      const r = spawnSync(PYTHON, ['-c', 'import ais'], { stdio: 'ignore' });
      return r.status === 0 ? undefined : 'python3 module "ais" missing (Debian package python3-ais)';
    },
    run(input) {
      const r = spawnSync(PYTHON, [harness, input.file], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`libais harness failed: ${r.stderr}`);
      const out = JSON.parse(r.stdout) as { wall: number; cpu: number; messages: number };
      return { wall: out.wall, cpu: out.cpu, messages: out.messages };
    },
  };
}

/** libais's own CLI (`aisdecode`, Debian libais-tools): a Python stream wrapper printing JSON. */
export function aisdecodePeer(): Peer {
  return {
    name: 'libais aisdecode',
    how: 'process: aisdecode < file > /dev/null',
    slow: true,
    unavailable: () => (existsSync('/usr/bin/aisdecode') ? undefined : 'aisdecode not found (Debian libais-tools)'),
    run: (input) => timeProcess('/usr/bin/aisdecode', [], input.file),
  };
}

interface GgModule {
  AisDecode: new (line: string, session: object) => { valid: boolean };
}

export function ggencoderPeer(): Peer {
  const mod = tryRequire('ggencoder') as GgModule | undefined;
  return {
    name: 'ggencoder',
    how: 'in-process: new AisDecode(line, session) per line',
    unavailable: () => (mod ? undefined : 'npm package ggencoder not installed'),
    run: (input) =>
      timeInProcess(() => {
        const session = {};
        let messages = 0;
        for (const line of input.lines) if (new mod!.AisDecode(line, session).valid) messages++;
        return messages;
      }),
  };
}

interface StreamDecoder {
  on(event: string, cb: (arg: unknown) => void): void;
  write(line: string): boolean;
  end(): void;
}

export function aisStreamDecoderPeer(): Peer {
  const mod = tryRequire('ais-stream-decoder') as { default: new (o: object) => StreamDecoder } | undefined;
  return {
    name: 'ais-stream-decoder',
    how: 'in-process: Transform.write(line), JSON out (types 1-5, 8, 18, 24 only)',
    unavailable: () => (mod ? undefined : 'npm package ais-stream-decoder not installed'),
    async run(input) {
      const d = new mod!.default({ silent: true });
      let messages = 0;
      d.on('data', () => messages++);
      d.on('error', () => {});
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      // It is a stream: writes queue up once its buffer is full, so time until 'end'.
      const done = new Promise((resolve) => d.on('end', resolve));
      for (const line of input.lines) d.write(line);
      d.end();
      await done;
      const c = process.cpuUsage(c0);
      return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6, messages };
    },
  };
}
