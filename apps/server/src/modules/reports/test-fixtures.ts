import type { LineItem, TransactionState } from '@harbor/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { transactions } from '../transactions/index.ts';

/** One order as the report tests and bench write it straight into the table (no process run: the report reads only these columns). */
export interface ReportFixture {
  customerId: string;
  providerId: string;
  listingId: string;
  state: TransactionState;
  currency: string;
  payinTotal: number;
  createdAt: Date;
}

const lineItem = (f: ReportFixture): LineItem => ({
  code: 'line-item/units',
  includeFor: ['customer', 'provider'],
  quantity: 1,
  percentage: null,
  unitPrice: { amount: f.payinTotal, currency: f.currency as LineItem['unitPrice']['currency'] },
  lineTotal: { amount: f.payinTotal, currency: f.currency as LineItem['unitPrice']['currency'] },
  reversal: false,
});

/** Inserts the fixtures in batches of 1,000 rows. */
export async function insertReportFixtures(db: Tx, fixtures: ReportFixture[]) {
  for (let i = 0; i < fixtures.length; i += 1000) {
    await db.insert(transactions).values(
      fixtures.slice(i, i + 1000).map((f) => ({
        processAlias: 'harbor-order-simple' as const,
        processVersion: 1,
        state: f.state,
        lastTransition: 'order' as const,
        lastTransitionedAt: f.createdAt,
        customerId: f.customerId,
        providerId: f.providerId,
        listingId: f.listingId,
        quantity: 1,
        bookingStart: f.createdAt,
        bookingEnd: f.createdAt,
        currency: f.currency,
        lineItems: [lineItem(f)],
        payinTotal: f.payinTotal,
        payoutTotal: f.payinTotal,
        protectedData: { paymentStatus: 'OFFLINE' } as never,
        createdAt: f.createdAt,
      })),
    );
  }
  await db.execute(sql`analyze transactions`);
}
