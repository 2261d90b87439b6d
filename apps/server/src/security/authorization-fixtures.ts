import type { LightMyRequestResponse } from 'fastify';
import { OrgRole, Scope } from '@harbor/contracts';
import { DEMO_PASSWORD, json, signIn, type TestApp } from '../test/harness.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertOrganization, insertUser } from '../modules/users/index.ts';
import { seedDemoPayoutAccounts } from '../modules/payments/index.ts';
import { completeBody, multipart, png, publishedListing, tokens } from '../modules/listings/test-helpers.ts';
import { initiateBody, place, transition, txOf } from '../modules/transactions/test-helpers.ts';
import type { Role } from './authorization-matrix.ts';

/**
 * The world the authorization matrix probes: the demo buyer, seller, limited
 * user and operator, plus a second seller organization with its own listing,
 * and for the first seller and the buyer every kind of thing a stranger could
 * try to read or change (listings, images, availability exceptions, port
 * offices, a cart, a line, a template, orders, a message, an attachment, a
 * review, payout accounts, a saved card). Path parameters are filled with the
 * ids of these owners, so the other seller's cells are real cross-organization
 * reads and writes.
 */

export type Headers = Record<string, string>;
const HOUR = 3_600_000;

/** Secrets every response is searched for: only the roles named may ever receive them. */
export interface Marker {
  name: string;
  value: string;
  seenBy: readonly Role[];
}

const idOf = (res: LightMyRequestResponse, what: string): string => {
  if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  const body = json<{ id?: string; data?: { id?: string } }>(res);
  const id = body.data?.id ?? body.id;
  if (!id) throw new Error(`${what}: no id in ${res.body}`);
  return id;
};

async function account(t: TestApp, email: string, org: { name: string; roles: number }, over: { status?: 'pending' | 'approved'; passwordHash?: string } = {}) {
  return t.ctx.db.transaction(async (tx) => {
    const o = await insertOrganization(tx, { name: org.name, businessId: '7654321-0', roles: org.roles });
    const u = await insertUser(tx, {
      organizationId: o.id,
      email,
      passwordHash: over.passwordHash ?? (await hashPassword(DEMO_PASSWORD)),
      firstName: 'Otto',
      lastName: email.split('@')[0]!,
      phone: '+358 40 765 4321',
      status: over.status ?? 'approved',
      emailVerified: true,
      scopes: [Scope.user],
      reviewedAt: over.status === 'pending' ? null : new Date(),
    });
    return { orgId: o.id, userId: u.id };
  });
}

export async function buildWorld(t: TestApp) {
  const { app } = t;
  const inject = app.inject.bind(app);
  const demo = await tokens(app);
  const other = await account(t, 'other-seller@harbor.test', { name: 'Kotka Marine Services', roles: OrgRole.Seller | OrgRole.CatalogPresence });
  const otherSeller = { authorization: `Bearer ${(await signIn(app, 'other-seller@harbor.test')).access_token}` };
  // The new seller gets a verified payout account like the demo sellers.
  await seedDemoPayoutAccounts(t.ctx);
  const headers: Record<Role, Headers> = { anonymous: {}, limited: demo.limited, buyer: demo.buyer, seller: demo.seller, otherSeller, operator: demo.operator };

  const me = async (h: Headers) => json<{ id: string; organization: { id: string } }>(await inject({ method: 'GET', url: '/api/users/me', headers: h }));
  const [buyerMe, sellerMe, operatorMe] = [await me(demo.buyer), await me(demo.seller), await me(demo.operator)];

  // The first seller: a published listing with an image, a draft, an availability exception, a port office.
  // Subscriptions need a listing that allows them.
  const listing = await publishedListing(app, demo, { title: 'Matrix tug service', publicData: { ...completeBody().publicData, allowSubscription: true } });
  const draftTitle = 'Matrix secret draft of seller A';
  const draft = idOf(await inject({ method: 'POST', url: '/api/own-listings', headers: demo.seller, payload: completeBody({ title: draftTitle }) }), 'draft');
  const image = await png();
  const uploadImage = async (listingId: string) => {
    const up = multipart([{ field: 'image', data: image }]);
    return idOf(await inject({ method: 'POST', url: `/api/listings/${listingId}/images`, headers: { ...demo.seller, ...up.headers }, payload: up.payload }), 'image');
  };
  const imageId = await uploadImage(listing);
  const exceptionOf = async () =>
    idOf(
      await inject({ method: 'POST', url: `/api/listings/${listing}/availability-exceptions`, headers: demo.seller, payload: { start: '2027-07-01T00:00:00Z', end: '2027-07-02T00:00:00Z', seats: 0 } }),
      'exception',
    );
  const exceptionId = await exceptionOf();
  const draftListing = async () => idOf(await inject({ method: 'POST', url: '/api/own-listings', headers: demo.seller, payload: completeBody() }), 'draft');
  /** A listing waiting for the operator's approval. */
  const pendingListing = async () => {
    const id = await draftListing();
    await uploadImage(id);
    const res = await inject({ method: 'POST', url: `/api/own-listings/${id}/publish`, headers: demo.seller });
    if (res.statusCode !== 200) throw new Error(`publish failed: ${res.body}`);
    return id;
  };
  /** A listing whose seller asked for its deletion, for the operator to complete. */
  const deletionRequested = async () => {
    const id = await draftListing();
    const res = await inject({ method: 'POST', url: '/api/listings/delete', headers: demo.seller, payload: { id, title: completeBody().title } });
    if (res.statusCode >= 300) throw new Error(`delete request failed: ${res.body}`);
    return id;
  };
  const portBody = { port: 'FIKOK', city: 'Kokkola', street: 'Satamakatu 5', zip: '67900', email: 'matrix-office@vuosaari.example.fi', phone: '+358 6 123 456' };
  const portId = idOf(await inject({ method: 'POST', url: `/v1/marketplace/organizations/${sellerMe.organization.id}/ports`, headers: demo.seller, payload: portBody }), 'port office');

  // The second seller: its own published listing and a draft.
  const otherTokens = { ...demo, seller: otherSeller };
  const otherListing = await publishedListing(app, otherTokens, { title: 'Kotka pilot boat' });
  const otherDraftTitle = 'Matrix secret draft of seller B';
  const otherDraft = idOf(await inject({ method: 'POST', url: '/api/own-listings', headers: otherSeller, payload: completeBody({ title: otherDraftTitle }) }), 'draft B');

  // The buyer: a cart with a line, a template, orders with a message, an attachment and a review, a saved card.
  const cartName = 'Matrix secret cart';
  const subscriptionMessage = 'Matrix secret subscription note';
  const start = Math.ceil((Date.now() + 3 * HOUR) / HOUR) * HOUR;
  const lineBody = (cartId: string) => ({
    cartId,
    listingId: listing,
    quantity: 2,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 4 * HOUR).toISOString(),
    deliveryMethod: 'basic',
    deliveryAddress: { street: 'Satamatie 1', postalCode: '00980', city: 'Helsinki' },
  });
  const newCart = async (name = cartName) =>
    idOf(await inject({ method: 'POST', url: '/v1/marketplace/cart', headers: demo.buyer, payload: { name, ship: { name: 'Finnmaid', imo: 9319454 }, portCall: { callId: 'FIHEL-2026-0042', portName: 'Helsinki' } } }), 'cart');
  const newLine = async (cartId: string) => {
    const res = await inject({ method: 'POST', url: '/v1/marketplace/cart/product', headers: demo.buyer, payload: lineBody(cartId) });
    if (res.statusCode >= 300) throw new Error(`cart line failed: ${res.body}`);
    const lines = json<{ products: { id: string }[] }>(res).products;
    return lines.at(-1)!.id;
  };
  const newTemplate = async () => {
    const cartId = await newCart('Matrix template source');
    await newLine(cartId);
    const res = await inject({ method: 'POST', url: '/v1/marketplace/cart/template', headers: demo.buyer, payload: { cartId, name: 'Matrix secret template', startNewCart: false } });
    return idOf(res, 'template');
  };
  const cart = await newCart();
  const cartLine = await newLine(cart);
  const template = await newTemplate();

  const newOrder = async () => txOf(await place(app, demo.buyer, initiateBody(listing))).id;
  const order = await newOrder();
  const messageText = 'Matrix secret message from the buyer';
  idOf(await inject({ method: 'POST', url: `/api/transactions/${order}/messages`, headers: demo.buyer, payload: { content: messageText } }), 'message');
  const attachmentName = 'matrix-secret-note.txt';
  const upload = multipart([{ field: 'file', data: Buffer.from('Matrix secret attachment text\n'), filename: attachmentName, type: 'text/plain' }]);
  const attachmentId = idOf(
    await inject({ method: 'POST', url: `/v1/marketplace/transaction/${order}/attachment`, headers: { ...demo.buyer, ...upload.headers }, payload: upload.payload }),
    'attachment',
  );
  // A completed order the buyer has reviewed.
  const reviewed = await newOrder();
  for (const name of ['accept', 'start-delivery', 'finish-delivery']) await transition(app, demo.seller, reviewed, name);
  await transition(app, demo.buyer, reviewed, 'mark-received');
  const review = await transition(app, demo.buyer, reviewed, 'review-1-by-customer', { reviewRating: 5, reviewContent: 'Matrix review: quick and careful' });
  if (review.statusCode !== 200) throw new Error(`review failed: ${review.body}`);

  const newCard = async () => {
    const setup = json<{ data: { url: string } }>(await inject({ method: 'POST', url: '/api/payment-methods/setup-intent', headers: demo.buyer, payload: {} })).data;
    const saved = await inject({
      method: 'POST',
      url: new URL(setup.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
    });
    const pm = new URL(saved.headers.location as string, 'http://x').searchParams.get('paymentMethodId');
    if (!pm) throw new Error(`card setup failed: ${saved.statusCode} ${saved.body}`);
    const added = await inject({ method: 'POST', url: '/api/payment-methods', headers: demo.buyer, payload: { stripePaymentMethodId: pm } });
    if (added.statusCode !== 200) throw new Error(`card add failed: ${added.body}`);
    return pm;
  };
  const card = await newCard();
  const newAttachment = async () => {
    const file = multipart([{ field: 'file', data: Buffer.from('Probe note\n'), filename: 'probe.txt', type: 'text/plain' }]);
    const id = idOf(await inject({ method: 'POST', url: `/v1/marketplace/transaction/${order}/attachment`, headers: { ...demo.buyer, ...file.headers }, payload: file.payload }), 'attachment');
    return `/api/transactions/${order}/attachments/${id}`;
  };
  /** A cart of one line, as a subscription is made from. */
  const oneLineCart = async () => {
    const cartId = await newCart('Matrix subscription cart');
    await newLine(cartId);
    return cartId;
  };
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  const subscriptionBody = async (message = 'Probe subscription') => ({
    cartId: await oneLineCart(),
    schedule: { type: 'weekly', interval: 1, weekdays: [1, 4], startTime: '10:00', startDate: day(2), endDate: day(90) },
    message,
  });
  const newSubscription = async (message?: string) =>
    idOf(await inject({ method: 'POST', url: '/v1/marketplace/subscriptions', headers: demo.buyer, payload: await subscriptionBody(message) }), 'subscription');

  // A subscription of the buyer to the first seller's listing, when the product has them (they were being built as this was written).
  const subscription = app.hasRoute({ method: 'POST', url: '/v1/marketplace/subscriptions' }) ? await newSubscription(subscriptionMessage) : undefined;
  const payout = json<{ data: { id?: string; accountId?: string } | null }>(await inject({ method: 'GET', url: '/api/payment-accounts/payout-account', headers: demo.seller })).data;

  /** A user the operator's account actions may act on: a fresh one per probe, so approving or banning one changes nothing else. */
  let victims = 0;
  const victim = async (status: 'pending' | 'approved') =>
    (await account(t, `matrix-victim-${++victims}@harbor.test`, { name: `Victim ${victims} Oy`, roles: OrgRole.Buyer }, { status, passwordHash: 'x' })).userId;

  const B = 'buyer' as const;
  const S = 'seller' as const;
  const O = 'operator' as const;
  const markers: Marker[] = [
    { name: 'draft listing of seller A', value: draft, seenBy: [S, O] },
    { name: 'draft title of seller A', value: draftTitle, seenBy: [S, O] },
    { name: 'draft listing of seller B', value: otherDraft, seenBy: ['otherSeller', O] },
    { name: 'draft title of seller B', value: otherDraftTitle, seenBy: ['otherSeller', O] },
    { name: 'port office e-mail of seller A (contact fields need sign-in)', value: portBody.email, seenBy: ['limited', B, S, 'otherSeller', O] },
    { name: 'buyer cart', value: cart, seenBy: [B] },
    { name: 'buyer cart name', value: cartName, seenBy: [B] },
    { name: 'buyer cart line', value: cartLine, seenBy: [B] },
    { name: 'buyer template', value: template, seenBy: [B] },
    { name: 'order', value: order, seenBy: [B, S, O] },
    { name: 'message text', value: messageText, seenBy: [B, S, O] },
    { name: 'attachment', value: attachmentId, seenBy: [B, S, O] },
    { name: 'attachment name', value: attachmentName, seenBy: [B, S, O] },
    { name: 'saved card', value: card, seenBy: [B] },
    ...(subscription
      ? [
          { name: 'subscription', value: subscription, seenBy: [B, S, O] as Role[] },
          { name: 'subscription note', value: subscriptionMessage, seenBy: [B, S, O] as Role[] },
        ]
      : []),
    ...(payout?.accountId ? [{ name: 'payout account of seller A', value: payout.accountId, seenBy: [S, O] as Role[] }] : []),
  ];

  return {
    headers,
    markers,
    ids: {
      buyerUser: buyerMe.id,
      buyerOrg: buyerMe.organization.id,
      sellerUser: sellerMe.id,
      sellerOrg: sellerMe.organization.id,
      operatorUser: operatorMe.id,
      otherOrg: other.orgId,
      otherUser: other.userId,
      listing,
      draft,
      imageId,
      exceptionId,
      portId,
      otherListing,
      otherDraft,
      cart,
      cartLine,
      template,
      order,
      reviewed,
      attachmentId,
      card,
      subscription,
    },
    bodies: { portBody, lineBody, subscriptionBody, image, listingTitle: completeBody().title as string },
    make: { pendingListing, deletionRequested, uploadImage, exceptionOf, newCart, newLine, newTemplate, newOrder, newCard, newAttachment, newSubscription, victim, draftListing },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

