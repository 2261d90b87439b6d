import { readFileSync } from 'node:fs';
import { DetectionZones, type DetectionZoneInput } from '../detection-zones.ts';
import type { ShipReport } from '../detection.ts';

/** Test helpers: the demo zones as a detection index, and scripted voyages around them. */

interface DemoFeature {
  id?: string;
  geometry: DetectionZoneInput['geometry'];
  properties: { type: string; name?: string; locode?: string; altNames?: string[]; meta?: Record<string, string> };
}

export function demoDetectionZones(): DetectionZones {
  const fc = JSON.parse(readFileSync(new URL('../../../seed/ports/finland.geojson', import.meta.url), 'utf8')) as {
    features: DemoFeature[];
  };
  const zones = fc.features
    .filter((f) => f.properties.type !== 'port')
    .map((f) => ({
      id: `${f.properties.type}:${f.id}`,
      type: f.properties.type,
      name: f.properties.name ?? null,
      locode: f.properties.locode ?? null,
      geometry: f.geometry,
      meta: f.properties.meta ?? null,
    }));
  const ports = fc.features
    .filter((f) => f.properties.type === 'port')
    .map((f) => ({ locode: f.properties.locode!, names: [f.properties.name!, ...(f.properties.altNames ?? [])] }));
  return new DetectionZones(zones, ports);
}

/** Points near Vuosaari (FIVSS) in the demo set. */
export const VUOSAARI = {
  sea: [25.21, 60.14] as [number, number],
  areaEdge: [25.205, 60.2] as [number, number],
  anchorage: [25.21127, 60.19282] as [number, number],
  quayE: [25.19358, 60.21486] as [number, number],
  inPort: [25.2, 60.205] as [number, number],
};

export class VoyageBuilder {
  readonly reports: ShipReport[] = [];
  constructor(
    readonly mmsi: number,
    public at: number,
    public pos: [number, number],
  ) {}

  /** Steams to `to` in `n` reports `everyMs` apart. */
  sail(to: [number, number], n: number, sog: number, everyMs = 10_000, navStatus = 0) {
    const [x0, y0] = this.pos;
    for (let i = 1; i <= n; i++) {
      this.at += everyMs;
      const f = i / n;
      this.reports.push({ mmsi: this.mmsi, at: this.at, lon: x0 + (to[0] - x0) * f, lat: y0 + (to[1] - y0) * f, sog, navStatus });
    }
    this.pos = to;
    return this;
  }

  /** Stays put for `n` reports (with a little GPS noise). */
  stay(n: number, navStatus: number, everyMs = 180_000, sog = 0.1) {
    for (let i = 0; i < n; i++) {
      this.at += everyMs;
      const jitter = ((i % 3) - 1) * 0.00003;
      this.reports.push({ mmsi: this.mmsi, at: this.at, lon: this.pos[0] + jitter, lat: this.pos[1] - jitter, sog, navStatus });
    }
    return this;
  }

  /** One report somewhere else (a GPS jump), then back. */
  glitch(to: [number, number], sog: number, navStatus = 0, everyMs = 10_000) {
    this.at += everyMs;
    this.reports.push({ mmsi: this.mmsi, at: this.at, lon: to[0], lat: to[1], sog, navStatus });
    return this;
  }

  gap(ms: number) {
    this.at += ms;
    return this;
  }
}
