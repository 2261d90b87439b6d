import type { Cart, CartProduct, InitiateBodyInput, Transaction } from '@harbor/contracts';
import { errorCodeOf, isApiRequestError } from '../../../shared/api-client/index.ts';
import { forgetIdempotencyKey, idempotencyKeyFor, isDefiniteRefusal } from './idempotency-keys.ts';
import { initiateBody, type PlacingEvent } from './placing-machine.ts';

export interface PlaceLinesDeps {
  initiate: (body: InitiateBodyInput, idempotencyKey: string) => Promise<Transaction>;
  dispatch: (event: PlacingEvent) => void;
}

/**
 * Places the lines side by side, one initiate call each, and reports each
 * outcome as it settles. Resolves when every call has settled; never throws.
 * The server marks each cart line placed in the order's own database
 * transaction (protectedData.cartProductId), so nothing is left half done.
 */
export async function placeLines(
  cart: Pick<Cart, 'id' | 'name' | 'ship' | 'portCall'>,
  lines: readonly CartProduct[],
  online: boolean,
  { initiate, dispatch }: PlaceLinesDeps,
): Promise<void> {
  dispatch({ type: 'start', lineIds: lines.map((l) => l.id), online });
  await Promise.all(
    lines.map(async (line) => {
      const key = idempotencyKeyFor(line.id);
      try {
        const tx = await initiate(initiateBody(cart, line, online), key);
        // Placed for good (the server marked the line): the key has done its job.
        forgetIdempotencyKey(line.id);
        dispatch({ type: 'placed', lineId: line.id, transaction: { id: tx.id, processAlias: tx.processAlias, state: tx.state, payinTotal: tx.payinTotal } });
      } catch (error) {
        if (isApiRequestError(error) && isDefiniteRefusal(error.status, error.code)) forgetIdempotencyKey(line.id);
        dispatch({ type: 'failed', lineId: line.id, code: errorCodeOf(error) });
      }
    }),
  );
}
