import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { VesselStore } from '../../vessels/index.ts';
import { LineIngest } from '../ais-pipeline.ts';
import { backoffMs, LineSplitter, SourceBase } from './source.ts';

/** NMEA lines over a network: the receive time is our clock (a receiver's tag-block clock may be off). */
abstract class LineSource extends SourceBase {
  protected readonly ingest: LineIngest;

  constructor(name: string, kind: 'tcp' | 'tcp-listen' | 'udp', store: VesselStore) {
    super(name, kind);
    this.ingest = new LineIngest(store);
  }

  protected line = (line: string) => {
    const now = Date.now();
    this.counted(this.ingest.push(line, now), now);
  };

  protected messageCount() {
    return this.ingest.messages;
  }

  protected rejectCount() {
    return this.ingest.rejects;
  }
}

/** Client of a receiver such as AIS-catcher (`tcp://host:port`); reconnects with backoff. */
export class TcpClientSource extends LineSource {
  private socket: Socket | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private attempt = 0;

  constructor(
    name: string,
    store: VesselStore,
    private readonly host: string,
    private readonly port: number,
  ) {
    super(name, 'tcp', store);
  }

  start() {
    if (this.stopped) return;
    const splitter = new LineSplitter();
    const socket = connect({ host: this.host, port: this.port });
    this.socket = socket;
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      this.state = 'connected';
      this.attempt = 0;
      this.lastError = null;
    });
    socket.on('data', (chunk: string) => {
      for (const line of splitter.push(chunk)) this.line(line);
    });
    socket.on('error', (err) => {
      this.lastError = err.message;
    });
    socket.on('close', () => {
      if (this.stopped) return;
      this.state = 'reconnecting';
      this.reconnects++;
      this.timer = setTimeout(() => this.start(), backoffMs(this.attempt++));
    });
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.destroy();
    this.state = 'stopped';
  }
}

/** Receivers connect to us (`tcp-listen://:port`); any number at once. */
export class TcpListenSource extends LineSource {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    name: string,
    store: VesselStore,
    private readonly host: string,
    private readonly port: number,
  ) {
    super(name, 'tcp-listen', store);
  }

  start() {
    this.server = createServer((socket) => {
      const splitter = new LineSplitter();
      this.sockets.add(socket);
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        for (const line of splitter.push(chunk)) this.line(line);
      });
      socket.on('error', () => socket.destroy());
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('error', (err) => {
      this.lastError = err.message;
      this.state = 'reconnecting';
    });
    this.server.listen(this.port, this.host || undefined, () => {
      this.state = 'connected';
    });
  }

  /** The bound port (useful with port 0 in tests). */
  get address() {
    const a = this.server?.address();
    return typeof a === 'object' && a ? a.port : undefined;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.state = 'stopped';
  }
}

/** Datagrams of one or more NMEA lines (`udp://:port`), as AIS-catcher and most receivers send. */
export class UdpSource extends LineSource {
  private socket: UdpSocket | undefined;

  constructor(
    name: string,
    store: VesselStore,
    private readonly host: string,
    private readonly port: number,
  ) {
    super(name, 'udp', store);
  }

  start() {
    const socket = createSocket({ type: 'udp4', reuseAddr: true });
    this.socket = socket;
    socket.on('message', (msg) => {
      for (const line of msg.toString('latin1').split('\n')) if (line.trim()) this.line(line);
    });
    socket.on('error', (err) => {
      this.lastError = err.message;
      this.state = 'reconnecting';
    });
    socket.bind(this.port, this.host || undefined, () => {
      this.state = 'connected';
    });
  }

  get address() {
    try {
      return this.socket?.address().port;
    } catch {
      return undefined;
    }
  }

  async stop() {
    await new Promise<void>((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
    this.state = 'stopped';
  }
}
