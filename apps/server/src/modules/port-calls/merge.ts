import type { PortCallService, PortCallSource, PortCallStatus, PortCallTimestamp } from '@harbor/contracts';

/**
 * Merging what the sources say about one visit. Every timestamp and service
 * keeps its source, so nothing is overwritten across sources: a newer report
 * from the same source replaces its own older one. The top-level times are
 * then derived: actual times prefer the national single window (the port
 * reports them), estimates take the most recently reported one.
 */

const tsKey = (t: PortCallTimestamp) => [t.source, t.service, t.sequence, t.timeType, t.location ?? ''].join('|');

export function mergeTimestamps(existing: PortCallTimestamp[], incoming: PortCallTimestamp[]): PortCallTimestamp[] {
  const byKey = new Map(existing.map((t) => [tsKey(t), t]));
  for (const t of incoming) {
    const old = byKey.get(tsKey(t));
    if (!old || old.reportedAt <= t.reportedAt) byKey.set(tsKey(t), t);
  }
  return [...byKey.values()].sort((a, b) => a.effectiveTime.localeCompare(b.effectiveTime));
}

/** Replaces all services of `source` with `incoming`, keeping the other source's. */
export function replaceServices(existing: PortCallService[], source: PortCallSource, incoming: PortCallService[]): PortCallService[] {
  return [...existing.filter((s) => s.source !== source), ...incoming];
}

/** Adds or updates one service of a source (matched by type and code). */
export function upsertService(existing: PortCallService[], service: PortCallService): PortCallService[] {
  const i = existing.findIndex((s) => s.source === service.source && s.type === service.type && s.code === service.code);
  if (i === -1) return [...existing, service];
  return existing.map((s, j) => (j === i ? { ...s, ...service } : s));
}

const pick = (ts: PortCallTimestamp[], pred: (t: PortCallTimestamp) => boolean) => ts.filter(pred);
const bySource = (ts: PortCallTimestamp[]) => {
  const nsw = ts.filter((t) => t.source === 'national-single-window');
  return nsw.length ? nsw : ts;
};
const earliest = (ts: PortCallTimestamp[]) => ts.map((t) => t.effectiveTime).sort()[0] ?? null;
const latest = (ts: PortCallTimestamp[]) => ts.map((t) => t.effectiveTime).sort().at(-1) ?? null;
const newestReport = (ts: PortCallTimestamp[]) =>
  [...ts].sort((a, b) => a.reportedAt.localeCompare(b.reportedAt)).at(-1)?.effectiveTime ?? null;

export interface DerivedTimes {
  eta: string | null;
  etd: string | null;
  ata: string | null;
  atd: string | null;
  status: PortCallStatus;
}

export function deriveTimes(ts: PortCallTimestamp[]): DerivedTimes {
  const arrivals = pick(ts, (t) => t.timeType === 'actual' && t.sequence === 'commenced' && t.service === 'berth-visit');
  const departures = pick(
    ts,
    (t) => t.timeType === 'actual' && t.sequence === 'completed' && (t.service === 'port' || t.source === 'national-single-window'),
  );
  const ata = earliest(bySource(arrivals));
  const atd = latest(bySource(departures));
  const eta = newestReport(pick(ts, (t) => t.timeType !== 'actual' && t.sequence === 'commenced'));
  const etd = newestReport(pick(ts, (t) => t.timeType !== 'actual' && t.sequence === 'completed'));
  // A ship that fell silent is closed with an estimated departure.
  const left = atd !== null || ts.some((t) => t.service === 'port' && t.sequence === 'completed');
  const status: PortCallStatus = left ? 'departed' : ata ? 'on-going' : 'incoming';
  return { eta, etd, ata, atd, status };
}

export function mergeSources(existing: PortCallSource[], source: PortCallSource): PortCallSource[] {
  return existing.includes(source) ? existing : [...existing, source];
}
