// Registers the payments part of the transaction engine (online payment checks, refunds, payouts).
import './payments.hooks.ts';

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Guards } from '../../plugins/auth.ts';
import { localPaymentRoutes } from './local/local-routes.ts';
import { createPayments, type Payments } from './payments.runtime.ts';
import { paymentsRoutes, WEBHOOK_PATH } from './payments.routes.ts';

export type { Payments } from './payments.runtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments module's provider and relays (tests run the relays with `app.payments.flush()`). */
    payments: Payments;
  }
}
export type { PaymentProvider } from './payment-provider.ts';
export { seedDemoPayoutAccounts } from './payments.seed.ts';

/**
 * Payments (issue 16): the provider PAYMENTS chose, its routes, and its relays
 * started with the app. The webhooks of the local provider go to this
 * server's own endpoint (PAYMENTS_WEBHOOK_URL overrides).
 */
export function registerPayments(app: FastifyInstance, ctx: AppContext, guards: Guards): Payments {
  const ownUrl = () => {
    const address = app.server.address();
    if (address && typeof address === 'object') return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}${WEBHOOK_PATH}`.replace('[::]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
    return `${ctx.config.PUBLIC_URL}${WEBHOOK_PATH}`;
  };
  const pay = createPayments(ctx, ownUrl);
  paymentsRoutes(app, ctx, guards, pay);
  if (pay.local) localPaymentRoutes(app, pay.local, ctx.config.PUBLIC_URL);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = pay.start();
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
  return pay;
}
