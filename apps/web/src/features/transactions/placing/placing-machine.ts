import type { Cart, CartOrderState, CartProduct, InitiateBodyInput, InitiatingTransition, ProcessAlias, Transaction } from '@harbor/contracts';
import type { ClientErrorCode } from '../../../shared/api-client/index.ts';

/**
 * Placing a cart (buyer spec sections 4 and 7): one initiate call per cart
 * line, all side by side. The cart moves initial → initiating → initiated
 * (or the online-payment pair for a one-line card payment); when every call
 * has settled the successful transactions and the failed lines are kept per
 * line, and a retry places only the failed ones.
 */

export type LineOutcome =
  | { status: 'pending' }
  | { status: 'placed'; transaction: PlacedTransaction }
  | { status: 'failed'; code: ClientErrorCode };

/** What the summary needs of a placed transaction. */
export interface PlacedTransaction {
  id: string;
  processAlias: ProcessAlias;
  state: Transaction['state'];
  payinTotal: Transaction['payinTotal'];
}

export interface PlacingState {
  phase: CartOrderState;
  lines: Record<string, LineOutcome>;
}

export const initialPlacingState: PlacingState = { phase: 'initial', lines: {} };

export type PlacingEvent =
  | { type: 'start'; lineIds: readonly string[]; online: boolean }
  | { type: 'placed'; lineId: string; transaction: PlacedTransaction }
  | { type: 'failed'; lineId: string; code: ClientErrorCode };

const settled = (outcome: LineOutcome | undefined) => outcome !== undefined && outcome.status !== 'pending';

export function placingReducer(state: PlacingState, event: PlacingEvent): PlacingState {
  switch (event.type) {
    case 'start': {
      // Starting clears the errors of the lines it retries; lines placed earlier keep their transaction.
      const lines = { ...state.lines };
      for (const id of event.lineIds) lines[id] = { status: 'pending' };
      return { phase: event.online ? 'initiating-online-payment' : 'initiating', lines };
    }
    case 'placed':
    case 'failed': {
      if (state.lines[event.lineId]?.status !== 'pending') return state;
      const outcome: LineOutcome =
        event.type === 'placed' ? { status: 'placed', transaction: event.transaction } : { status: 'failed', code: event.code };
      const lines = { ...state.lines, [event.lineId]: outcome };
      const done = Object.values(lines).every(settled);
      const phase = !done ? state.phase : state.phase === 'initiating-online-payment' ? 'initiated-online-payment' : 'initiated';
      return { phase, lines };
    }
  }
}

export const isPlacing = (state: PlacingState) => state.phase === 'initiating' || state.phase === 'initiating-online-payment';

export function failedLineIds(state: PlacingState): string[] {
  return Object.entries(state.lines)
    .filter(([, o]) => o.status === 'failed')
    .map(([id]) => id);
}

/** Lines that can still be placed: not placed yet (in the cart or in this session) and still orderable. */
export function placeableLines(cart: Pick<Cart, 'products'>, state: PlacingState): CartProduct[] {
  return cart.products.filter((line) => line.placed === null && line.orderable && state.lines[line.id]?.status !== 'placed');
}

/** Online payment is offered only for a cart of exactly one line that allows it and needs no quote (spec section 4). */
export function canPayOnline(lines: readonly CartProduct[]): boolean {
  return lines.length === 1 && lines[0]!.allowOnlinePayment && !lines[0]!.rfqRequired;
}

/** The process and initiating transition of a line: RFQ listings request a quote, others order (offline) or request payment (online). */
export function placementOf(line: Pick<CartProduct, 'rfqRequired'>, online: boolean): { processAlias: ProcessAlias; transition: InitiatingTransition } {
  if (line.rfqRequired) return { processAlias: 'harbor-rfq-simple', transition: 'request-for-quote' };
  return { processAlias: 'harbor-order-simple', transition: online ? 'request-payment' : 'order' };
}

/** The initiate body of one cart line: the line as the order panel validated it, plus the cart's ship and port call. */
export function initiateBody(cart: Pick<Cart, 'id' | 'name' | 'ship' | 'portCall'>, line: CartProduct, online: boolean): InitiateBodyInput {
  const { delivery } = line;
  const address = delivery.address;
  return {
    ...placementOf(line, online),
    params: {
      listingId: line.productId,
      quantity: line.quantity,
      startTime: delivery.startTime,
      endTime: delivery.endTime,
      deliveryMethod: delivery.method,
      ...(address
        ? {
            deliveryAddress: {
              ...(address.street ? { street: address.street } : {}),
              ...(address.postalCode ? { postalCode: address.postalCode } : {}),
              ...(address.city ? { city: address.city } : {}),
              country: address.country,
              coordinates: address.coordinates ?? null,
            },
          }
        : {}),
      ...(delivery.notes ? { deliveryNotes: delivery.notes } : {}),
      protectedData: {
        cartId: cart.id,
        cartProductId: line.id,
        cartName: cart.name,
        shipName: cart.ship.name,
        shipImo: cart.ship.imo,
        ...(cart.portCall ? { portCallId: cart.portCall.callId, portName: cart.portCall.portName } : {}),
        ...(line.comment ? { comment: line.comment } : {}),
      },
    },
  };
}
