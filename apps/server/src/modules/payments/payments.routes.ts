import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountLinkBodySchema,
  accountLinkResponseSchema,
  addPaymentMethodBodySchema,
  bankAccountTokenBodySchema,
  bankAccountTokenResponseSchema,
  createCheckoutSessionBodySchema,
  createCheckoutSessionResponseSchema,
  createPayoutAccountBodySchema,
  defaultPaymentMethodBodySchema,
  organizationPaymentAccountsResponseSchema,
  paymentMethodsResponseSchema,
  payoutAccountResponseSchema,
  setupIntentBodySchema,
  setupIntentResponseSchema,
  updatePayoutAccountBodySchema,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { authOf, type Guards } from '../../plugins/auth.ts';
import type { Payments } from './payments.runtime.ts';
import * as service from './payments.service.ts';

const tags = ['payments'];
const security = [{ bearerAuth: [] }];

export const WEBHOOK_PATH = '/api/payments/webhook';

export function paymentsRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards, pay: Payments) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: guards.user };
  const write = { preHandler: guards.marketplaceWrite };

  r.post(
    '/api/payment-accounts/create-checkout-session',
    { ...write, schema: { tags, security, summary: 'Starts the card payment of an order waiting for payment; the browser goes to sessionUrl', body: createCheckoutSessionBodySchema, response: { 200: createCheckoutSessionResponseSchema } } },
    async (request) => service.createCheckoutSession(ctx, pay, authOf(request), request.body),
  );

  // The provider's signed events: the signature is over the raw bytes, so this scope keeps the body as it came.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(
      WEBHOOK_PATH,
      { schema: { tags, summary: 'The payment provider’s signed webhook events (local: harbor-signature; Stripe: stripe-signature)', response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) } } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
        const { duplicate } = await service.handleWebhook(ctx, pay, raw, request.headers);
        return { received: true, duplicate };
      },
    );
  });

  r.get(
    '/api/payment-accounts/payout-account',
    { ...read, schema: { tags, security, summary: 'The caller’s payout account (null before the first-time form)', response: { 200: payoutAccountResponseSchema } } },
    async (request) => ({ data: await service.getPayoutAccount(ctx, pay, authOf(request)) }),
  );
  r.post(
    '/api/payment-accounts/payout-account',
    { ...write, schema: { tags, security, summary: 'Creates the caller’s payout account with a bank account token', body: createPayoutAccountBodySchema, response: { 201: payoutAccountResponseSchema } } },
    async (request, reply) => reply.status(201).send({ data: await service.createPayoutAccount(ctx, pay, authOf(request), request.body) }),
  );
  r.put(
    '/api/payment-accounts/payout-account',
    { ...write, schema: { tags, security, summary: 'Replaces the bank account or the business profile', body: updatePayoutAccountBodySchema, response: { 200: payoutAccountResponseSchema } } },
    async (request) => ({ data: await service.updatePayoutAccount(ctx, pay, authOf(request), request.body) }),
  );
  r.post(
    '/api/payment-accounts/bank-account-token',
    { ...write, schema: { tags, security, summary: 'A bank account token from the country’s bank inputs (validated by the country’s rules)', body: bankAccountTokenBodySchema, response: { 200: bankAccountTokenResponseSchema } } },
    async (request) => ({ data: await service.createBankAccountToken(ctx, pay, request.body) }),
  );
  r.post(
    '/api/payment-accounts/payout-account/account-link',
    { ...write, schema: { tags, security, summary: 'Onboarding at the provider; returns to returnPath/success or returnPath/failure', body: accountLinkBodySchema, response: { 200: accountLinkResponseSchema } } },
    async (request) => ({ data: await service.createAccountLink(ctx, pay, authOf(request), request.body) }),
  );

  r.get(
    '/v1/marketplace/organizations/:id/payment-accounts',
    {
      ...read,
      schema: { tags, security, summary: 'The payout accounts of the organization’s members (members and the operator)', params: z.object({ id: z.uuid() }), response: { 200: organizationPaymentAccountsResponseSchema } },
    },
    async (request) => ({ data: await service.organizationPaymentAccounts(ctx, authOf(request), request.params.id) }),
  );

  r.get(
    '/api/payment-methods',
    { ...read, schema: { tags, security, summary: 'The caller’s saved cards', response: { 200: paymentMethodsResponseSchema } } },
    async (request) => service.listPaymentMethods(ctx, pay, authOf(request)),
  );
  r.post(
    '/api/payment-methods/setup-intent',
    { ...write, schema: { tags, security, summary: 'A card form at the provider that saves a card', body: setupIntentBodySchema, response: { 200: setupIntentResponseSchema } } },
    async (request) => ({ data: await service.createSetupIntent(ctx, pay, authOf(request), request.body) }),
  );
  r.post(
    '/api/payment-methods',
    { ...write, schema: { tags, security, summary: 'Adds a card collected by a setup intent (addPaymentMethod)', body: addPaymentMethodBodySchema, response: { 200: paymentMethodsResponseSchema } } },
    async (request) => service.addPaymentMethod(ctx, pay, authOf(request), request.body),
  );
  r.put(
    '/api/payment-methods/default',
    { ...write, schema: { tags, security, summary: 'Makes a saved card the default', body: defaultPaymentMethodBodySchema, response: { 200: paymentMethodsResponseSchema } } },
    async (request) => service.setDefaultPaymentMethod(ctx, pay, authOf(request), request.body.stripePaymentMethodId),
  );
  r.delete(
    '/api/payment-methods/:id',
    { ...write, schema: { tags, security, summary: 'Deletes a saved card (deletePaymentMethod)', params: z.object({ id: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      await service.deletePaymentMethod(ctx, pay, authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
  r.get(
    '/api/payments/ledger',
    { ...read, schema: { tags, security, summary: 'The local provider’s ledger: balances per account and whether the books reconcile (operator)' } },
    async (request) => service.ledger(pay, authOf(request)),
  );
}
