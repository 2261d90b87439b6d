import { createSocket } from 'node:dgram';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAis } from '@harbor/ais';
import type { AisStatusResponse } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { eventually, KYSTVERKET, replayDone } from './ais-test-helpers.ts';
import type { TcpListenSource, UdpSource } from './sources/network-sources.ts';

const position = (mmsi: number, lat: number, lon: number) => encodeAis({ type: 1, mmsi, lat, lon, speed: 10, course: 90, heading: 90, status: 0 })[0]!;

describe('AIS sources and /v1/ais/status', () => {
  let t: TestApp;
  let receiver: Server;
  let receiverSocket: Socket | undefined;
  beforeAll(async () => {
    // A receiver such as AIS-catcher that we connect to.
    receiver = createServer((s) => (receiverSocket = s));
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    t = await createTestApp({ AIS_SOURCE: `replay:${KYSTVERKET}?speed=0,tcp://127.0.0.1:${port},tcp-listen://127.0.0.1:0,udp://127.0.0.1:0` });
    await replayDone(t.app);
  });
  afterAll(async () => {
    await t.close();
    receiver.close();
  });

  const source = <T>(kind: string) => t.app.ais.ingestion.sources.find((s) => s.kind === kind) as T;
  const store = () => t.app.ais.vessels.store;

  it('reads NMEA from a receiver we connect to', async () => {
    const sock = await eventually(() => receiverSocket);
    sock.write(`${position(230000001, 60.1, 24.9)}\r\n!AIVDM,1,1,,A,bad*00\r\n`);
    await eventually(() => store().slot(230000001) !== undefined);
  });

  it('accepts receivers that connect to us, and UDP datagrams', async () => {
    const tcpPort = await eventually(() => source<TcpListenSource>('tcp-listen').address);
    const client = connect(tcpPort, '127.0.0.1');
    // Split mid-line: the source must join chunks into lines.
    const line = position(230000002, 60.2, 25.0);
    client.write(line.slice(0, 10));
    await new Promise((r) => setTimeout(r, 20));
    client.end(`${line.slice(10)}\n`);
    await eventually(() => store().slot(230000002) !== undefined);

    const udpPort = await eventually(() => source<UdpSource>('udp').address);
    const udp = createSocket('udp4');
    await new Promise<void>((r) => udp.send(`${position(230000003, 60.3, 25.1)}\n${position(230000004, 60.4, 25.2)}\n`, udpPort, '127.0.0.1', () => r()));
    udp.close();
    await eventually(() => store().slot(230000004) !== undefined);
    expect(store().slot(230000003)).toBeDefined();
  });

  it('reports each source with its state, rate and rejects', async () => {
    const token = (await signIn(t.app, 'buyer@harbor.test')).access_token;
    const res = await t.app.inject({ method: 'GET', url: '/v1/ais/status', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const status = json<AisStatusResponse>(res);
    expect(status.simulated).toBe(false);
    expect(status.vessels).toBeGreaterThan(800);
    expect(status.persistence.enabled).toBe(true);
    const byKind = Object.fromEntries(status.sources.map((s) => [s.kind, s]));
    expect(byKind.replay).toMatchObject({ state: 'finished', fallback: false, lastError: null });
    expect(byKind.replay!.messages).toBeGreaterThan(800);
    expect(byKind.replay!.messagesPerSecond).toBeGreaterThan(0);
    expect(byKind.tcp).toMatchObject({ state: 'connected', messages: 1, rejects: 1 });
    expect(byKind['tcp-listen']).toMatchObject({ state: 'connected', messages: 1 });
    expect(byKind.udp).toMatchObject({ state: 'connected', messages: 2 });
  });

  it('a receiver line over the length cap is counted as a reject (line_too_long) and the next line still decodes', async () => {
    const listen = source<TcpListenSource>('tcp-listen');
    const before = listen.status();
    const client = connect(await eventually(() => listen.address), '127.0.0.1');
    // 8 MB without a newline, in many writes: held to the cap, not joined up.
    const junk = '9'.repeat(64 * 1024);
    for (let i = 0; i < 128; i++) client.write(junk);
    client.end(`\n${position(230000005, 60.5, 25.3)}\n`);
    await eventually(() => store().slot(230000005) !== undefined);
    expect(listen.status()).toMatchObject({ messages: before.messages + 1, rejects: before.rejects + 1 });
    const { decoder } = (listen as unknown as { ingest: { decoder: { stats: { rejects: Record<string, number> } } } }).ingest;
    expect(decoder.stats.rejects.line_too_long).toBe(1);
  });
});
