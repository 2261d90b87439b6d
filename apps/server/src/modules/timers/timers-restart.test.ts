import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../../server.ts';
import { RESTART_ENGINES, restartStore } from '../../test/restart-store.ts';
import { registerTimerHandler, scheduleTimer, timers } from './index.ts';


describe('timers across a restart', () => {
  // One timer falls due while the server is down, the other after the restart: both fire once, on the second server.
  it.each(RESTART_ENGINES)('fire after a restart that came before they were due (%s)', async (engine) => {
    const kind = `test-restart-${randomUUID().slice(0, 8)}`;
    const fired = new Map<string, Date[]>();
    registerTimerHandler(kind, async (_ctx, _tx, timer) => {
      fired.set(timer.key, [...(fired.get(timer.key) ?? []), new Date()]);
    });
    const store = restartStore(engine, 'timers');
    const { dataDir } = store;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      TIMER_INTERVAL_MS: '50',
      // The same data directory (PGlite) or schema (PostgreSQL) both times.
      ...store.env,
    };
    try {
      const first = await startServer({ port: 0, dataDir, env });
      const whileDown = new Date(Date.now() + 1000);
      const afterRestart = new Date(Date.now() + 20_000); // room for a slow start of the second server on a loaded machine
      await first.ctx.db.transaction(async (tx) => {
        await scheduleTimer(tx, { kind, key: 'while-down', dueAt: whileDown });
        await scheduleTimer(tx, { kind, key: 'after-restart', dueAt: afterRestart });
      });
      await first.close();
      expect(Date.now()).toBeLessThan(whileDown.getTime());
      await new Promise((r) => setTimeout(r, whileDown.getTime() - Date.now() + 50));

      const second = await startServer({ port: 0, dataDir, env });
      try {
        // The restart is complete before the second timer is due.
        expect(Date.now()).toBeLessThan(afterRestart.getTime());
        await vi.waitFor(() => expect(fired.get('while-down')).toHaveLength(1), { timeout: 10_000, interval: 20 });
        expect(fired.get('after-restart')).toBeUndefined();
        await vi.waitFor(() => expect(fired.get('after-restart')).toHaveLength(1), { timeout: 30_000, interval: 20 });
        expect(fired.get('while-down')![0]!.getTime()).toBeGreaterThanOrEqual(whileDown.getTime());
        expect(fired.get('after-restart')![0]!.getTime()).toBeGreaterThanOrEqual(afterRestart.getTime());
        // The handler runs inside the timer's transaction: it has been called a moment before the
        // row's state commits, so the states are awaited too (once seen as called, not yet as done).
        await vi.waitFor(
          async () => {
            const rows = await second.ctx.db.select().from(timers).where(eq(timers.kind, kind));
            expect(rows.map((r) => r.state)).toEqual(['done', 'done']);
          },
          { timeout: 10_000, interval: 50 },
        );
        await new Promise((r) => setTimeout(r, 200)); // a few more batches
      } finally {
        await second.close();
      }
      expect([...fired.values()].map((v) => v.length)).toEqual([1, 1]);
    } finally {
      await store.remove();
    }
  });
});
