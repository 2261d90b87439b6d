import { portCallGroupOf, type PortCall, type ShipDetails } from '@harbor/contracts';
import type { PortCallRow } from './port-calls.schema.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Row -> API shape; ship columns from the vessels module's details where it knows the ship; `etaPrediction` ms from the eta module. */
export function toPortCall(row: PortCallRow, details?: ShipDetails | null, etaPrediction?: number | null): PortCall {
  const f = row.ship;
  const status = row.status;
  return {
    id: row.id,
    pcId: row.pcId,
    portCode: row.portCode,
    prevPort: row.prevPort,
    nextPort: row.nextPort,
    shipFlag: row.shipFlag,
    mmsi: row.mmsi,
    imo: row.imo,
    shipName: row.shipName,
    ata: iso(row.ata),
    atd: iso(row.atd),
    eta: iso(row.eta),
    etd: iso(row.etd),
    etaPrediction: etaPrediction ? new Date(etaPrediction).toISOString() : null,
    source: row.sources.includes('national-single-window') ? 'national-single-window' : 'AIS',
    sources: row.sources,
    status,
    group: portCallGroupOf({ status, services: row.services }),
    timestamps: row.timestamps,
    services: row.services,
    planState: row.planState,
    updatedAt: row.updatedAt.toISOString(),
    simulated: row.simulated,
    ship: {
      imo: details?.imo ?? row.imo,
      mmsi: details?.mmsi ?? row.mmsi,
      name: details?.name ?? row.shipName,
      callSign: details?.callSign ?? f.callSign ?? null,
      flag: details?.flag ?? row.shipFlag,
      owner: details?.owner ?? null,
      manager: details?.manager ?? f.manager ?? null,
      capacityDwt: details?.capacityDwt ?? null,
      capacityGt: details?.capacityGt ?? null,
      capacityNt: details?.capacityNt ?? null,
      length: details?.length ?? f.length ?? null,
      width: details?.width ?? f.width ?? null,
      draught: details?.draught ?? f.draught ?? null,
      draughtMin: details?.draughtMin ?? null,
      draughtMax: details?.draughtMax ?? null,
      buildYear: details?.buildYear ?? null,
      classSociety: details?.classSociety ?? null,
      shipType: details?.shipType ?? f.shipType ?? null,
      speed: f.speed ?? null,
      course: f.course ?? null,
      navigationStatus: f.navigationStatus ?? null,
      voyage: f.voyage ?? null,
      harborEta: null,
    },
  };
}
