import { createServer, type Server, type Socket } from 'node:net';
import { encodeAis } from '@harbor/ais';

/**
 * An AIS receiver the server under test connects to (AIS_SOURCE=tcp://127.0.0.1:port),
 * as it would to AIS-catcher: every tick each ship sends a position report, now and then
 * its static data. The position encodes who sent it and when: ship i is at longitude
 * LON0 + i * LON_STEP, and its tick number k is in the latitude (LAT0 + k * LAT_STEP,
 * about 1 m a tick, 20 knots at 10 ticks a second), so a stored history row can be traced
 * back to exactly one report, and a garbled or out-of-order row shows.
 */

export const AIS_MMSI0 = 230_990_000;
const LAT0 = 59;
const LAT_STEP = 0.00001; // 6 units of AIS's 1/10,000 minute: exact in the encoding
const LON0 = 20;
const LON_STEP = 0.01;

export const shipName = (i: number) => `CRASH ${i}`;
export const expectedPosition = (i: number, k: number) => ({ lat: LAT0 + k * LAT_STEP, lon: LON0 + i * LON_STEP });

/** The ship and tick a stored position stands for, or null when no report of the feed had it. */
export function traceReport(mmsi: number, lat: number, lon: number, ships: number, maxTick: number): { i: number; k: number } | null {
  const i = mmsi - AIS_MMSI0;
  if (!Number.isInteger(i) || i < 0 || i >= ships) return null;
  const k = Math.round((lat - LAT0) / LAT_STEP);
  const e = expectedPosition(i, k);
  if (k < 0 || k > maxTick || Math.abs(e.lat - lat) > 1e-6 || Math.abs(e.lon - lon) > 1e-6) return null;
  return { i, k };
}

export interface AisFeed {
  port: number;
  ships: number;
  /** The last tick sent. */
  tick(): number;
  /** Receivers connected now. */
  connections(): number;
  close(): Promise<void>;
}

export async function startAisFeed(opts: { ships: number; tickMs: number; staticEvery: number }): Promise<AisFeed> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let k = 0;
  const timer = setInterval(() => {
    if (!sockets.size) return; // nobody listens (the server is down): no tick, so every tick sent reached a live socket
    k++;
    const lines: string[] = [];
    for (let i = 0; i < opts.ships; i++) {
      const mmsi = AIS_MMSI0 + i;
      const { lat, lon } = expectedPosition(i, k);
      lines.push(...encodeAis({ type: 1, mmsi, status: 0, speed: 20, course: 0, heading: 0, lat, lon, second: k % 60 }));
      if (k % opts.staticEvery === i % opts.staticEvery)
        lines.push(...encodeAis({ type: 5, mmsi, shipName: shipName(i), callSign: `OH${i}`, shipType: 70, destination: 'FIHEL', toBow: 50, toStern: 20, toPort: 8, toStarboard: 8 }, { sequenceId: k % 10 }));
    }
    const chunk = lines.join('\r\n') + '\r\n';
    for (const s of sockets) s.write(chunk);
  }, opts.tickMs);
  return {
    port: (server.address() as { port: number }).port,
    ships: opts.ships,
    tick: () => k,
    connections: () => sockets.size,
    async close() {
      clearInterval(timer);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
