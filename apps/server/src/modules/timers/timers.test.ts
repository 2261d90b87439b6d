import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { openDatabase } from '../../db/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  cancelTimers,
  pendingTimers,
  registerTimerHandler,
  runDueTimers,
  scheduleTimer,
  TIMER_MAX_ATTEMPTS,
  timerRetryDelayMs,
  timers,
  type DueTimer,
} from './index.ts';

const MIN = 60_000;
// Each test has its own kinds: the handler registry is per process.
const kindOf = (name: string) => `test-${name}-${randomUUID().slice(0, 8)}`;

describe('TIMER_INTERVAL_MS', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'harbor-timers-config-')), JWT_SECRET: 'x'.repeat(32) };
  it('defaults to a second and accepts the listing timers\' old name', () => {
    expect(loadConfig(base).TIMER_INTERVAL_MS).toBe(1000);
    expect(loadConfig({ ...base, LISTING_TIMER_INTERVAL_MS: '5000' }).TIMER_INTERVAL_MS).toBe(5000);
    expect(loadConfig({ ...base, LISTING_TIMER_INTERVAL_MS: '5000', TIMER_INTERVAL_MS: '200' }).TIMER_INTERVAL_MS).toBe(200);
    expect(() => loadConfig({ ...base, TIMER_INTERVAL_MS: '0' })).toThrow(/TIMER_INTERVAL_MS/);
  });
});

describe('timers', () => {
  let t: TestApp;
  // The app's own loop only runs once at start here; the tests drive runDueTimers with their own clock.
  beforeAll(async () => {
    t = await createTestApp({ TIMER_INTERVAL_MS: String(3_600_000) });
    await t.ctx.db.execute(sql`CREATE TABLE timer_test_effects (timer_id uuid NOT NULL, key text NOT NULL)`);
  });
  afterAll(() => t.close());

  const schedule = (kind: string, key: string, dueAt: Date, payload?: Record<string, unknown>) =>
    t.ctx.db.transaction((tx) => scheduleTimer(tx, { kind, key, dueAt, ...(payload && { payload }) }));
  const rowsOf = (kind: string) => t.ctx.db.select().from(timers).where(eq(timers.kind, kind));
  const effects = async (key: string) => {
    const res = await t.ctx.db.execute(sql`SELECT timer_id FROM timer_test_effects WHERE key = ${key}`);
    return (res as unknown as { rows: { timer_id: string }[] }).rows;
  };

  it('schedules, replaces the pending timer of a kind and key, and cancels by key or by kind', async () => {
    const a = kindOf('a');
    const b = kindOf('b');
    const key = randomUUID();
    const at = new Date(Date.now() + 10 * MIN);
    await schedule(a, key, at, { n: 1 });
    await schedule(a, key, new Date(at.getTime() + MIN), { n: 2 });
    await schedule(b, key, at);
    const pa = await t.ctx.db.transaction((tx) => pendingTimers(tx, { key, kind: a }));
    expect(pa).toEqual([expect.objectContaining({ kind: a, key, dueAt: new Date(at.getTime() + MIN), payload: { n: 2 }, attempts: 0 })]);
    expect(await pendingTimers(t.ctx.db, { key })).toHaveLength(2);

    await t.ctx.db.transaction((tx) => cancelTimers(tx, { key, kind: a }));
    expect((await pendingTimers(t.ctx.db, { key })).map((p) => p.kind)).toEqual([b]);
    await schedule(a, key, at);
    await t.ctx.db.transaction((tx) => cancelTimers(tx, { key }));
    expect(await pendingTimers(t.ctx.db, { key })).toEqual([]);
    // Cancelled timers are gone, not kept as done.
    expect(await rowsOf(a)).toEqual([]);
  });

  it('schedules inside the caller transaction: a rolled-back schedule leaves no timer', async () => {
    const kind = kindOf('rollback');
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await scheduleTimer(tx, { kind, key: 'k', dueAt: new Date() });
        throw new Error('caller fails');
      }),
    ).rejects.toThrow('caller fails');
    expect(await rowsOf(kind)).toEqual([]);
  });

  it('runs a due timer once, with its payload, and keeps it as done', async () => {
    const kind = kindOf('once');
    const seen: DueTimer[] = [];
    registerTimerHandler(kind, async (_ctx, _tx, timer) => {
      seen.push(timer);
    });
    const at = new Date(Date.now() + 5 * MIN);
    await schedule(kind, 'k1', at, { hello: 'world' });
    expect(await runDueTimers(t.ctx, new Date(at.getTime() - 1000))).toBe(0);
    expect(await runDueTimers(t.ctx, at)).toBe(1);
    expect(await runDueTimers(t.ctx, new Date(at.getTime() + MIN))).toBe(0);
    expect(seen).toEqual([expect.objectContaining({ kind, key: 'k1', dueAt: at, payload: { hello: 'world' }, attempts: 0 })]);
    expect(await rowsOf(kind)).toEqual([expect.objectContaining({ state: 'done', attempts: 0 })]);
  });

  it('commits the effect with the done mark; a throwing handler leaves no effect and retries later with attempts + 1', async () => {
    const kind = kindOf('flaky');
    let calls = 0;
    registerTimerHandler(kind, async (_ctx, tx, timer) => {
      calls++;
      await tx.execute(sql`INSERT INTO timer_test_effects (timer_id, key) VALUES (${timer.id}, ${timer.key})`);
      if (calls === 1) throw new Error('first try fails');
    });
    const error = vi.spyOn(t.ctx.log, 'error');
    const key = randomUUID();
    const now = new Date(Date.now() + 10 * MIN);
    await schedule(kind, key, now);
    expect(await runDueTimers(t.ctx, now)).toBe(0);
    expect(await effects(key)).toEqual([]);
    const [row] = await rowsOf(kind);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, dueAt: new Date(now.getTime() + timerRetryDelayMs(1)) });
    expect(row!.lastError).toContain('first try fails');
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ timer: expect.objectContaining({ id: row!.id, kind, key, attempts: 1 }) }), expect.any(String));
    error.mockRestore();

    // Not before its backoff, then once.
    expect(await runDueTimers(t.ctx, new Date(now.getTime() + 30_000))).toBe(0);
    expect(await runDueTimers(t.ctx, new Date(now.getTime() + MIN))).toBe(1);
    expect(await effects(key)).toEqual([{ timer_id: row!.id }]);
    expect(await rowsOf(kind)).toEqual([expect.objectContaining({ state: 'done', attempts: 1 })]);
    expect(calls).toBe(2);
  });

  it('leaves a busy timer (its row locked elsewhere: lock_not_available) pending without counting an attempt, once per batch', async () => {
    const kind = kindOf('busy');
    let calls = 0;
    registerTimerHandler(kind, async () => {
      calls++;
      // What Drizzle throws when a NOWAIT lock finds the row held: PostgreSQL's error as its cause.
      if (calls === 1) throw Object.assign(new Error('Failed query: select … for update nowait'), { cause: Object.assign(new Error('could not obtain lock on row'), { code: '55P03' }) });
    });
    const error = vi.spyOn(t.ctx.log, 'error');
    const now = new Date(Date.now() + 20 * MIN);
    await schedule(kind, 'k', now);
    expect(await runDueTimers(t.ctx, now)).toBe(0);
    expect(calls).toBe(1); // passed over for the rest of the batch, not claimed again at once
    expect(await rowsOf(kind)).toEqual([expect.objectContaining({ state: 'pending', attempts: 0, lastError: null, dueAt: now })]);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
    expect(await runDueTimers(t.ctx, now)).toBe(1);
    expect(await rowsOf(kind)).toEqual([expect.objectContaining({ state: 'done', attempts: 0 })]);
  });

  it('backs off min(2^(attempts-1), 60) minutes and marks a timer failed after the last attempt', async () => {
    expect([1, 2, 3, 6, 7, 9].map((n) => timerRetryDelayMs(n) / MIN)).toEqual([1, 2, 4, 32, 60, 60]);
    const kind = kindOf('broken');
    registerTimerHandler(kind, async () => {
      throw new Error('always');
    });
    let now = new Date(Date.now() + 20 * MIN);
    await schedule(kind, 'k', now);
    for (let i = 1; i <= TIMER_MAX_ATTEMPTS; i++) {
      expect(await runDueTimers(t.ctx, now)).toBe(0);
      const [row] = await rowsOf(kind);
      expect(row).toMatchObject({ attempts: i, state: i < TIMER_MAX_ATTEMPTS ? 'pending' : 'failed' });
      now = new Date(row!.dueAt.getTime() + timerRetryDelayMs(TIMER_MAX_ATTEMPTS));
    }
    expect(await runDueTimers(t.ctx, new Date(now.getTime() + 24 * 60 * MIN))).toBe(0);
    expect(await rowsOf(kind)).toEqual([expect.objectContaining({ state: 'failed', attempts: TIMER_MAX_ATTEMPTS, lastError: expect.stringContaining('always') })]);
  });

  it('leaves a timer without a handler pending and logs it, and runs it once a handler registers', async () => {
    const kind = kindOf('late');
    const at = new Date(Date.now() + 30 * MIN);
    await schedule(kind, 'k', at);
    const warn = vi.spyOn(t.ctx.log, 'warn');
    expect(await runDueTimers(t.ctx, at)).toBe(0);
    expect(warn).toHaveBeenCalledWith({ kind, due: 1 }, expect.any(String));
    warn.mockRestore();
    expect(await rowsOf(kind)).toEqual([expect.objectContaining({ state: 'pending', attempts: 0 })]);
    registerTimerHandler(kind, async () => {});
    expect(await runDueTimers(t.ctx, at)).toBe(1);
    expect(() => registerTimerHandler(kind, async () => {})).toThrow(/already has a handler/);
  });

  it('lets a handler schedule the next timer of its own kind and key', async () => {
    const kind = kindOf('cycle');
    registerTimerHandler(kind, async (_ctx, tx, timer) => {
      const n = Number(timer.payload.n);
      if (n < 3) await scheduleTimer(tx, { kind, key: timer.key, dueAt: new Date(timer.dueAt.getTime() + MIN), payload: { n: n + 1 } });
    });
    const at = new Date(Date.now() + 40 * MIN);
    await schedule(kind, 'k', at, { n: 1 });
    expect(await runDueTimers(t.ctx, at)).toBe(1);
    expect(await pendingTimers(t.ctx.db, { key: 'k', kind })).toEqual([expect.objectContaining({ payload: { n: 2 } })]);
    expect(await runDueTimers(t.ctx, new Date(at.getTime() + 10 * MIN))).toBe(2);
    const rows = await t.ctx.db.select().from(timers).where(and(eq(timers.kind, kind), eq(timers.state, 'done')));
    expect(rows.map((r) => r.payload.n).sort()).toEqual([1, 2, 3]);
  });

  it.skipIf(!process.env.DATABASE_URL)('two runners on separate connections never run one timer twice (PostgreSQL)', async () => {
    const kind = kindOf('race');
    const key = randomUUID();
    registerTimerHandler(kind, async (_ctx, tx, timer) => {
      await tx.execute(sql`INSERT INTO timer_test_effects (timer_id, key) VALUES (${timer.id}, ${key})`);
      await new Promise((r) => setTimeout(r, 1)); // hold the claim a moment, so the runners overlap
    });
    const now = new Date(Date.now() + 60 * MIN);
    await t.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++) await scheduleTimer(tx, { kind, key: `${key}-${i}`, dueAt: now });
    });
    const other = await openDatabase({ url: process.env.DATABASE_URL, schema: t.ctx.config.DATABASE_SCHEMA });
    try {
      const drain = async (ctx: AppContext) => {
        let ran = 0;
        for (;;) {
          const n = await runDueTimers(ctx, now);
          if (n === 0) return ran;
          ran += n;
        }
      };
      const [a, b] = await Promise.all([drain(t.ctx), drain({ ...t.ctx, db: other.db })]);
      expect(a + b).toBe(200);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
    const runs = await effects(key);
    expect(runs).toHaveLength(200);
    expect(new Set(runs.map((r) => r.timer_id)).size).toBe(200);
    expect((await rowsOf(kind)).every((r) => r.state === 'done')).toBe(true);
  });
});
