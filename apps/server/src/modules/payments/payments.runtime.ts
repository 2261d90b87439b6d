import type { AppContext } from '../../context.ts';
import { createLocalProvider, type LocalProvider } from './local/local-provider.ts';
import type { WebhookRelay } from './local/local-webhooks.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createActionRelay, type ActionRelay } from './payments.actions.ts';
import { stripeProviderFromConfig } from './stripe/stripe-provider.ts';

/**
 * The payments module's running parts: the provider PAYMENTS chose (through
 * this one factory, so the Stripe adapter plugs in here), the relay that
 * makes the provider calls state changes queued, and, for the local
 * provider, the relay that delivers its webhooks.
 */
export interface Payments {
  provider: PaymentProvider;
  /** Set for PAYMENTS=local: its hosted pages and ledger. */
  local: LocalProvider | null;
  actions: ActionRelay;
  webhooks: WebhookRelay | null;
  /** Runs both relays once (tests; the loop does it every TIMER_INTERVAL_MS). */
  flush(): Promise<void>;
  start(): () => Promise<void>;
}

export function createPaymentProvider(ctx: AppContext): { provider: PaymentProvider; local: LocalProvider | null } {
  switch (ctx.config.PAYMENTS) {
    case 'local': {
      const local = createLocalProvider({ db: ctx.db, publicUrl: ctx.config.PUBLIC_URL, webhookSecret: ctx.config.PAYMENTS_WEBHOOK_SECRET });
      return { provider: local, local };
    }
    case 'stripe':
      return { provider: stripeProviderFromConfig(ctx.config), local: null };
  }
}

export function createPayments(ctx: AppContext, webhookTarget: () => string): Payments {
  const { provider, local } = createPaymentProvider(ctx);
  const actions = createActionRelay(ctx, provider);
  const webhooks = local ? local.createRelay({ log: ctx.log, target: () => ctx.config.PAYMENTS_WEBHOOK_URL ?? webhookTarget() }) : null;
  return {
    provider,
    local,
    actions,
    webhooks,
    async flush() {
      await actions.flush();
      await webhooks?.flush();
    },
    start() {
      const stops = [actions.start(ctx.config.TIMER_INTERVAL_MS), ...(webhooks ? [webhooks.start(ctx.config.TIMER_INTERVAL_MS)] : [])];
      return async () => {
        await Promise.all(stops.map((s) => s()));
      };
    },
  };
}
