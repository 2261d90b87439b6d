import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

describe('DATABASE_POOL_SIZE', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'harbor-pool-config-')), JWT_SECRET: 'x'.repeat(32) };
  it('defaults to 10 and takes a positive whole number', () => {
    expect(loadConfig(base).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '20' }).DATABASE_POOL_SIZE).toBe(20);
    expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ AIS_SOURCE: 'none', DATABASE_POOL_SIZE: '3' });
    }, 120_000);
    afterAll(async () => t?.close());

    it('holds at most that many connections, however many statements wait', async () => {
      const pids = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const res = await t.ctx.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`);
          return (res as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
        }),
      );
      expect(new Set(pids).size).toBe(3);
    });
  });
});
