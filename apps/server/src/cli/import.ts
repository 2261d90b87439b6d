/**
 * `npm run import -- <kind> FILE`: loads reference data into the configured
 * database (PGlite in DATA_DIR, or DATABASE_URL). Add a kind to `importers`.
 */
import 'dotenv/config';
import path from 'node:path';
import { existsSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { importRegistryFile } from '../modules/vessels/index.ts';
import { importFile as importZonesFile } from '../modules/zones/index.ts';
import { importFairwaysFile } from '../modules/map-tiles/index.ts';

type Importer = (db: Db, file: string, progress: (done: number, total: number) => void) => Promise<object>;

const importers: Record<string, { describe: string; run: Importer }> = {
  ports: { describe: 'UN/LOCODE ports (unlocode.csv)', run: (db, file, onProgress) => importZonesFile(db, 'ports', file, { onProgress }) },
  ssn: { describe: 'Digitraffic SafeSeaNet locations (CSV)', run: (db, file, onProgress) => importZonesFile(db, 'ssn', file, { onProgress }) },
  zones: { describe: 'zones and berths (GeoJSON features)', run: (db, file, onProgress) => importZonesFile(db, 'zones', file, { onProgress }) },
  fairways: { describe: 'fairway areas, navigation lines and VTS lines (DVK GeoJSON)', run: importFairwaysFile },
  vessels: { describe: 'vessel registry: CSV with a header row, or Digitraffic vessel-details JSONL', run: importRegistryFile },
};

function usage(): never {
  console.error(`usage: npm run import -- <kind> FILE\nkinds:\n${Object.entries(importers).map(([k, v]) => `  ${k.padEnd(10)} ${v.describe}`).join('\n')}`);
  process.exit(2);
}

const [kind, fileArg] = process.argv.slice(2);
const importer = kind ? importers[kind] : undefined;
if (!importer || !fileArg) usage();
// npm runs the script inside apps/server; resolve FILE against where it was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
if (!existsSync(file)) {
  console.error(`no such file: ${file}`);
  process.exit(2);
}

try {
  const config = loadConfig();
  // A running server holds the embedded database: importing beside it would lose writes.
  const lock = config.DATABASE_URL ? undefined : acquireDataDirLock(config.DATA_DIR, 'the import command (npm run import)');
  const database = await openDatabase({
    url: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pgdata'),
    pgliteThread: config.PGLITE_THREAD,
  });
  const bar = new cliProgress.SingleBar({ format: `${kind} [{bar}] {percentage}% | {value}/{total} bytes`, hideCursor: true }, cliProgress.Presets.shades_classic);
  let started = false;
  const result = await importer.run(database.db, file, (done, total) => {
    if (!started) {
      bar.start(total, 0);
      started = true;
    }
    bar.update(done);
  });
  if (started) bar.stop();
  console.log(`${kind}: ${Object.entries(result).map(([k, v]) => `${k} ${String(v)}`).join(', ')}`);
  await database.close();
  lock?.release();
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
