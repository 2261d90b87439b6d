/**
 * AIS_SOURCE: comma-separated sources, all running at once.
 *   digitraffic | tcp://host:port | tcp-listen://[host]:port | udp://[host]:port
 *   replay:FILE[?speed=N&keepTime=1] | simulator[?ships=N&seed=S&rate=R] | none
 * (rate: the simulator reports R times as often as AIS does, for load tests)
 */
export type SourceSpec =
  | { kind: 'digitraffic'; name: string }
  | { kind: 'tcp' | 'tcp-listen' | 'udp'; name: string; host: string; port: number }
  | { kind: 'replay'; name: string; file: string; speed: number; keepTime: boolean }
  | { kind: 'simulator'; name: string; ships: number; seed: number; rate: number };

export class SourceSpecError extends Error {}

const DEFAULT_SIM_SHIPS = 300;

function params(query: string | undefined): URLSearchParams {
  return new URLSearchParams(query ?? '');
}

function number(name: string, value: string | null, fallback: number, min: number, max: number): number {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new SourceSpecError(`${name} must be a number from ${min} to ${max}`);
  return n;
}

export function parseSourceSpec(raw: string): SourceSpec | null {
  const name = raw.trim();
  if (name === '' || name === 'none') return null;
  if (name === 'digitraffic') return { kind: 'digitraffic', name };
  const net = /^(tcp|tcp-listen|udp):\/\/(\[[^\]]+\]|[^:/]*):(\d{1,5})\/?$/.exec(name);
  if (net) {
    const port = Number(net[3]);
    if (port > 65535) throw new SourceSpecError(`${name}: port out of range`);
    const host = net[2]!.replace(/^\[|\]$/g, '');
    if (net[1] === 'tcp' && !host) throw new SourceSpecError(`${name}: tcp:// needs a host`);
    return { kind: net[1] as 'tcp' | 'tcp-listen' | 'udp', name, host, port };
  }
  if (name.startsWith('replay:')) {
    const [file, query] = name.slice(7).split('?', 2);
    if (!file) throw new SourceSpecError(`${name}: replay needs a file`);
    const p = params(query);
    return { kind: 'replay', name, file, speed: number('speed', p.get('speed'), 1, 0, 1e6), keepTime: p.get('keepTime') === '1' || p.get('keepTime') === 'true' };
  }
  if (name === 'simulator' || name.startsWith('simulator?')) {
    const p = params(name.split('?', 2)[1]);
    return {
      kind: 'simulator', name,
      ships: number('ships', p.get('ships'), DEFAULT_SIM_SHIPS, 1, 1_000_000),
      seed: number('seed', p.get('seed'), 1, 0, 2 ** 31),
      rate: number('rate', p.get('rate'), 1, 0.01, 100),
    };
  }
  throw new SourceSpecError(`${name}: unknown AIS source (digitraffic, tcp://host:port, tcp-listen://:port, udp://:port, replay:FILE, simulator, none)`);
}

export function parseSourceSpecs(value: string): SourceSpec[] {
  return value.split(',').map(parseSourceSpec).filter((s): s is SourceSpec => s !== null);
}
