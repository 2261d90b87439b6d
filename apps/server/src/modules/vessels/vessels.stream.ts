import type { WebSocket } from 'ws';
import {
  SHIP_SNAPSHOT_PART_SIZE,
  SHIP_STREAM_INTERVAL_MS,
  shipStreamClientMessageSchema,
  type Bbox,
  type ShipStreamServerMessage,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authService, type AccessToken } from '../auth/index.ts';
import { shipPositionJson } from './vessels.mapper.ts';
import { toQueryFilter, type VesselsRuntime } from './vessels.service.ts';
import type { QueryFilter } from './vessel-store.ts';

interface Subscription {
  bbox: Bbox;
  maxAgeMin: number;
  filter: QueryFilter;
}

interface Client {
  socket: WebSocket;
  authed: boolean;
  /** The verified token, re-checked every AUTH_RECHECK_MS so a revoked session or a rejected account loses the stream. */
  claims: AccessToken | null;
  sub: Subscription | null;
  /** MMSIs the client holds, so ships leaving its view can be announced. */
  sent: Set<number>;
  generation: number;
}

/** A slow client stops getting diffs past this much unsent data and gets a snapshot once it catches up. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const AUTH_TIMEOUT_MS = 10_000;
const AUTH_RECHECK_MS = 5_000;

/**
 * Pushes position diffs to map clients every SHIP_STREAM_INTERVAL_MS: one pass
 * over the ships that changed since the last tick, tested against each view.
 */
export class ShipStreamHub {
  private readonly clients = new Set<Client>();
  private readonly timer: NodeJS.Timeout;
  private readonly recheckTimer: NodeJS.Timeout;

  constructor(
    private readonly ctx: AppContext,
    private readonly rt: VesselsRuntime,
    intervalMs = SHIP_STREAM_INTERVAL_MS,
    private readonly partSize = SHIP_SNAPSHOT_PART_SIZE,
  ) {
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
    this.recheckTimer = setInterval(() => void this.recheckSessions(), AUTH_RECHECK_MS);
    this.recheckTimer.unref();
  }

  get size() {
    return this.clients.size;
  }

  async accept(socket: WebSocket, accessToken: string | undefined) {
    const client: Client = { socket, authed: false, claims: null, sub: null, sent: new Set(), generation: this.rt.store.generation };
    this.clients.add(client);
    socket.on('close', () => this.clients.delete(client));
    // Messages may arrive while the token is being checked: handle them in order.
    let chain = Promise.resolve();
    socket.on('message', (data) => {
      chain = chain.then(() => this.onMessage(client, String(data)));
    });
    if (accessToken) chain = chain.then(() => this.authenticate(client, accessToken));
    setTimeout(() => {
      if (!client.authed) this.reject(client);
    }, AUTH_TIMEOUT_MS).unref();
  }

  private async authenticate(client: Client, token: string) {
    const auth = await authService.authenticate(this.ctx, token).catch(() => null);
    if (!auth) return this.reject(client);
    client.authed = true;
    client.claims = auth;
    send(client, { type: 'ready' });
  }

  /** Drops the clients whose session was revoked or whose account was rejected since they signed the socket in. */
  async recheckSessions() {
    for (const client of this.clients) {
      if (!client.claims) continue;
      const live = await authService.isStillLive(this.ctx, client.claims).catch(() => true);
      if (!live) {
        client.authed = false;
        client.claims = null;
        this.reject(client);
      }
    }
  }

  private reject(client: Client) {
    send(client, { type: 'error', code: 'unauthorized' });
    client.socket.close(4401, 'unauthorized');
  }

  private async onMessage(client: Client, text: string) {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = null;
    }
    const parsed = shipStreamClientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      send(client, { type: 'error', code: 'validation-invalid-params', message: parsed.error.issues[0]?.message });
      return;
    }
    const msg = parsed.data;
    if (msg.type === 'auth') return this.authenticate(client, msg.token);
    if (!client.authed) return this.reject(client);
    client.sub = { bbox: msg.bbox, maxAgeMin: msg.maxAge, filter: toQueryFilter(msg) };
    this.snapshot(client);
  }

  private snapshot(client: Client) {
    const { store } = this.rt;
    const sub = client.sub!;
    sub.filter.since = Date.now() - sub.maxAgeMin * 60_000;
    const slots = store.query(...sub.bbox, sub.filter);
    client.sent = new Set(slots.map((s) => store.mmsi[s]!));
    client.generation = store.generation;
    // Ships are cached JSON text (shipPositionJson): each part is joined, not serialised.
    const parts = Math.max(1, Math.ceil(slots.length / this.partSize));
    const head = `{"type":"snapshot","simulated":${store.simulated},"timestamp":${Date.now()},"total":${slots.length},"parts":${parts}`;
    for (let part = 0; part < parts; part++) {
      const ships = slots.slice(part * this.partSize, (part + 1) * this.partSize).map((s) => shipPositionJson(store, s));
      sendRaw(client, `${head},"part":${part},"ships":[${ships.join(',')}]}`);
    }
  }

  tick() {
    const { store } = this.rt;
    const changed = store.drainChanged();
    const now = Date.now();
    for (const client of this.clients) {
      const sub = client.sub;
      if (!sub || client.socket.readyState !== 1) continue;
      if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.generation = -1; // resend everything when it drains
        continue;
      }
      if (client.generation !== store.generation) {
        this.snapshot(client);
        continue;
      }
      sub.filter.since = now - sub.maxAgeMin * 60_000;
      const [south, west, north, east] = sub.bbox;
      const updated: string[] = [];
      const removed: number[] = [];
      for (const slot of changed) {
        if (slot >= store.size) continue;
        const mmsi = store.mmsi[slot]!;
        if (store.inBox(slot, south, west, north, east) && store.matches(slot, sub.filter)) {
          updated.push(shipPositionJson(store, slot));
          client.sent.add(mmsi);
        } else if (client.sent.delete(mmsi)) removed.push(mmsi);
      }
      for (const mmsi of client.sent) {
        const slot = store.slot(mmsi);
        if (slot === undefined || store.posAt[slot]! < sub.filter.since) {
          client.sent.delete(mmsi);
          removed.push(mmsi);
        }
      }
      if (updated.length || removed.length) {
        sendRaw(client, `{"type":"diff","simulated":${store.simulated},"timestamp":${now},"updated":[${updated.join(',')}],"removed":${JSON.stringify(removed)}}`);
      }
    }
  }

  close() {
    clearInterval(this.timer);
    clearInterval(this.recheckTimer);
    for (const c of this.clients) c.socket.close(1001, 'server shutting down');
    this.clients.clear();
  }
}

function send(client: Client, msg: ShipStreamServerMessage) {
  sendRaw(client, JSON.stringify(msg));
}

function sendRaw(client: Client, text: string) {
  if (client.socket.readyState === 1) client.socket.send(text);
}
