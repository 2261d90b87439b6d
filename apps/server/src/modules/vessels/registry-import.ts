import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { HARBOR_SHIP_TYPES, type HarborShipType } from '@harbor/contracts';
import type { Tx } from '../../db/index.ts';
import { upsertRegistry, type RegistryRow } from './vessels.repository.ts';

/**
 * Vessel registry import: CSV with a header row (camelCase or snake_case
 * column names, any order, unknown columns ignored) or Digitraffic/Portnet
 * vessel-details JSONL. Empty or unparsable values become null.
 */

const CSV_COLUMNS: Record<string, keyof RegistryRow> = {
  mmsi: 'mmsi',
  imo: 'imo',
  name: 'name',
  flag: 'flag',
  owner: 'owner',
  manager: 'manager',
  capacitydwt: 'capacityDwt',
  dwt: 'capacityDwt',
  capacitygt: 'capacityGt',
  gt: 'capacityGt',
  capacitynt: 'capacityNt',
  nt: 'capacityNt',
  length: 'length',
  width: 'width',
  buildyear: 'buildYear',
  classsociety: 'classSociety',
  draughtmin: 'draughtMin',
  draughtmax: 'draughtMax',
  harborshiptype: 'harborShipType',
  shiptype: 'harborShipType',
};
const NUMERIC = new Set<keyof RegistryRow>(['mmsi', 'imo', 'capacityDwt', 'capacityGt', 'capacityNt', 'length', 'width', 'buildYear', 'draughtMin', 'draughtMax']);

/** Splits one CSV record (RFC 4180 quoting, "" inside quotes); delimiter , or ;. */
export function splitCsvLine(line: string, delimiter = ','): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((v) => v.trim());
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(String(v).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};
const positive = (v: unknown) => {
  const n = num(v);
  return n !== null && n > 0 ? n : null;
};
const str = (v: unknown) => (typeof v === 'string' && v.trim() && v.trim() !== '-' ? v.trim() : null);

/** Finer categories from free-text type names (registry sources describe cargo ships in words). */
export function categoryFromText(text: string | null): HarborShipType | null {
  if (!text) return null;
  const upper = text.trim().toUpperCase().replace(/[\s-]+/g, '_');
  if ((HARBOR_SHIP_TYPES as readonly string[]).includes(upper)) return upper as HarborShipType;
  const t = text.toLowerCase();
  if (/container/.test(t)) return 'CONTAINER';
  if (/ro-?ro|vehicle|car carrier/.test(t)) return 'RORO_VEHICLE_CARRIER';
  if (/bulk/.test(t)) return 'BULKER';
  if (/tanker|chemical|lng|lpg/.test(t)) return 'TANKER';
  if (/passenger|ferry|cruise/.test(t)) return 'PASSENGER';
  if (/tug|icebreaker|dredg/.test(t)) return 'TUGS_SPECIAL_CRAFT';
  if (/fish/.test(t)) return 'FISHING';
  if (/cargo/.test(t)) return 'OTHER_CARGO';
  return null;
}

function finish(row: Partial<RegistryRow>): RegistryRow | null {
  const mmsi = positive(row.mmsi);
  const imo = positive(row.imo);
  if (!mmsi && !imo) return null;
  return { ...row, mmsi, imo, key: imo ? `imo:${imo}` : `mmsi:${mmsi}`, updatedAt: new Date() } as RegistryRow;
}

/** Column names to registry fields: case, `_`, `-` and spaces do not matter; unknown columns map to undefined. */
export function csvHeader(cells: string[]): (keyof RegistryRow | undefined)[] {
  return cells.map((h) => CSV_COLUMNS[h.toLowerCase().replace(/[_\s-]/g, '')]);
}

export function rowFromCsv(header: (keyof RegistryRow | undefined)[], values: string[]): RegistryRow | null {
  const row: Partial<Record<keyof RegistryRow, unknown>> = {};
  header.forEach((key, i) => {
    if (!key) return;
    const v = values[i] ?? '';
    row[key] = NUMERIC.has(key) ? num(v) : key === 'harborShipType' ? categoryFromText(str(v)) : str(v);
  });
  return finish(row as Partial<RegistryRow>);
}

/** Digitraffic `/api/port-call/v1/vessel-details` shape (see shared portcalls data). */
export function rowFromVesselDetails(d: Record<string, unknown>): RegistryRow | null {
  const dims = (d.vesselDimensions ?? {}) as Record<string, unknown>;
  const cons = (d.vesselConstruction ?? {}) as Record<string, unknown>;
  const reg = (d.vesselRegistration ?? {}) as Record<string, unknown>;
  const sys = (d.vesselSystem ?? {}) as Record<string, unknown>;
  return finish({
    mmsi: positive(d.mmsi),
    imo: positive(d.imoLloyds),
    name: str(d.name),
    flag: str(reg.nationality),
    owner: str(sys.shipOwner),
    manager: null,
    capacityDwt: positive(dims.deadWeight),
    capacityGt: positive(dims.grossTonnage),
    capacityNt: positive(dims.netTonnage),
    length: positive(dims.overallLength) ?? positive(dims.length),
    width: positive(dims.breadth),
    buildYear: null,
    classSociety: str(cons.classificationSociety),
    draughtMin: null,
    // Portnet's single draught is the registered (maximum) one.
    draughtMax: positive(dims.draught),
    harborShipType: categoryFromText(str(cons.vesselTypeName)),
  });
}

export interface ImportResult {
  imported: number;
  skipped: number;
}

/** Streams the file into the registry in batches; `onProgress(bytesRead, totalBytes)`. */
export async function importRegistryFile(db: Tx, file: string, onProgress?: (done: number, total: number) => void): Promise<ImportResult> {
  const total = statSync(file).size;
  const stream = createReadStream(file, { encoding: 'utf8' });
  let done = 0;
  stream.on('data', (chunk) => {
    done += Buffer.byteLength(chunk as string);
    onProgress?.(done, total);
  });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let header: (keyof RegistryRow | undefined)[] | null = null;
  let delimiter = ',';
  let jsonl = /\.jsonl?$/i.test(file);
  let batch: RegistryRow[] = [];
  const result: ImportResult = { imported: 0, skipped: 0 };
  const flush = async () => {
    if (!batch.length) return;
    // The same ship twice in one statement would make ON CONFLICT fail: keep the last.
    const unique = [...new Map(batch.map((r) => [r.key, r])).values()];
    await upsertRegistry(db, unique);
    result.imported += batch.length;
    batch = [];
  };
  for await (const raw of lines) {
    const line = raw.replace(/^\uFEFF/, '');
    if (!line.trim()) continue;
    if (header === null && !jsonl && line.trimStart().startsWith('{')) jsonl = true;
    let row: RegistryRow | null;
    if (jsonl) {
      try {
        row = rowFromVesselDetails(JSON.parse(line) as Record<string, unknown>);
      } catch {
        row = null;
      }
    } else if (header === null) {
      delimiter = line.split(';').length > line.split(',').length ? ';' : ',';
      header = csvHeader(splitCsvLine(line, delimiter));
      continue;
    } else row = rowFromCsv(header, splitCsvLine(line, delimiter));
    if (row) batch.push(row);
    else result.skipped++;
    if (batch.length >= 500) await flush();
  }
  await flush();
  return result;
}
