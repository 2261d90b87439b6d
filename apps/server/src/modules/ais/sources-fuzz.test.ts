/**
 * NMEA fuzz of the network sources (tcp, tcp-listen, udp): seeded garbage bytes,
 * half sentences, sentences cut across writes and datagrams, lines far over the
 * cap without a newline, and floods from several peers at once. The server must
 * stay up, hold memory bounded, and still decode every valid sentence mixed in.
 * (The decoder itself gets a million mutated lines in packages/ais fuzz.test.ts.)
 */
import { createSocket } from 'node:dgram';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAis } from '@harbor/ais';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { eventually } from './ais-test-helpers.ts';
import { prng } from './simulator/legs.ts';
import type { TcpListenSource, UdpSource } from './sources/network-sources.ts';

const sentence = (mmsi: number, r: () => number) =>
  encodeAis({ type: 1, mmsi, lat: 59 + r() * 2, lon: 20 + r() * 5, speed: 10, course: 90, heading: 90, status: 0 })[0]!;

/** Bytes a broken receiver or a port scanner might send; no '\n', so each item stays one line. */
function garbage(r: () => number, sample: string): string {
  const kind = Math.floor(r() * 4);
  const len = Math.floor(r() * 160);
  if (kind === 0) return sample.slice(0, Math.floor(r() * sample.length)); // half a sentence
  if (kind === 1) return sample.slice(Math.floor(r() * sample.length)); // its other half
  let s = '';
  for (let i = 0; i < len; i++) {
    const c = Math.floor(r() * 256);
    s += c === 10 ? '\r' : String.fromCharCode(kind === 2 ? c : 32 + (c % 95));
  }
  return s;
}

/**
 * One peer's stream: valid sentences (each returned in `valid`) between garbage,
 * half sentences and, now and then, a line of 5-40 kB without a newline.
 */
function stream(r: () => number, firstMmsi: number, items: number) {
  const parts: string[] = [];
  const valid: number[] = [];
  for (let i = 0; i < items; i++) {
    const x = r();
    const mmsi = firstMmsi + valid.length;
    if (x < 0.3) {
      parts.push(`${sentence(mmsi, r)}${r() < 0.5 ? '\r\n' : '\n'}`);
      valid.push(mmsi);
    } else if (x < 0.995) parts.push(`${garbage(r, sentence(mmsi, r))}\n`);
    else parts.push(`${'!AIVDM,1,1,,A,'.padEnd(5000 + Math.floor(r() * 35_000), String.fromCharCode(48 + Math.floor(r() * 40)))}\n`);
  }
  return { text: parts.join(''), valid };
}

/** Writes `text` in chunks of 1-3,000 characters, so sentences are cut at every kind of place. */
async function writeChunked(socket: Socket, text: string, r: () => number) {
  for (let i = 0; i < text.length; ) {
    const n = 1 + Math.floor(r() * 3000);
    const ok = socket.write(text.slice(i, i + n), 'latin1');
    i += n;
    if (!ok) await new Promise((resolve) => socket.once('drain', resolve));
  }
}

describe('NMEA fuzz of the TCP and UDP sources', () => {
  let t: TestApp;
  let receiver: Server;
  let receiverSocket: Socket | undefined;
  const r = prng(20_2026);
  beforeAll(async () => {
    receiver = createServer((s) => (receiverSocket = s));
    await new Promise<void>((res) => receiver.listen(0, '127.0.0.1', res));
    const port = (receiver.address() as { port: number }).port;
    t = await createTestApp({ AIS_SOURCE: `tcp://127.0.0.1:${port},tcp-listen://127.0.0.1:0,udp://127.0.0.1:0`, AIS_PERSIST: 'false' });
  });
  afterAll(async () => {
    await t.close();
    receiver.close();
  });

  const source = <T>(kind: string) => t.app.ais.ingestion.sources.find((s) => s.kind === kind) as T;
  const store = () => t.app.ais.vessels.store;
  const missing = (mmsis: number[]) => mmsis.filter((m) => store().slot(m) === undefined);

  it('four peers flooding tcp-listen and a receiver we read from: every valid sentence decoded, the server alive', async () => {
    const port = await eventually(() => source<TcpListenSource>('tcp-listen').address);
    const streams = [0, 1, 2, 3, 4].map((p) => stream(r, 231_000_000 + p * 100_000, 4000));
    const peers = streams.slice(0, 4).map(() => connect(port, '127.0.0.1'));
    const upstream = await eventually(() => receiverSocket);
    await Promise.all([...peers, upstream].map((s, i) => writeChunked(s, streams[i]!.text, prng(i))));
    for (const p of peers) p.end();
    const valid = streams.flatMap((s) => s.valid);
    expect(valid.length).toBeGreaterThan(5000);
    await eventually(() => missing(valid).length === 0, 15_000).catch(() => undefined);
    expect(missing(valid)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a peer sending 96 MB without a newline is held to the line cap, and the sentence after it decodes', async () => {
    const port = source<TcpListenSource>('tcp-listen').address!;
    const peer = connect(port, '127.0.0.1');
    const junk = 'A'.repeat(64 * 1024);
    const heap0 = process.memoryUsage().heapUsed;
    let peak = heap0;
    for (let i = 0; i < 1536; i++) {
      if (!peer.write(junk)) await new Promise((res) => peer.once('drain', res));
      if (i % 64 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const after = sentence(239_000_001, r);
    peer.end(`\n${after}\n`);
    await eventually(() => store().slot(239_000_001) !== undefined, 15_000);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    // Joined up, the line alone would hold 96 MB; the cap keeps 4 kB of it.
    expect(peak - heap0).toBeLessThan(48 * 1024 * 1024);
  });

  it('UDP datagrams of garbage, half sentences and 60 kB lines: the valid lines in them decode, the source stays up', async () => {
    const port = await eventually(() => source<UdpSource>('udp').address);
    const udp = createSocket('udp4');
    const send = (text: string) => new Promise<void>((res) => udp.send(Buffer.from(text, 'latin1'), port, '127.0.0.1', () => res()));
    const { text, valid } = stream(r, 236_000_000, 3000);
    const lines = text.split('\n');
    let flood = 0;
    // Whole lines, a few per datagram; every tenth datagram ends mid-line and the next starts with the rest (not joined: UDP has no stream).
    let cut = '';
    for (let i = 0; i < lines.length; ) {
      const n = 1 + Math.floor(r() * 8);
      let datagram = cut + lines.slice(i, i + n).join('\n').slice(0, 60_000);
      cut = '';
      if (r() < 0.1) {
        const at = Math.floor(r() * datagram.length);
        cut = datagram.slice(at);
        datagram = datagram.slice(0, at);
      }
      i += n;
      await send(datagram);
      if (++flood % 16 === 0) await new Promise((res) => setImmediate(res));
    }
    await send('!AIVDM,'.padEnd(60_000, 'x'));
    // Loopback may drop datagrams of a flood when the receive buffer is full; a cut datagram may take its sentence with it.
    await new Promise((res) => setTimeout(res, 300));
    expect(valid.length - missing(valid).length).toBeGreaterThan(valid.length * 0.8);
    // Paced after the flood: every one arrives and decodes.
    const tail: number[] = [];
    for (let i = 0; i < 50; i++) {
      tail.push(237_000_000 + i);
      await send(`${garbage(r, sentence(1, r))}\n${sentence(237_000_000 + i, r)}\n${garbage(r, sentence(2, r))}`);
      await new Promise((res) => setTimeout(res, 2));
    }
    udp.close();
    await eventually(() => missing(tail).length === 0, 10_000).catch(() => undefined);
    expect(missing(tail)).toEqual([]);
    expect(source<UdpSource>('udp').status().state).toBe('connected');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
