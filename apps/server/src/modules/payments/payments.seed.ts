import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { OrgRole } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { users } from '../users/users.schema.ts';
import { seedVerifiedAccount } from './local/local-accounts.ts';
import { payoutAccounts } from './payments.schema.ts';

/**
 * The demo sellers (the @harbor.test accounts of selling organizations) get a
 * verified payout account at the local provider, so their listings can be
 * paid online out of the box. Idempotent; nothing for PAYMENTS=stripe.
 */
export async function seedDemoPayoutAccounts(ctx: AppContext) {
  if (ctx.config.PAYMENTS !== 'local') return;
  const sellers = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, users.id))
    .where(and(like(users.email, '%@harbor.test'), sql`(${organizations.roles} & ${OrgRole.Seller}) <> 0`, isNull(payoutAccounts.userId)));
  for (const s of sellers) {
    await ctx.db.transaction(async (tx) => {
      const data = await seedVerifiedAccount(tx, { userId: s.id, email: s.email, country: 'FI', currency: 'EUR', last4: '0000' });
      await tx.insert(payoutAccounts).values({ userId: s.id, provider: 'local', accountId: data.id, data }).onConflictDoNothing();
    });
  }
}
