import { multipart } from '../modules/listings/test-helpers.ts';
import { initiateBody } from '../modules/transactions/test-helpers.ts';
import type { World } from './authorization-fixtures.ts';
import type { Role } from './authorization-matrix.ts';

/**
 * How each operation is called in the matrix: path parameters filled with the
 * ids of the things' owners (the first seller's organization and listing, the
 * buyer's cart and order), the query parameters a call needs, and an empty
 * body, so a role that passes the checks gets `invalid` rather than changing
 * anything. Where a check of who owns the thing runs after validation (in the
 * service), an empty body would end in 400 before it, proving nothing: those
 * operations get a valid body (BODIES), so a stranger's cell shows the
 * refusal and the owner's cell really acts. Where an allowed call would
 * destroy a fixture (delete a cart, ban a user), each cell gets a fresh thing
 * of the same owner.
 */

export interface Operation {
  key: string;
  method: string;
  path: string;
  /** Names of the path parameters, in order. */
  pathParams: string[];
  /** Names of the required query parameters. */
  requiredQuery: string[];
  hasBody: boolean;
}

export interface Probe {
  url: string;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

type Multipart = { multipart: ReturnType<typeof multipart> };
type Body = (w: World, params: Record<string, string>) => Record<string, unknown> | Multipart | Promise<Record<string, unknown>>;

const reason = { reason: 'Authorization matrix probe' };

/** Valid bodies of the writes whose owner check follows validation. */
const BODIES: Record<string, Body> = {
  'POST /api/operator/users/{id}/ban': () => reason,
  'POST /api/operator/users/{id}/delete': () => reason,
  'POST /api/operator/transactions/{id}/cancel': () => reason,
  'POST /v1/marketplace/organizations/{id}/ports': (w) => ({ ...w.bodies.portBody, port: 'FIHKO' }),
  'PUT /v1/marketplace/organizations/{id}/ports/{portId}': (w) => w.bodies.portBody,
  'POST /api/listings/{id}/availability-exceptions': () => ({ start: '2027-09-01T00:00:00Z', end: '2027-09-02T00:00:00Z', seats: 0 }),
  'POST /api/listings/{id}/order-line/validate': (w) => ({ ...w.bodies.lineBody(w.ids.cart), cartId: undefined }),
  'POST /api/listings/delete': async (w) => ({ id: await w.make.draftListing(), title: w.bodies.listingTitle }),
  'POST /api/listings/{id}/stock': () => ({ oldTotal: 100, newTotal: 100 }),
  'PUT /api/listings/{id}/images/order': (w) => ({ imageIds: [w.ids.imageId] }),
  'POST /api/listings/{id}/images': (w) => ({ multipart: multipart([{ field: 'image', data: w.bodies.image }]) }),
  'POST /api/images': (w) => ({ multipart: multipart([{ field: 'image', data: w.bodies.image }]) }),
  'POST /api/transactions/initiate': (w) => initiateBody(w.ids.listing),
  'POST /api/transactions/{id}/transition': () => ({ transition: 'accept', params: {} }),
  'POST /api/transaction-line-items': (w) => ({ ...w.bodies.lineBody(w.ids.cart), cartId: undefined }),
  'POST /api/transactions/{id}/messages': () => ({ content: 'Authorization matrix probe message' }),
  'POST /v1/marketplace/transaction/{id}/attachment': () => ({ multipart: multipart([{ field: 'file', data: Buffer.from('Probe\n'), filename: 'probe.txt', type: 'text/plain' }]) }),
  'DELETE /v1/marketplace/transaction/{id}/attachment': async (w) => ({ url: await w.make.newAttachment() }),
  'POST /v1/marketplace/cart/product': (w) => w.bodies.lineBody(w.ids.cart),
  'PATCH /v1/marketplace/cart/product/{id}': () => ({ quantity: 3 }),
  'POST /v1/marketplace/cart/template': (w) => ({ cartId: w.ids.cart, name: 'Probe template', startNewCart: false }),
  'POST /v1/marketplace/subscriptions': (w) => w.bodies.subscriptionBody(),
  'PATCH /v1/marketplace/subscriptions/{id}': () => ({ status: 'cancelled', message: 'Authorization matrix probe' }),
  'POST /api/payment-accounts/create-checkout-session': (w) => ({ transactionId: w.ids.order }),
  'POST /api/payment-methods': (w) => ({ stripePaymentMethodId: w.ids.card }),
  'PUT /api/payment-methods/default': (w) => ({ stripePaymentMethodId: w.ids.card }),
};

type Filler = (w: World) => string | Promise<string>;

const TRANSITION = /^\/api\/own-listings\/\{id\}\/(publish|open|close)$/;

/** Path parameters by operation, for the operations that destroy or change state when allowed. */
const FRESH: Record<string, Record<string, Filler>> = {
  'POST /api/operator/users/{id}/approve': { id: (w) => w.make.victim('pending') },
  'POST /api/operator/users/{id}/reject': { id: (w) => w.make.victim('pending') },
  'POST /api/operator/users/{id}/ban': { id: (w) => w.make.victim('approved') },
  'POST /api/operator/users/{id}/unban': { id: (w) => w.make.victim('approved') },
  'POST /api/operator/users/{id}/delete': { id: (w) => w.make.victim('approved') },
  'POST /api/operator/listings/{id}/approve': { id: (w) => w.make.pendingListing() },
  'POST /api/operator/listings/{id}/reject': { id: (w) => w.make.pendingListing() },
  'POST /api/operator/listings/{id}/complete-deletion': { id: (w) => w.make.deletionRequested() },
  'POST /api/operator/transactions/{id}/cancel': { id: (w) => w.make.newOrder() },
  'DELETE /api/listings/{id}/images/{imageId}': { id: (w) => w.ids.listing, imageId: (w) => w.make.uploadImage(w.ids.listing) },
  'DELETE /api/listings/{id}/availability-exceptions/{exceptionId}': { id: (w) => w.ids.listing, exceptionId: (w) => w.make.exceptionOf() },
  'DELETE /v1/marketplace/cart/{id}': { id: (w) => w.make.newCart() },
  'DELETE /v1/marketplace/cart/product/{id}': { id: (w) => w.make.newLine(w.ids.cart) },
  'DELETE /v1/marketplace/cart/template/{id}': { id: (w) => w.make.newTemplate() },
  'DELETE /api/payment-methods/{id}': { id: (w) => w.make.newCard() },
  'POST /api/transactions/{id}/transition': { id: (w) => w.make.newOrder() },
  'PATCH /v1/marketplace/subscriptions/{id}': { id: (w) => w.make.newSubscription() },
};

/** `{id}` by the path it is in: whose thing it names. */
function idFor(path: string, w: World): string | Promise<string> {
  if (TRANSITION.test(path)) return w.make.draftListing();
  if (path.startsWith('/api/users/')) return w.ids.sellerUser;
  if (path.startsWith('/v1/marketplace/organizations/')) return w.ids.sellerOrg;
  if (path.startsWith('/api/listings/') || path.startsWith('/api/own-listings/')) return w.ids.listing;
  if (path.startsWith('/api/transactions/') || path.startsWith('/v1/marketplace/transaction/')) return w.ids.order;
  if (path.startsWith('/v1/marketplace/subscriptions/') && w.ids.subscription) return w.ids.subscription;
  if (path.startsWith('/v1/marketplace/cart/product/')) return w.ids.cartLine;
  if (path.startsWith('/v1/marketplace/cart/template/')) return w.ids.template;
  if (path.startsWith('/v1/marketplace/cart/')) return w.ids.cart;
  throw new Error(`no owner known for {id} in ${path}: add it to authorization-probes.ts`);
}

/** Other path parameters by name. */
const BY_NAME: Record<string, Filler> = {
  imageId: (w) => w.ids.imageId,
  exceptionId: (w) => w.ids.exceptionId,
  portId: (w) => w.ids.portId,
  attachmentId: (w) => w.ids.attachmentId,
  mmsi: () => '230000001',
  locode: () => 'FIVSS',
  z: () => '0',
  x: () => '0',
  y: () => '0',
  name: () => 'default',
  destination: () => 'FIVSS',
  position: () => '60.1,24.9',
};

/** Query values: by operation first, then by parameter name. */
const QUERY_BY_OP: Record<string, Record<string, string | ((w: World) => string)>> = {
  'GET /api/reviews': { listing_id: (w) => w.ids.listing },
  'GET /api/listings/{id}/availability-exceptions': { start: '2027-06-01T00:00:00Z', end: '2027-08-01T00:00:00Z' },
  'GET /api/reports': { start: '2026-01-01', end: '2026-12-31' },
};
const QUERY_BY_NAME: Record<string, string> = {
  bbox: '24.9,60.1,25.3,60.3',
  north: '60.3',
  south: '60.1',
  east: '25.3',
  west: '24.9',
  portCode: 'FIVSS',
  port: 'FIVSS',
  mmsi: '230000001',
  q: 'Fin',
  from: 'EUR',
  to: 'SEK',
};

export async function probeFor(op: Operation, w: World): Promise<Probe> {
  let url = op.path;
  const fresh = FRESH[op.key] ?? {};
  const params: Record<string, string> = {};
  for (const name of op.pathParams) {
    const fill = fresh[name] ?? (name === 'id' ? (x: World) => idFor(op.path, x) : BY_NAME[name]);
    if (!fill) throw new Error(`no value for path parameter {${name}} of ${op.key}: add it to authorization-probes.ts`);
    params[name] = await fill(w);
    url = url.replace(`{${name}}`, encodeURIComponent(params[name]));
  }
  const query = new URLSearchParams();
  const byOp = QUERY_BY_OP[op.key] ?? {};
  for (const [name, v] of Object.entries(byOp)) query.set(name, typeof v === 'function' ? v(w) : v);
  for (const name of op.requiredQuery) {
    if (query.has(name)) continue;
    const v = QUERY_BY_NAME[name];
    if (v === undefined) throw new Error(`no value for query parameter ${name} of ${op.key}: add it to authorization-probes.ts`);
    query.set(name, v);
  }
  const qs = query.toString();
  const withQuery = qs ? `${url}?${qs}` : url;
  const make = BODIES[op.key];
  const body = make ? await make(w, params) : op.hasBody ? {} : undefined;
  if (body && 'multipart' in body) {
    const { payload, headers } = (body as Multipart).multipart;
    return { url: withQuery, payload, headers };
  }
  return { url: withQuery, ...(body && { payload: body }) };
}

/**
 * What the owner sees of the thing a write names: read before and after a
 * stranger's write (the limited user's, the other seller's), which must leave
 * it as it was whatever the answer said.
 */
export function ownerReads(op: Operation, url: string, payload: Probe['payload'], w: World): [Role, string][] {
  const path = url.split('?')[0]!;
  const seg = path.split('/');
  const body = payload && !Buffer.isBuffer(payload) ? payload : {};
  const id = (i: number) => seg[i]!;
  if (path.startsWith('/v1/marketplace/organizations/')) return [['seller', `/v1/marketplace/organizations/${id(4)}`], ['seller', `/v1/marketplace/organizations/${id(4)}/ports`]];
  if (path === '/api/listings/delete') return [['seller', `/api/own-listings/${String(body.id)}`]];
  if (path.startsWith('/api/own-listings/') || path.startsWith('/api/listings/') || path.startsWith('/api/operator/listings/'))
    return [['seller', `/api/own-listings/${id(path.startsWith('/api/operator/') ? 4 : 3)}`], ['seller', `/api/listings/${w.ids.listing}/availability-exceptions?start=2027-06-01T00:00:00Z&end=2027-10-01T00:00:00Z`]];
  const order = path.startsWith('/api/operator/transactions/') ? id(4) : path.startsWith('/v1/marketplace/transaction/') || path.startsWith('/api/transactions/') ? id(3) : undefined;
  if (order && /^[0-9a-f-]{36}$/.test(order)) return [['buyer', `/api/transactions/${order}`], ['buyer', `/api/transactions/${order}/messages`], ['buyer', `/api/transactions/${order}/attachments`]];
  if (path.startsWith('/api/payment-accounts/create-checkout-session')) return [['buyer', `/api/transactions/${w.ids.order}`]];
  if (path.startsWith('/v1/marketplace/cart/template')) return [['buyer', '/v1/marketplace/cart/templates']];
  if (path.startsWith('/v1/marketplace/cart/product')) return [['buyer', `/v1/marketplace/cart/${w.ids.cart}`]];
  if (path.startsWith('/v1/marketplace/cart/')) return [['buyer', `/v1/marketplace/cart/${id(4)}`]];
  if (path.startsWith('/v1/marketplace/subscriptions/')) return [['buyer', `/v1/marketplace/subscriptions/${id(4)}`]];
  if (path.startsWith('/api/payment-methods')) return [['buyer', '/api/payment-methods']];
  if (path.startsWith('/api/payment-accounts/')) return [['seller', '/api/payment-accounts/payout-account']];
  if (path.startsWith('/api/operator/users/')) return [['operator', `/api/users/${id(4)}`]];
  // Writes that name no one's thing but the caller's: the owners' accounts.
  return [['buyer', '/api/users/me'], ['seller', '/api/users/me'], ['buyer', `/v1/marketplace/cart/${w.ids.cart}`]];
}
