import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server.ts';
import { RESTART_ENGINES, restartStore } from '../../test/restart-store.ts';
import { transactionIdempotencyKeys, transactions, transactionTransitions } from './transactions.schema.ts';
import { initiateBody, orderLine, publishedListing, stockOfListing, tokens } from './test-helpers.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STOCK = 100;
const LINES = 40;

/** The real server as its own process (TypeScript through tsx), resolved with its URL once it listens. */
function spawnServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1]!.replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${out}`));
    });
  });
}

describe('placing survives a crash', () => {
  // SIGKILL while a cart's lines are being placed, restart on the same data: every line is placed once or not at all.
  it.each(RESTART_ENGINES)('no duplicate and no half-placed transaction after SIGKILL mid-placement (%s)', async (engine) => {
    const store = restartStore(engine, 'tx-crash');
    const { dataDir } = store;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MIN: '100000',
      ...store.env,
    };
    try {
      // The listing and the buyer's token, made in-process (the JWT secret stays in the data directory).
      const setup = await startServer({ port: 0, dataDir, env });
      const auth = await tokens(setup.app);
      const listing = await publishedListing(setup.app, auth, { stock: STOCK });
      await setup.close();

      const { child, base } = await spawnServer(env);
      const bodies = Array.from({ length: LINES }, (_, i) =>
        initiateBody(listing, { params: { ...orderLine({ quantity: 1 }), protectedData: { cartName: `line ${i}` } } }),
      );
      const keys = bodies.map((_, i) => `crash-line-${i}`);
      const post = (b: string, i: number) =>
        fetch(`${b}/api/transactions/initiate`, {
          method: 'POST',
          headers: { ...auth.buyer, 'content-type': 'application/json', 'idempotency-key': keys[i]! },
          body: JSON.stringify(bodies[i]),
        });
      let answered = 0;
      const exited = new Promise((r) => child.once('exit', r));
      const calls = bodies.map((_, i) =>
        post(base, i).then(
          async (res) => {
            if (++answered === 5) child.kill('SIGKILL'); // in the middle of the cart
            return { i, status: res.status, id: res.status === 201 ? ((await res.json().catch(() => null)) as { data: { id: string } } | null)?.data.id : undefined };
          },
          () => ({ i, status: 0, id: undefined }),
        ),
      );
      const first = await Promise.all(calls);
      await exited;
      const acknowledged = first.filter((r) => r.status === 201 && r.id);
      expect(acknowledged.length).toBeGreaterThanOrEqual(5);
      expect(first.some((r) => r.status === 0)).toBe(true); // some calls were cut off by the kill

      const after = await startServer({ port: 0, dataDir, env });
      try {
        const db = after.ctx.db;
        const consistent = async () => {
          const rows = await db.select().from(transactions).where(eq(transactions.listingId, listing));
          const trans = await db
            .select({ id: transactionTransitions.transactionId, n: sql<number>`count(*)::int` })
            .from(transactionTransitions)
            .groupBy(transactionTransitions.transactionId);
          const keyRows = await db.select().from(transactionIdempotencyKeys);
          const perTx = new Map(trans.map((x) => [x.id, x.n]));
          for (const r of rows) {
            expect(perTx.get(r.id)).toBe(1); // its placing transition, exactly once
            expect(r.stockReserved).toBe(1);
            expect(keyRows.filter((k) => k.transactionId === r.id)).toHaveLength(1);
          }
          expect(keyRows.every((k) => rows.some((r) => r.id === k.transactionId))).toBe(true);
          expect(new Set(rows.map((r) => r.protectedData.cartName)).size).toBe(rows.length);
          expect((await stockOfListing(after.app, auth.buyer, listing))! + rows.length).toBe(STOCK);
          return rows;
        };
        const survived = await consistent();
        // Everything the client was told is there.
        for (const a of acknowledged) expect(survived.map((r) => r.id)).toContain(a.id);

        // The buyer retries the whole cart with the same keys: placed lines answer their transaction, the rest are placed now.
        const retry = await Promise.all(
          bodies.map((b, i) =>
            after.app.inject({ method: 'POST', url: '/api/transactions/initiate', headers: { ...auth.buyer, 'idempotency-key': keys[i]! }, payload: b }),
          ),
        );
        expect(retry.filter((r) => r.statusCode === 200)).toHaveLength(survived.length);
        expect(retry.filter((r) => r.statusCode === 201)).toHaveLength(LINES - survived.length);
        for (const a of acknowledged) expect(retry[a.i]!.json().data.id).toBe(a.id);
        expect(await consistent()).toHaveLength(LINES);
      } finally {
        await after.close();
      }
    } finally {
      await store.remove();
    }
  });
});
