import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { CardErrorCode } from '@harbor/contracts';
import { isSameOrigin } from '../../../plugins/same-origin.ts';
import { AppError } from '../../../plugins/errors.ts';
import { checkoutPage, closedPage, onboardingPage, setupPage } from './local-pages.ts';
import type { LocalProvider } from './local-provider.ts';

/**
 * The local provider's hosted pages, on Harbor's own server but outside the
 * web app: /payments/local/checkout/:id, /setup/:id and /onboarding/:id. The
 * unguessable id is the page's authority, as with a provider's hosted page;
 * posts must come from the page itself (same origin).
 */

const idParams = z.object({ id: z.string().regex(/^[a-z]+_local_[0-9a-f]{24}$/) });
const cardBody = z.object({ number: z.string().max(40).default(''), expiry: z.string().max(10).default(''), cvc: z.string().max(8).default(''), save: z.string().optional() });

export function localPaymentRoutes(app: FastifyInstance, provider: LocalProvider, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  /** The browser stays on the origin it is on: a URL on PUBLIC_URL becomes its path (the CSP's form-action 'self' follows redirects). */
  const local = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) || '/' : url);
  const withQuery = (url: string, query: Record<string, string>) => {
    const u = new URL(url, origin);
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
    return local(u.toString());
  };
  const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  void app.register(async (scope) => {
    await scope.register(formbody);
    scope.addHook('onRequest', async (request) => {
      if (request.method === 'POST' && !isSameOrigin(request, publicUrl)) throw new AppError('forbidden', 403, { reason: 'cross-origin' });
    });
    const hidden = { schema: { hide: true, params: idParams } };

    scope.get('/payments/local/checkout/:id', hidden, async (request, reply) => {
      const s = await provider.hosted.session((request.params as { id: string }).id);
      if (!s || s.mode !== 'payment') return html(reply, 404, closedPage('en'));
      if (s.status === 'complete') return reply.redirect(local(s.successUrl), 303);
      if (s.status !== 'open' || s.expiresAt <= new Date()) return html(reply, 410, closedPage(s.language));
      return html(reply, 200, checkoutPage({ lang: s.language, sessionId: s.id, description: s.description, amount: s.amount!, currency: s.currency!, canSave: !!s.customerId, error: null }));
    });

    scope.post('/payments/local/checkout/:id', hidden, async (request, reply) => {
      const { id } = request.params as { id: string };
      const form = cardBody.parse(request.body ?? {});
      const outcome = await provider.hosted.pay(id, { ...form, save: form.save === '1' });
      if (outcome.result === 'invalid') {
        const s = (await provider.hosted.session(id))!;
        const error = { code: outcome.check.error, field: outcome.check.field };
        return html(reply, 422, checkoutPage({ lang: s.language, sessionId: s.id, description: s.description, amount: s.amount!, currency: s.currency!, canSave: !!s.customerId, error }));
      }
      const s = outcome.session;
      if (outcome.result === 'paid' || s.status === 'complete') return reply.redirect(local(s.successUrl), 303);
      return reply.redirect(outcome.error ? withQuery(s.cancelUrl, { error: outcome.error }) : local(s.cancelUrl), 303);
    });

    scope.post('/payments/local/checkout/:id/cancel', hidden, async (request, reply) => {
      const s = await provider.hosted.cancel((request.params as { id: string }).id);
      return reply.redirect(local(s.status === 'complete' ? s.successUrl : s.cancelUrl), 303);
    });

    scope.get('/payments/local/setup/:id', hidden, async (request, reply) => {
      const s = await provider.hosted.session((request.params as { id: string }).id);
      if (!s || s.mode !== 'setup') return html(reply, 404, closedPage('en'));
      if (s.status !== 'open') return html(reply, 410, closedPage(s.language));
      return html(reply, 200, setupPage({ lang: s.language, sessionId: s.id, error: null }));
    });

    scope.post('/payments/local/setup/:id', hidden, async (request, reply) => {
      const { id } = request.params as { id: string };
      const outcome = await provider.hosted.setup(id, cardBody.parse(request.body ?? {}));
      if (outcome.result === 'invalid') {
        const s = (await provider.hosted.session(id))!;
        return html(reply, 422, setupPage({ lang: s.language, sessionId: id, error: { code: outcome.error as CardErrorCode, field: 'number' } }));
      }
      if (outcome.result === 'closed') return html(reply, 410, closedPage(outcome.session.language));
      return reply.redirect(withQuery(outcome.session.successUrl, { paymentMethodId: outcome.session.paymentMethodId! }), 303);
    });

    scope.post('/payments/local/setup/:id/cancel', hidden, async (request, reply) => {
      const s = await provider.hosted.session((request.params as { id: string }).id);
      if (!s || s.mode !== 'setup') return html(reply, 404, closedPage('en'));
      return reply.redirect(local(s.cancelUrl), 303);
    });

    scope.get('/payments/local/onboarding/:id', hidden, async (request, reply) => {
      const found = await provider.hosted.accounts.onboardingLink((request.params as { id: string }).id);
      if (!found) return html(reply, 404, closedPage('en'));
      if (!found.usable) return reply.redirect(local(found.link.refreshUrl), 303);
      const { link, account } = found;
      return html(reply, 200, onboardingPage({ lang: link.language, linkId: link.id, accountType: account.accountType, currentlyDue: account.currentlyDue, error: false }));
    });

    scope.post('/payments/local/onboarding/:id', hidden, async (request, reply) => {
      const { id } = request.params as { id: string };
      const body = z.object({ name: z.string().trim().max(200).default(''), dob: z.string().max(10).default('') }).parse(request.body ?? {});
      if (!body.name || !/^\d{4}-\d{2}-\d{2}$/.test(body.dob)) {
        const found = await provider.hosted.accounts.onboardingLink(id);
        if (!found) return html(reply, 404, closedPage('en'));
        const { link, account } = found;
        return html(reply, 422, onboardingPage({ lang: link.language, linkId: link.id, accountType: account.accountType, currentlyDue: account.currentlyDue, error: true }));
      }
      return reply.redirect(local(await provider.hosted.accounts.completeOnboarding(id, body)), 303);
    });

    scope.post('/payments/local/onboarding/:id/cancel', hidden, async (request, reply) => {
      const found = await provider.hosted.accounts.onboardingLink((request.params as { id: string }).id);
      if (!found) return html(reply, 404, closedPage('en'));
      return reply.redirect(local(found.link.refreshUrl), 303);
    });
  });
}
