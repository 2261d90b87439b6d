import { createReadStream, statSync } from 'node:fs';
import type { Tx } from '../../../db/index.ts';
import { invalidateZoneIndex } from '../zone-index.ts';
import { upsertZones } from '../zones.repository.ts';
import type { NewZoneRow } from '../zones.schema.ts';
import { portRow, zoneRowFromFeature } from '../zone-rows.ts';
import { csvRecords } from './csv-stream.ts';
import { geojsonFeatures } from './geojson-stream.ts';

export const IMPORT_KINDS = ['ports', 'zones', 'ssn'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportStats {
  read: number;
  imported: number;
  /** Unusable rows, and rows a higher-ranked source owns. */
  skipped: number;
  /** The same id twice in one file (e.g. DVK's N2000 copies of a quay): the later wins. */
  duplicates: number;
}

export interface ImportOptions {
  /** Bytes read so far and the file size, for a progress bar. */
  onProgress?: (bytes: number, total: number) => void;
  batchSize?: number;
}

async function* fileChunks(file: string, onProgress?: ImportOptions['onProgress']) {
  const total = statSync(file).size;
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    bytes += (chunk as Buffer).length;
    yield chunk as Buffer;
    onProgress?.(bytes, total);
  }
}

/** Upserts in batches; each batch is one statement, so a rerun is idempotent and cheap. */
async function runBatches(db: Tx, rows: AsyncIterable<NewZoneRow | null>, batchSize: number): Promise<ImportStats> {
  const stats: ImportStats = { read: 0, imported: 0, skipped: 0, duplicates: 0 };
  let batch = new Map<string, NewZoneRow>();
  const flush = async () => {
    if (batch.size === 0) return;
    // Rows overruled by a higher-ranked source are not returned: count them as skipped.
    const written = await upsertZones(db, [...batch.values()]);
    stats.imported += written;
    stats.skipped += batch.size - written;
    batch = new Map();
  };
  for await (const row of rows) {
    stats.read++;
    if (!row) {
      stats.skipped++;
      continue;
    }
    // One statement cannot touch the same id twice.
    if (batch.has(row.id)) stats.duplicates++;
    batch.set(row.id, row);
    if (batch.size >= batchSize) await flush();
  }
  await flush();
  return stats;
}

const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : Number(s));

/**
 * UN/LOCODE CSV, port function only. Bilingual places appear once per name
 * variant on adjacent rows (the file is sorted by locode): they become one
 * port, the other variants alternative names.
 */
async function* unlocodePorts(records: AsyncIterable<Record<string, string>>): AsyncGenerator<NewZoneRow | null> {
  let current: { rec: Record<string, string>; alt: string[] } | null = null;
  const emit = (c: NonNullable<typeof current>) =>
    portRow({
      locode: c.rec.locode!,
      name: c.rec.name || c.rec.name_ascii!,
      altNames: [c.rec.name_ascii!, ...c.alt],
      lat: num(c.rec.lat),
      lon: num(c.rec.lon),
      meta: {
        status: c.rec.status,
        function: c.rec.function,
        ...(c.rec.subdivision ? { subdivision: c.rec.subdivision } : {}),
      },
      source: 'unlocode',
    });
  for await (const rec of records) {
    if (rec.is_port !== '1' || rec.is_reference_entry === '1' || !/^[A-Z]{2}[A-Z2-9]{3}$/.test(rec.locode ?? '')) {
      continue;
    }
    if (current && current.rec.locode === rec.locode) {
      current.alt.push(rec.name!, rec.name_ascii!);
      continue;
    }
    if (current) yield emit(current);
    current = { rec, alt: [] };
  }
  if (current) yield emit(current);
}

async function* ssnPorts(records: AsyncIterable<Record<string, string>>): AsyncGenerator<NewZoneRow | null> {
  for await (const rec of records) {
    if (!/^[A-Z]{2}[A-Z2-9]{3}$/.test(rec.locode ?? '') || !rec.name) {
      yield null;
      continue;
    }
    yield portRow({
      locode: rec.locode!,
      name: rec.name,
      lat: num(rec.lat),
      lon: num(rec.lon),
      meta: rec.country ? { country: rec.country } : {},
      source: 'ssn',
    });
  }
}

async function* zoneFeatures(features: AsyncIterable<unknown>): AsyncGenerator<NewZoneRow | null> {
  for await (const f of features) yield zoneRowFromFeature(f as Parameters<typeof zoneRowFromFeature>[0], 'geojson');
}

const PARSERS: Record<ImportKind, (chunks: AsyncIterable<Buffer>) => AsyncIterable<NewZoneRow | null>> = {
  ports: (chunks) => unlocodePorts(csvRecords(chunks)),
  ssn: (chunks) => ssnPorts(csvRecords(chunks)),
  zones: (chunks) => zoneFeatures(geojsonFeatures(chunks)),
};

export async function importFile(db: Tx, kind: ImportKind, file: string, opts: ImportOptions = {}): Promise<ImportStats> {
  const rows = PARSERS[kind](fileChunks(file, opts.onProgress));
  try {
    return await runBatches(db, rows, opts.batchSize ?? 500);
  } finally {
    invalidateZoneIndex(db);
  }
}
