import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { pgliteTemplate } from '../../test/pglite-template.ts';
import { RESTART_ENGINES, restartStore } from '../../test/restart-store.ts';
import { KYSTVERKET, replayDone } from '../ais/ais-test-helpers.ts';

/** Same PGlite directory (or the same PostgreSQL schema) opened twice, as after a restart. */
const engine = RESTART_ENGINES[0];
const store = restartStore(engine, 'restore');
const onPostgres = engine === 'postgres';

async function start(aisSource: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: store.dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AIS_SOURCE: aisSource,
    ...store.env,
  });
  const template = onPostgres ? undefined : await pgliteTemplate(); // used only while the directory is new
  const database = await openDatabase({
    url: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    dataDir: onPostgres ? undefined : path.join(store.dataDir, 'pgdata'),
    template,
  });
  const app = await buildApp({ config, database, serveWeb: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

afterAll(() => store.remove());

describe('live state after a restart', () => {
  it('comes back from the database', async () => {
    const first = await start(`replay:${KYSTVERKET}?speed=0`);
    await replayDone(first.app);
    const before = first.app.ais.vessels.store;
    const slot = before.slot(258150500)!;
    const snapshot = { size: before.size, lat: before.lat[slot], lon: before.lon[slot], at: before.posAt[slot], name: before.statics[slot]?.name };
    expect(snapshot.size).toBeGreaterThan(800);
    await first.close();

    const second = await start('none');
    const after = second.app.ais.vessels.store;
    const again = after.slot(258150500)!;
    expect(after.size).toBe(snapshot.size);
    expect({ size: after.size, lat: after.lat[again], lon: after.lon[again], at: after.posAt[again], name: after.statics[again]?.name }).toEqual(snapshot);
    expect(after.categoryOf(again)).toBe('PILOT_SAR');
    await second.close();
  });
});
