import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../../server.ts';
import { RESTART_ENGINES, restartStore } from '../../test/restart-store.ts';
import { pendingTimers } from '../timers/index.ts';
import { TRANSITION_TIMER_KIND } from './index.ts';
import { completeBody, initiateBody, place, publishedListing, stockOfListing, tokens, txOf } from './test-helpers.ts';

const WINDOW_MS = 20_000; // room for a seeded restart on a loaded machine

describe('transaction timers across a restart', () => {
  // The payment window is configured short; the server restarts before it lapses, and the new server cancels the order.
  it.each(RESTART_ENGINES)('an online payment not confirmed in its window is cancelled by the restarted server (%s)', async (engine) => {
    const store = restartStore(engine, 'tx-timers');
    const { dataDir } = store;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      SEED_DEMO: 'true', // the demo buyer and seller
      TIMER_INTERVAL_MS: '50',
      PAYMENT_WINDOW_MS: String(WINDOW_MS),
      RATE_LIMIT_PER_MIN: '10000',
      ...store.env,
    };
    try {
      const first = await startServer({ port: 0, dataDir, env });
      const auth = await tokens(first.app);
      const listing = await publishedListing(first.app, auth, { stock: 5, publicData: { ...completeBody().publicData, allowOnlinePayment: true } });
      const res = await place(first.app, auth.buyer, initiateBody(listing, { transition: 'request-payment' }));
      expect(res.statusCode, res.body).toBe(201);
      const id = txOf(res).id;
      const [timer] = await pendingTimers(first.ctx.db, { key: id, kind: TRANSITION_TIMER_KIND });
      expect(timer!.payload).toEqual({ transition: 'cancel-payment', from: 'pending-payment' });
      const dueAt = timer!.dueAt.getTime();
      await first.close();

      const second = await startServer({ port: 0, dataDir, env });
      try {
        // Restarted before the window lapsed: still waiting for the payment.
        expect(Date.now()).toBeLessThan(dueAt);
        const get = async () => txOf(await second.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: auth.buyer }));
        expect((await get()).state).toBe('pending-payment');
        expect(await stockOfListing(second.app, auth.buyer, listing)).toBe(3);
        await vi.waitFor(async () => expect((await get()).state).toBe('cancelled'), { timeout: WINDOW_MS + 10_000, interval: 100 });
        const cancelled = await get();
        expect(Date.parse(cancelled.lastTransitionedAt)).toBeGreaterThanOrEqual(dueAt);
        expect(cancelled).toMatchObject({ lastTransition: 'cancel-payment', protectedData: { paymentStatus: 'ONLINE_CANCEL' } });
        expect(cancelled.transitions.map((x) => `${x.by}:${x.transition}`)).toEqual(['customer:request-payment', 'system:cancel-payment']);
        expect(await stockOfListing(second.app, auth.buyer, listing)).toBe(5);
      } finally {
        await second.close();
      }
    } finally {
      await store.remove();
    }
  });
});
