import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on a free localhost port, for an adapter to fetch from in a test. */
export async function serveLocal(handler: http.RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The origin of a localhost port nothing listens on (listen, note it, close): an upstream that is down. */
export async function closedPort(): Promise<string> {
  const { origin, close } = await serveLocal(() => undefined);
  await close();
  return origin;
}
