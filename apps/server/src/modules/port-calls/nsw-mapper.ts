import type { PortCallService, PortCallTimestamp } from '@harbor/contracts';
import type { ShipFacts } from './port-calls.schema.ts';

/**
 * Digitraffic port-call API (v1) records -> what the single window says about
 * one visit. Field names as in shared/data/portcalls/README.md.
 */
export interface DigitrafficPortCall {
  portCallId: number;
  portCallTimestamp?: string | null;
  portToVisit: string;
  prevPort?: string | null;
  nextPort?: string | null;
  vesselName?: string | null;
  radioCallSign?: string | null;
  imoLloyds?: number | null;
  mmsi?: number | null;
  nationality?: string | null;
  agentInfo?: { name?: string | null; role?: number | null }[] | null;
  imoInformation?: { briefParticularsVoyage?: string | null }[] | null;
  portAreaDetails?: PortAreaDetail[] | null;
}

interface PortAreaDetail {
  portAreaCode?: string | null;
  portAreaName?: string | null;
  berthCode?: string | null;
  berthName?: string | null;
  eta?: string | null;
  etaTimestamp?: string | null;
  etaSource?: string | null;
  etd?: string | null;
  etdTimestamp?: string | null;
  etdSource?: string | null;
  ata?: string | null;
  ataTimestamp?: string | null;
  ataSource?: string | null;
  atd?: string | null;
  atdTimestamp?: string | null;
  atdSource?: string | null;
  arrivalDraught?: number | null;
}

export interface NswCall {
  pcId: string;
  portCode: string;
  prevPort: string | null;
  nextPort: string | null;
  mmsi: number | null;
  imo: number | null;
  shipName: string | null;
  shipFlag: string | null;
  timestamps: PortCallTimestamp[];
  services: PortCallService[];
  planState: 'none' | 'confirmed';
  ship: ShipFacts;
  reportedAt: string;
}

/** Portnet reports Vuosaari calls as FIHEL with these port areas; Harbor shows them under FIVSS. */
const VUOSAARI_AREAS = new Set(['VUOS', 'VTL']);
/** 'Ei tiedossa' = not known. */
const UNKNOWN = new Set(['ei tiedossa', 'muu', 'unknown', '']);

const known = (s: string | null | undefined) => (s && !UNKNOWN.has(s.trim().toLowerCase()) ? s.trim() : null);
const iso = (s: string | null | undefined) => {
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};

export function mapDigitrafficPortCall(r: DigitrafficPortCall): NswCall | null {
  if (!r.portCallId || !/^[A-Z]{2}[A-Z0-9]{3}$/.test(r.portToVisit ?? '')) return null;
  const details = r.portAreaDetails ?? [];
  const reportedAt = iso(r.portCallTimestamp) ?? new Date(0).toISOString();
  const vuosaari = r.portToVisit === 'FIHEL' && details.some((d) => VUOSAARI_AREAS.has(d.portAreaCode ?? ''));
  const timestamps: PortCallTimestamp[] = [];
  const services: PortCallService[] = [];
  for (const d of details) {
    const location = known(d.berthName) ?? known(d.portAreaName);
    const add = (time: string | null | undefined, sequence: 'commenced' | 'completed', timeType: 'estimated' | 'actual', reporter?: string | null, at?: string | null) => {
      const effectiveTime = iso(time);
      if (!effectiveTime) return;
      timestamps.push({
        sequence,
        timeType,
        effectiveTime,
        reporter: reporter ?? null,
        source: 'national-single-window',
        reportedAt: iso(at) ?? reportedAt,
        service: 'berth-visit',
        location,
      });
    };
    add(d.eta, 'commenced', 'estimated', d.etaSource, d.etaTimestamp);
    add(d.etd, 'completed', 'estimated', d.etdSource, d.etdTimestamp);
    add(d.ata, 'commenced', 'actual', d.ataSource, d.ataTimestamp);
    add(d.atd, 'completed', 'actual', d.atdSource, d.atdTimestamp);
    services.push({
      type: 'berth-visit',
      name: location,
      code: known(d.berthCode),
      confirmed: Boolean(d.ata),
      current: Boolean(d.ata) && !d.atd,
      source: 'national-single-window',
    });
  }
  const manager = r.agentInfo?.find((a) => a.role === 2)?.name?.trim() || null;
  const voyage = r.imoInformation?.find((i) => i.briefParticularsVoyage?.trim())?.briefParticularsVoyage?.trim() ?? null;
  return {
    pcId: String(r.portCallId),
    portCode: vuosaari ? 'FIVSS' : r.portToVisit,
    prevPort: r.prevPort || null,
    nextPort: r.nextPort || null,
    mmsi: r.mmsi || null,
    imo: r.imoLloyds || null,
    shipName: r.vesselName?.trim() || null,
    shipFlag: r.nationality || null,
    timestamps,
    services,
    planState: services.some((s) => s.code) ? 'confirmed' : 'none',
    ship: {
      callSign: r.radioCallSign || null,
      manager,
      voyage,
      draught: details.find((d) => d.arrivalDraught)?.arrivalDraught ?? null,
    },
    reportedAt,
  };
}
