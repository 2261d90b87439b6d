import { writeFileSync } from 'node:fs';
import { encodeAis } from '@harbor/ais';
import type { ShipReport } from '../detection.ts';

export interface ShipStatic {
  mmsi: number;
  name: string;
  imo: number;
  callSign: string;
  destination: string;
  eta: number;
  shipType: number;
}

/**
 * Writes reports as an NMEA capture: AIS type 1 positions, with a type 5
 * static/voyage message every 20 reports, each line carrying an NMEA 4 tag
 * block with its time (as a shore receiver logs them).
 */
export function writeCapture(file: string, reports: ShipReport[], ship: ShipStatic) {
  const lines: string[] = [];
  reports.forEach((r, i) => {
    if (i % 20 === 0) {
      const eta = new Date(ship.eta);
      lines.push(
        ...encodeAis(
          {
            type: 5,
            mmsi: ship.mmsi,
            imo: ship.imo,
            callSign: ship.callSign,
            shipName: ship.name,
            shipType: ship.shipType,
            toBow: 120,
            toStern: 30,
            toPort: 12,
            toStarboard: 13,
            draught: 8.2,
            destination: ship.destination,
            eta: { month: eta.getUTCMonth() + 1, day: eta.getUTCDate(), hour: eta.getUTCHours(), minute: eta.getUTCMinutes() },
          },
          { timestampMs: r.at },
        ),
      );
    }
    lines.push(
      ...encodeAis(
        { type: 1, mmsi: r.mmsi, status: r.navStatus ?? 15, speed: r.sog ?? 102.3, lon: r.lon, lat: r.lat, course: 0, heading: 0 },
        { timestampMs: r.at },
      ),
    );
  });
  writeFileSync(file, lines.join('\n') + '\n');
}
