import { OrgRole, Scope } from '@harbor/contracts';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../lib/passwords.ts';
import { seedPorts } from './ports/index.ts';
import { findUserByEmail, insertOrganization, insertUser } from '../modules/users/index.ts';
import { seedDemoMarketplace } from '../modules/organizations/index.ts';
import { seedDemoPayoutAccounts } from '../modules/payments/index.ts';

export const DEMO_PASSWORD = 'harbor-demo-2026';

interface SeedAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: string;
  businessId: string;
  roles: number;
  scopes: string[];
}

export function demoAccounts(ctx: Pick<AppContext, 'config'>): SeedAccount[] {
  const operator: SeedAccount = {
    email: ctx.config.OPERATOR_EMAIL ?? 'operator@harbor.test',
    password: ctx.config.OPERATOR_PASSWORD ?? DEMO_PASSWORD,
    firstName: 'Olivia',
    lastName: 'Operator',
    company: 'Harbor Operations',
    businessId: '0000000-0',
    roles: OrgRole.Harbor,
    scopes: [Scope.user, Scope.operator],
  };
  if (!ctx.config.SEED_DEMO) return [operator];
  return [
    operator,
    {
      email: 'buyer@harbor.test',
      password: DEMO_PASSWORD,
      firstName: 'Bruno',
      lastName: 'Buyer',
      company: 'Baltic Shipping Agency',
      businessId: '1234567-8',
      roles: OrgRole.Buyer,
      scopes: [Scope.user],
    },
    {
      email: 'seller@harbor.test',
      password: DEMO_PASSWORD,
      firstName: 'Selma',
      lastName: 'Seller',
      company: 'Vuosaari Port Services',
      businessId: '2345678-9',
      roles: OrgRole.Seller | OrgRole.CatalogPresence,
      scopes: [Scope.user],
    },
    {
      email: 'limited@harbor.test',
      password: DEMO_PASSWORD,
      firstName: 'Liisa',
      lastName: 'Limited',
      company: 'Baltic Shipping Agency (viewer)',
      businessId: '1234567-8',
      roles: OrgRole.Buyer,
      scopes: [Scope.limited],
    },
  ];
}

/**
 * Idempotent: an account that exists is left as it is. The demo marketplace
 * (organizations, listings, images) follows SEED_DEMO; API tests skip it.
 */
export async function seedDemo(ctx: AppContext, opts: { marketplace?: boolean; ssnPorts?: boolean } = {}) {
  // The shipped port set is product data, seeded even without demo accounts.
  await seedPorts(ctx.db, { ssn: opts.ssnPorts ?? true });
  for (const a of demoAccounts(ctx)) {
    if (await findUserByEmail(ctx.db, a.email)) continue;
    const passwordHash = await hashPassword(a.password);
    await ctx.db.transaction(async (tx) => {
      const org = await insertOrganization(tx, { name: a.company, businessId: a.businessId, roles: a.roles });
      await insertUser(tx, {
        organizationId: org.id,
        email: a.email,
        passwordHash,
        firstName: a.firstName,
        lastName: a.lastName,
        phone: '+358 40 123 4567',
        status: 'approved',
        emailVerified: true,
        scopes: a.scopes,
        reviewedAt: new Date(),
      });
    });
    ctx.log.info({ email: a.email }, 'seeded account');
  }
  if (opts.marketplace ?? ctx.config.SEED_DEMO) await seedDemoMarketplace(ctx, DEMO_PASSWORD);
  // The demo sellers can be paid online: a verified payout account at the local provider.
  if (ctx.config.SEED_DEMO) await seedDemoPayoutAccounts(ctx);
}
