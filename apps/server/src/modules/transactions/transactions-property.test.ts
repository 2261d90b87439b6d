import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findTransition,
  PROCESSES,
  TRANSITION_NAMES,
  transitionsFrom,
  type ProcessActor,
  type ProcessAlias,
  type ProcessTransition,
  type TransactionState,
} from '@harbor/contracts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { AppError } from '../../plugins/errors.ts';
import { systemTransition } from './index.ts';
import { transactions } from './transactions.schema.ts';
import { people } from '../carts/test-helpers.ts';
import { completeBody, initiateBody, place, publishedListing, stockOfListing, transition, txOf } from './test-helpers.ts';

const TOTAL = 10_000;
type Actor = ProcessActor | 'stranger';
const ACTORS: Actor[] = ['customer', 'provider', 'operator', 'system', 'stranger'];

/** Parameters that satisfy a transition's requirements and nothing more. */
function paramsFor(def: ProcessTransition | undefined): Record<string, unknown> {
  const want = new Set([...(def?.requires ?? [])]);
  const pd: Record<string, unknown> = {};
  const params: Record<string, unknown> = { protectedData: pd };
  if (want.has('comment')) pd.comment = 'because';
  if (want.has('reason')) pd.reason = 'because';
  if (want.has('validUntil')) pd.validUntil = new Date(Date.now() + 86_400_000).toISOString();
  if (want.has('negotiatedTotal')) params.negotiatedTotal = { amount: 12_345, currency: 'EUR' };
  if (want.has('reviewRating')) params.reviewRating = 4;
  if (want.has('reviewContent')) params.reviewContent = 'fine';
  return params;
}

const INITIATIONS: { alias: ProcessAlias; transition: string }[] = [
  { alias: 'harbor-order-simple', transition: 'order' },
  { alias: 'harbor-order-simple', transition: 'request-payment' },
  { alias: 'harbor-order-simple', transition: 'enquire' },
  { alias: 'harbor-rfq-simple', transition: 'request-for-quote' },
];

const step = fc.record({ actor: fc.nat(ACTORS.length - 1), fromGraph: fc.boolean(), pick: fc.nat(1000) });

describe('transactions: the process graphs hold under random transitions', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof people>>;
  const listings: Record<ProcessAlias, string> = { 'harbor-order-simple': '', 'harbor-rfq-simple': '' };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '1000000' });
    auth = await people(t); // buyer2: a signed-in buyer who is no party
    const pd = { ...completeBody().publicData, allowOnlinePayment: true };
    listings['harbor-order-simple'] = await publishedListing(t.app, auth, { stock: TOTAL, publicData: pd });
    listings['harbor-rfq-simple'] = await publishedListing(t.app, auth, { stock: TOTAL, publicData: { ...pd, pricingType: 'RFQ', rfqRequired: true } });
  });
  afterAll(() => t.close());

  const headersOf = (actor: Actor) => ({ customer: auth.buyer, provider: auth.seller, operator: auth.operator, stranger: auth.buyer2 })[actor as 'customer'];

  async function take(actor: Actor, id: string, name: string, params: Record<string, unknown>): Promise<number> {
    if (actor !== 'system') return (await transition(t.app, headersOf(actor), id, name, params)).statusCode;
    try {
      await t.ctx.db.transaction((tx) => systemTransition(t.ctx, tx, id, name as (typeof TRANSITION_NAMES)[number]));
      return 200;
    } catch (err) {
      if (err instanceof AppError) return err.status;
      throw err;
    }
  }

  const reservedOf = async (listingId: string) => {
    const [row] = await t.ctx.db
      .select({ n: sql<number>`coalesce(sum(${transactions.stockReserved}), 0)::int` })
      .from(transactions)
      .where(eq(transactions.listingId, listingId));
    return row!.n;
  };

  it('never leaves the graph, answers 409 to every step it does not allow, and keeps stock plus reservations at the total', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(INITIATIONS.length - 1), fc.array(step, { minLength: 1, maxLength: 12 }), async (init, steps) => {
        const { alias, transition: first } = INITIATIONS[init]!;
        const graph = PROCESSES[alias];
        const body = initiateBody(listings[alias], { processAlias: alias, transition: first, params: { quantity: 1, protectedData: { comment: 'hello' } } });
        const placed = await place(t.app, auth.buyer, body);
        expect(placed.statusCode, placed.body).toBe(201);
        const id = txOf(placed).id;
        let state = txOf(placed).state as TransactionState;
        let holds = findTransition(graph, 'initial', first as 'order')!.effects?.includes('reserve-stock') ?? false;

        for (const s of steps) {
          const actor = ACTORS[s.actor]!;
          const available = transitionsFrom(graph, state);
          const name = s.fromGraph && available.length ? available[s.pick % available.length]!.name : TRANSITION_NAMES[s.pick % TRANSITION_NAMES.length]!;
          const def = findTransition(graph, state, name);
          const allowed = !!def && actor !== 'stranger' && def.actors.includes(actor);
          const status = await take(actor, id, name, paramsFor(def));
          if (actor === 'stranger') expect(status).toBe(404);
          else expect(status, `${actor} ${name} from ${state}`).toBe(allowed ? 200 : 409);
          if (allowed) {
            state = def.to;
            if (def.effects?.includes('reserve-stock')) holds = true;
            if (def.effects?.includes('release-stock')) holds = false;
          }
          const row = (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
          expect(row.state).toBe(state);
          expect(Object.keys(graph.states)).toContain(row.state);
          expect(row.stockReserved).toBe(holds ? 1 : 0);
        }
        for (const listingId of Object.values(listings)) {
          expect((await stockOfListing(t.app, auth.buyer, listingId))! + (await reservedOf(listingId))).toBe(TOTAL);
        }
      }),
      { numRuns: 40 },
    );
  });
});
