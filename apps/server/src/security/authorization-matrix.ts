/**
 * The authorization matrix (issue 20): for every operation of the OpenAPI
 * document, the outcome each role gets when it calls it. Written once here;
 * `authorization.test.ts` calls every cell and fails on a cell that answers
 * otherwise, on an operation missing here and on a row whose operation is gone.
 */

/** The callers. `otherSeller` is a seller of another organization: every id it is given belongs to `seller` or `buyer`. */
export const ROLES = ['anonymous', 'limited', 'buyer', 'seller', 'otherSeller', 'operator'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Outcome classes, by status:
 * - `ok` 2xx
 * - `auth` 401: no or no valid bearer token
 * - `forbidden` 403: signed in, but the role may not (limited rights, not the operator, not a member)
 * - `hidden` 404: the thing is someone else's and its existence is not confirmed
 * - `invalid` 400: the role passed the checks; the probe's empty body or made-up token was refused
 * - `conflict` 409: the role passed the checks; the thing is in the wrong state for it
 * - `missing` 404 of a public or own path whose thing does not exist in the test world (no such tile, for example)
 */
export const OUTCOMES = ['ok', 'auth', 'forbidden', 'hidden', 'invalid', 'conflict', 'missing'] as const;
export type Outcome = (typeof OUTCOMES)[number];
/** Outcomes that refuse the caller: a 2xx where the table says one of these is a leak. */
export const REFUSALS: readonly Outcome[] = ['auth', 'forbidden', 'hidden'];

export type Row = Record<Role, Outcome>;

const row = (anonymous: Outcome, limited: Outcome, buyer: Outcome, seller: Outcome, otherSeller: Outcome, operator: Outcome): Row => ({
  anonymous,
  limited,
  buyer,
  seller,
  otherSeller,
  operator,
});
/** Anyone, signed in or not. */
const PUBLIC = row('ok', 'ok', 'ok', 'ok', 'ok', 'ok');
/** Public forms (sign-up, sign-in, recovery): the probe's empty body is refused whoever sends it. */
const OPEN_FORM = row('invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid');
/** Any signed-in caller, limited rights included. */
const SIGNED_IN = row('auth', 'ok', 'ok', 'ok', 'ok', 'ok');
/** The operator console. */
const OPERATOR = row('auth', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'ok');

/**
 * Path parameters name the first seller's things (organization, listings,
 * port office, payout account) or the buyer's (cart, line, template, orders
 * with the first seller, saved card, subscription): `otherSeller` cells are
 * cross-organization reads and writes. Columns: anonymous, limited, buyer,
 * seller, otherSeller, operator.
 */
export const AUTHORIZATION_MATRIX: Record<string, Row> = {
  'GET /api/health': PUBLIC,
  'GET /api/config': PUBLIC,
  'GET /api/auth/harbor': PUBLIC,
  // The session cookie's token pair: bearer tokens do not stand in for the cookie.
  'GET /api/auth/harbor/token': row('auth', 'auth', 'auth', 'auth', 'auth', 'auth'),
  'POST /api/auth/harbor/token': OPEN_FORM,
  // Without a session cookie there is nothing to revoke; the bearer tokens of the callers stay valid (later cells prove it).
  'POST /api/auth/harbor/logout': PUBLIC,
  'POST /api/auth/create-user-with-idp': OPEN_FORM,
  'POST /api/users/me/password': row('auth', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid'),
  'POST /api/users/password-recovery': OPEN_FORM,
  'POST /api/users/password-reset': OPEN_FORM,
  'POST /api/users/register': OPEN_FORM,
  'GET /api/users/me': SIGNED_IN,
  'PATCH /api/users/me': row('auth', 'forbidden', 'ok', 'ok', 'ok', 'ok'),
  'POST /api/users/me/email': row('auth', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid'),
  'POST /api/users/me/verification-email': SIGNED_IN,
  'POST /api/users/verify-email': row('auth', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid'),
  'POST /api/users/service-request': OPEN_FORM,
  'GET /api/users/{id}': PUBLIC,
  'GET /api/operator/users': OPERATOR,
  'POST /api/operator/users/{id}/approve': OPERATOR,
  'POST /api/operator/users/{id}/reject': OPERATOR,
  'POST /api/operator/users/{id}/ban': OPERATOR,
  'POST /api/operator/users/{id}/unban': row('auth', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'conflict'),
  'POST /api/operator/users/{id}/delete': OPERATOR,
  'GET /api/operator/transactions': OPERATOR,
  'GET /api/operator/audit': OPERATOR,
  'GET /api/operator/outbox': OPERATOR,
  'POST /api/auth/harbor/login': OPEN_FORM,
  'GET /v1/ships/positions': SIGNED_IN,
  'GET /v1/ships/info/search': SIGNED_IN,
  // No AIS traffic in the test world: the probed ship is unknown to every signed-in caller.
  'GET /v1/ships/info': row('auth', 'missing', 'missing', 'missing', 'missing', 'missing'),
  'GET /v1/ships/{mmsi}/positions': row('auth', 'missing', 'missing', 'missing', 'missing', 'missing'),
  'GET /v1/ais/status': SIGNED_IN,
  'GET /v1/zones/bbox': SIGNED_IN,
  'GET /v1/zones/search': SIGNED_IN,
  'GET /v1/ports/{locode}': SIGNED_IN,
  'GET /tiles/base/{z}/{x}/{y}.pbf': PUBLIC,
  // No BASEMAP_PMTILES in the test world.
  'GET /tiles/basemap/{z}/{x}/{y}.mvt': row('missing', 'missing', 'missing', 'missing', 'missing', 'missing'),
  'GET /api/map/styles/{name}.json': PUBLIC,
  'GET /api/map/fairways': PUBLIC,
  'GET /portcalls': SIGNED_IN,
  'GET /portcalls/current': SIGNED_IN,
  'GET /v1/trajectory/{destination}/{position}': SIGNED_IN,
  // Images are uploaded before they are attached to a listing (the attach checks the listing's owner).
  'POST /api/images': row('auth', 'forbidden', 'ok', 'ok', 'ok', 'ok'),
  // Organizations: contact fields need sign-in (a marker); only members change their ports and profile.
  'GET /v1/marketplace/organizations': PUBLIC,
  'GET /v1/marketplace/organizations/{id}': PUBLIC,
  'GET /v1/marketplace/organizations/{id}/ports': PUBLIC,
  'POST /v1/marketplace/organizations/{id}/ports': row('auth', 'forbidden', 'forbidden', 'ok', 'forbidden', 'forbidden'),
  'PUT /v1/marketplace/organizations/{id}/ports/{portId}': row('auth', 'forbidden', 'forbidden', 'ok', 'forbidden', 'forbidden'),
  'POST /v1/marketplace/organizations/{id}/profile': row('auth', 'forbidden', 'forbidden', 'invalid', 'forbidden', 'forbidden'),
  // Listings: the first seller's published listing is public; the owner alone changes it, another seller gets 403.
  'GET /api/listings': PUBLIC,
  'GET /api/listings/{id}': PUBLIC,
  'GET /api/listings/{id}/alternatives': PUBLIC,
  'GET /api/listings/{id}/availability-exceptions': PUBLIC,
  'POST /api/listings/{id}/availability-exceptions': row('auth', 'forbidden', 'forbidden', 'ok', 'forbidden', 'forbidden'),
  // A seller does not order from their own listing.
  'POST /api/listings/{id}/order-line/validate': row('auth', 'ok', 'ok', 'forbidden', 'ok', 'ok'),
  'GET /api/own-listings': SIGNED_IN,
  'POST /api/own-listings': row('auth', 'forbidden', 'forbidden', 'ok', 'ok', 'forbidden'),
  'GET /api/own-listings/{id}': row('auth', 'forbidden', 'forbidden', 'ok', 'forbidden', 'forbidden'),
  'PATCH /api/own-listings/{id}': row('auth', 'forbidden', 'forbidden', 'ok', 'forbidden', 'forbidden'),
  'POST /api/own-listings/{id}/publish': row('auth', 'forbidden', 'forbidden', 'invalid', 'forbidden', 'forbidden'),
  'POST /api/own-listings/{id}/open': row('auth', 'forbidden', 'forbidden', 'conflict', 'forbidden', 'forbidden'),
  'POST /api/own-listings/{id}/close': row('auth', 'forbidden', 'forbidden', 'conflict', 'forbidden', 'forbidden'),
  'POST /api/listings/delete': row('auth', 'forbidden', 'forbidden', 'ok', 'forbidden', 'forbidden'),
  'POST /api/listings/{id}/stock': row('auth', 'forbidden', 'forbidden', 'conflict', 'forbidden', 'forbidden'),
  'DELETE /api/listings/{id}/images/{imageId}': row('auth', 'forbidden', 'forbidden', 'ok', 'forbidden', 'forbidden'),
  'PUT /api/listings/{id}/images/order': row('auth', 'forbidden', 'forbidden', 'conflict', 'forbidden', 'forbidden'),
  'DELETE /api/listings/{id}/availability-exceptions/{exceptionId}': row('auth', 'forbidden', 'forbidden', 'ok', 'forbidden', 'forbidden'),
  'POST /api/listings/{id}/images': row('auth', 'forbidden', 'forbidden', 'ok', 'forbidden', 'forbidden'),
  'GET /api/operator/listings': OPERATOR,
  // On a fresh pending listing (approve, reject) and a fresh deletion request (complete-deletion).
  'POST /api/operator/listings/{id}/approve': OPERATOR,
  'POST /api/operator/listings/{id}/reject': OPERATOR,
  'POST /api/operator/listings/{id}/complete-deletion': OPERATOR,
  // Orders: any signed-in organization with full rights may order another's listing; a seller not their own.
  // Strangers to an order get 404 (its existence is not confirmed); a party without the right gets 403 or 409.
  'POST /api/transactions/initiate': row('auth', 'forbidden', 'ok', 'forbidden', 'ok', 'ok'),
  'POST /api/transactions/{id}/transition': row('auth', 'forbidden', 'conflict', 'ok', 'hidden', 'conflict'),
  'GET /api/transactions': SIGNED_IN,
  'GET /api/transactions/sales-notifications': SIGNED_IN,
  'GET /api/transactions/{id}': row('auth', 'hidden', 'ok', 'ok', 'hidden', 'ok'),
  'POST /api/transaction-line-items': row('auth', 'ok', 'ok', 'forbidden', 'ok', 'ok'),
  'POST /api/operator/transactions/{id}/cancel': OPERATOR,
  'GET /api/transactions/unread-messages': SIGNED_IN,
  'GET /api/transactions/{id}/messages': row('auth', 'hidden', 'ok', 'ok', 'hidden', 'ok'),
  'POST /api/transactions/{id}/messages': row('auth', 'forbidden', 'ok', 'ok', 'hidden', 'ok'),
  'POST /api/transactions/{id}/messages/read': row('auth', 'hidden', 'ok', 'ok', 'hidden', 'ok'),
  'GET /api/transactions/{id}/attachments': row('auth', 'hidden', 'ok', 'ok', 'hidden', 'ok'),
  'GET /api/transactions/{id}/attachments/{attachmentId}': row('auth', 'hidden', 'ok', 'ok', 'hidden', 'ok'),
  'POST /v1/marketplace/transaction/{id}/attachment': row('auth', 'forbidden', 'ok', 'ok', 'hidden', 'ok'),
  // Only the uploader (the buyer) or the operator removes an attachment; the seller is a party (403), the other seller is not (404).
  'DELETE /v1/marketplace/transaction/{id}/attachment': row('auth', 'forbidden', 'ok', 'forbidden', 'hidden', 'ok'),
  'GET /api/reviews': PUBLIC,
  // Carts are the buyer's alone: 404 to read another's, 403 to change another's (even the operator's).
  'POST /v1/marketplace/cart': row('auth', 'forbidden', 'invalid', 'invalid', 'invalid', 'invalid'),
  'GET /v1/marketplace/carts': SIGNED_IN,
  'GET /v1/marketplace/cart/templates': SIGNED_IN,
  'GET /v1/marketplace/cart/{id}': row('auth', 'hidden', 'ok', 'hidden', 'hidden', 'hidden'),
  'PATCH /v1/marketplace/cart/{id}': row('auth', 'forbidden', 'ok', 'forbidden', 'forbidden', 'forbidden'),
  'DELETE /v1/marketplace/cart/{id}': row('auth', 'forbidden', 'ok', 'forbidden', 'forbidden', 'forbidden'),
  'POST /v1/marketplace/cart/product': row('auth', 'forbidden', 'ok', 'forbidden', 'forbidden', 'forbidden'),
  'PATCH /v1/marketplace/cart/product/{id}': row('auth', 'forbidden', 'ok', 'forbidden', 'forbidden', 'forbidden'),
  'DELETE /v1/marketplace/cart/product/{id}': row('auth', 'forbidden', 'ok', 'forbidden', 'forbidden', 'forbidden'),
  'POST /v1/marketplace/cart/template': row('auth', 'forbidden', 'ok', 'forbidden', 'forbidden', 'forbidden'),
  'PATCH /v1/marketplace/cart/template/{id}': row('auth', 'forbidden', 'ok', 'forbidden', 'forbidden', 'forbidden'),
  'DELETE /v1/marketplace/cart/template/{id}': row('auth', 'forbidden', 'ok', 'forbidden', 'forbidden', 'forbidden'),
  'GET /api/reports': SIGNED_IN,
  // Subscriptions: the buyer's and the seller's organizations; strangers and the operator get 404.
  'GET /v1/marketplace/subscriptions': SIGNED_IN,
  'POST /v1/marketplace/subscriptions': row('auth', 'forbidden', 'ok', 'hidden', 'hidden', 'hidden'),
  'GET /v1/marketplace/subscriptions/{id}': row('auth', 'hidden', 'ok', 'ok', 'hidden', 'hidden'),
  'PATCH /v1/marketplace/subscriptions/{id}': row('auth', 'forbidden', 'ok', 'ok', 'hidden', 'hidden'),
  'GET /api/weather': PUBLIC,
  'GET /api/forex': PUBLIC,
  // Payments: only the order's customer pays (the seller and the operator: 403; the stranger: 404). Payout accounts are each user's own
  // (no account: 404). Another's saved card is refused with 400 (no such card of the caller's).
  'POST /api/payment-accounts/create-checkout-session': row('auth', 'forbidden', 'conflict', 'forbidden', 'hidden', 'forbidden'),
  'GET /api/payment-accounts/payout-account': SIGNED_IN,
  'POST /api/payment-accounts/payout-account': row('auth', 'forbidden', 'invalid', 'invalid', 'invalid', 'invalid'),
  'PUT /api/payment-accounts/payout-account': row('auth', 'forbidden', 'hidden', 'ok', 'ok', 'hidden'),
  'POST /api/payment-accounts/bank-account-token': row('auth', 'forbidden', 'invalid', 'invalid', 'invalid', 'invalid'),
  'POST /api/payment-accounts/payout-account/account-link': row('auth', 'forbidden', 'hidden', 'ok', 'ok', 'hidden'),
  'GET /v1/marketplace/organizations/{id}/payment-accounts': row('auth', 'hidden', 'hidden', 'ok', 'hidden', 'ok'),
  'GET /api/payment-methods': SIGNED_IN,
  'POST /api/payment-methods': row('auth', 'forbidden', 'ok', 'invalid', 'invalid', 'invalid'),
  'POST /api/payment-methods/setup-intent': row('auth', 'forbidden', 'ok', 'ok', 'ok', 'ok'),
  'PUT /api/payment-methods/default': row('auth', 'forbidden', 'ok', 'invalid', 'invalid', 'invalid'),
  'DELETE /api/payment-methods/{id}': row('auth', 'forbidden', 'ok', 'hidden', 'hidden', 'hidden'),
  'GET /api/payments/ledger': OPERATOR,
  // Signed by the provider: an unsigned body is refused with 400 whoever sends it.
  'POST /api/payments/webhook': OPEN_FORM,
};
