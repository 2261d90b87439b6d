import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dumpPgliteTemplate, MIGRATIONS_FOLDER } from '../db/index.ts';

/**
 * One migrated PGlite data directory shared by every suite, kept as a tarball in the
 * OS temp folder and keyed on the migrations it holds. Starting PGlite from it skips
 * initdb and the migrations: about 1 s per suite instead of 5-7 s on a loaded 2-core
 * CI machine, where the server suite creates some 60 databases.
 */
let cached: Promise<Blob> | undefined;

export function pgliteTemplate(): Promise<Blob> {
  cached ??= load();
  return cached;
}

async function load(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `harbor-pglite-template-${migrationsKey()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const dump = await dumpPgliteTemplate();
  // Written under a unique name and renamed, so parallel workers never read half a file.
  const partial = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}
