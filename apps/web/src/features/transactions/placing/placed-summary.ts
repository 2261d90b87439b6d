import type { Cart, CartProduct } from '@harbor/contracts';
import type { ClientErrorCode } from '../../../shared/api-client/index.ts';
import type { PlacedTransaction, PlacingState } from './placing-machine.ts';

/** What /placed-order shows: the cart's context, the placed lines with their transactions, the failed lines with their reasons. */
export interface PlacedSummary {
  cart: { id: string; name: string; shipName: string; portCallId: string | null };
  placed: { lineId: string; name: string; quantity: number; transaction: PlacedTransaction }[];
  failed: { lineId: string; name: string; code: ClientErrorCode }[];
}

const KEY = 'harbor.placed-order';

export function summaryOf(cart: Pick<Cart, 'id' | 'name' | 'ship' | 'portCall'>, lines: readonly CartProduct[], state: PlacingState): PlacedSummary {
  const summary: PlacedSummary = {
    cart: { id: cart.id, name: cart.name, shipName: cart.ship.name, portCallId: cart.portCall?.callId ?? null },
    placed: [],
    failed: [],
  };
  for (const line of lines) {
    const outcome = state.lines[line.id];
    if (outcome?.status === 'placed') summary.placed.push({ lineId: line.id, name: line.name, quantity: line.quantity, transaction: outcome.transaction });
    if (outcome?.status === 'failed') summary.failed.push({ lineId: line.id, name: line.name, code: outcome.code });
  }
  return summary;
}

/** Kept for the tab's session, so /placed-order survives a reload. */
export function storeSummary(summary: PlacedSummary): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(summary));
  } catch {
    // Storage off: the summary still travels in the navigation state.
  }
}

export function readStoredSummary(): PlacedSummary | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    const value = text ? (JSON.parse(text) as unknown) : null;
    return value && typeof value === 'object' && Array.isArray((value as PlacedSummary).placed) ? (value as PlacedSummary) : null;
  } catch {
    return null;
  }
}
