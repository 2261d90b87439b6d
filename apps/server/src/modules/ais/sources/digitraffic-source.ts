import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { VesselStore } from '../../vessels/index.ts';
import { backoffMs, SourceBase } from './source.ts';

/**
 * Digitraffic's open AIS feed (Fintraffic, CC BY 4.0): JSON over MQTT on
 * WebSocket, one topic per ship. Shapes: `vessels-v2/<mmsi>/location`
 * {time s, sog, cog, navStat, heading, lon, lat, ...} and `vessels-v2/<mmsi>/metadata`
 * {timestamp ms, name, callSign, imo, type, refA-D, draught 1/10 m, eta packed, destination}.
 */
export interface DigitrafficLocation {
  time: number;
  sog: number;
  cog: number;
  navStat: number;
  heading: number;
  lon: number;
  lat: number;
}

export interface DigitrafficMetadata {
  timestamp: number;
  name?: string;
  callSign?: string;
  imo?: number;
  type?: number;
  refA?: number;
  refB?: number;
  refC?: number;
  refD?: number;
  draught?: number;
  eta?: number;
  destination?: string;
}

/** AIS packs the ETA as month(4) day(5) hour(5) minute(6); no year, so take the next such time within ~6 months. */
export function unpackEta(packed: number | undefined, referenceMs: number): number | null {
  if (!packed) return null;
  const month = (packed >> 16) & 0xf;
  const day = (packed >> 11) & 0x1f;
  const hour = (packed >> 6) & 0x1f;
  const minute = packed & 0x3f;
  if (month < 1 || month > 12 || day < 1) return null;
  const year = new Date(referenceMs).getUTCFullYear();
  for (const y of [year - 1, year, year + 1]) {
    const t = Date.UTC(y, month - 1, day, hour < 24 ? hour : 0, minute < 60 ? minute : 0);
    if (t >= referenceMs - 183 * 86_400_000) return t;
  }
  return null;
}

/** Reports older than a day or from the future are stamped with our clock instead. */
function sane(ms: number, now: number) {
  return Number.isFinite(ms) && ms > now - 86_400_000 && ms < now + 60_000 ? ms : now;
}

const n = (v: unknown, max: number) => (typeof v === 'number' && v >= 0 && v < max ? v : null);

export class DigitrafficSource extends SourceBase {
  private client: MqttClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private attempt = 0;
  private messages = 0;
  /** Called on every successful connection (the engine then retires the simulator). */
  onConnect: (() => void) | undefined;

  constructor(
    name: string,
    private readonly store: VesselStore,
    private readonly url: string,
    private readonly topicPrefix = 'vessels-v2',
  ) {
    super(name, 'digitraffic');
  }

  protected messageCount() {
    return this.messages;
  }

  protected rejectCount() {
    return 0;
  }

  start() {
    if (this.stopped) return;
    const client = mqtt.connect(this.url, {
      clientId: `harbor-${randomBytes(6).toString('hex')}`,
      reconnectPeriod: 0, // our own backoff below
      connectTimeout: 15_000,
      clean: true,
    });
    this.client = client;
    client.on('connect', () => {
      this.state = 'connected';
      this.attempt = 0;
      this.lastError = null;
      client.subscribe([`${this.topicPrefix}/+/location`, `${this.topicPrefix}/+/metadata`], { qos: 0 });
      this.onConnect?.();
    });
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    client.on('error', (err) => {
      this.lastError = err.message;
    });
    client.on('close', () => {
      if (this.stopped || this.client !== client) return;
      client.removeAllListeners();
      client.end(true);
      this.state = 'reconnecting';
      this.reconnects++;
      this.timer = setTimeout(() => this.start(), backoffMs(this.attempt++));
    });
  }

  /** Public for tests: one MQTT message. */
  onMessage(topic: string, payload: Buffer | string) {
    const parts = topic.split('/');
    const kind = parts.at(-1);
    const mmsi = Number(parts.at(-2));
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(String(payload)) as Record<string, unknown>;
    } catch {
      this.extraRejects++;
      return;
    }
    const now = Date.now();
    if (!Number.isInteger(mmsi) || mmsi <= 0 || typeof data !== 'object' || data === null) {
      this.extraRejects++;
      return;
    }
    let used = false;
    if (kind === 'location') {
      const d = data as unknown as DigitrafficLocation;
      if (typeof d.lat !== 'number' || typeof d.lon !== 'number') {
        this.extraRejects++;
        return;
      }
      used = this.store.applyPosition({
        mmsi,
        at: sane(d.time * 1000, now),
        lat: d.lat,
        lon: d.lon,
        sog: n(d.sog, 102.3),
        cog: n(d.cog, 360),
        heading: n(d.heading, 360),
        navStatus: n(d.navStat, 16),
      });
    } else if (kind === 'metadata') {
      const d = data as unknown as DigitrafficMetadata;
      const at = sane(d.timestamp, now);
      this.store.applyStatic({
        mmsi,
        at,
        name: d.name ?? null,
        callSign: d.callSign ?? null,
        imo: d.imo ?? null,
        shipType: d.type ?? null,
        dims: [d.refA ?? null, d.refB ?? null, d.refC ?? null, d.refD ?? null],
        draught: d.draught ? d.draught / 10 : null,
        destination: d.destination ?? null,
        eta: unpackEta(d.eta, at),
      });
      used = true;
    } else this.extraRejects++;
    if (used) this.messages++;
    this.counted(used, now);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    const c = this.client;
    this.client = undefined;
    if (c) await c.endAsync(true).catch(() => undefined);
    this.state = 'stopped';
  }
}
