import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DAYS_OF_WEEK, OrgRole, SERVICE_CATEGORIES, Scope, slugify, toMinorUnits, type PublicData, type ServiceCategory, type WorkingHours, DAY_MS } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { importStaticImage } from '../images/index.ts';
import { findUserByEmail, insertOrganization, insertUser } from '../users/index.ts';
import { DEMO_ORGANIZATIONS, type DemoOrganization, type DemoService } from './demo-data.ts';
import { listingsRepository as listingsRepo } from '../listings/index.ts';
import { updateOrganization } from './organizations.repository.ts';

const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed/assets');
const SEED_UPLOADER = '00000000-0000-0000-0000-000000000000';

/** A stable uuid from a name, so re-running the seed finds what it made before. */
function stableId(name: string): string {
  const h = createHash('sha1').update(`harbor-seed:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** One image per category from the shipped assets (400 px card, 240 px square). */
async function categoryImages(ctx: AppContext): Promise<Map<ServiceCategory, string>> {
  const ids = new Map<ServiceCategory, string>();
  for (const category of SERVICE_CATEGORIES) {
    const card = { file: path.join(ASSETS, `${category}.jpg`), width: 400, height: 400 };
    const small = { file: path.join(ASSETS, `${category}-240.jpg`), width: 240, height: 240 };
    const id = await importStaticImage(ctx, {
      id: stableId(`image:${category}`),
      uploaderId: SEED_UPLOADER,
      sources: { 'listing-card': card, 'square-small': small, 'scaled-small': card, 'scaled-medium': card },
    });
    ids.set(category, id);
  }
  return ids;
}

function publicDataOf(org: DemoOrganization, service: DemoService, n: number): PublicData {
  const today = new Date();
  const from = new Date(today.getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
  const to = new Date(today.getTime() + 365 * DAY_MS).toISOString().slice(0, 10);
  return {
    productType: service.digital ? 'digital_service' : 'physical_service',
    pricingType: service.rfq ? 'RFQ' : 'FIXED',
    rfqRequired: service.rfq ?? false,
    unit: service.unit,
    categories: [service.category],
    port: org.ports[n % org.ports.length],
    isActive: true,
    isVisible: true,
    allowOnlinePayment: !service.rfq,
    allowSubscription: service.unit === 'day',
    minOrderAmount: 1,
    availability: { from, to },
    setupFee: n % 7 === 3 ? { amount: 5000, currency: 'EUR' } : null,
    discount: n % 5 === 0 ? { type: 'PERCENT', tiers: [{ orderMin: 10, amount: 5 }, { orderMin: 50, amount: 10 }] } : null,
    delivery:
      service.delivered && !service.digital
        ? {
            arrangedBy: 'seller',
            time: 1,
            timeUnit: 'days',
            expeditedTime: 4,
            expeditedTimeUnit: 'hours',
            cost: { basic: 5000, expedited: 12000, currency: 'EUR' },
          }
        : { arrangedBy: 'buyer', timeUnit: 'hours', expeditedTimeUnit: 'hours' },
    workingHours: {
      days: Object.fromEntries(DAYS_OF_WEEK.map((d) => [d, d === 'sat' || d === 'sun' ? { open: false } : { open: true, from: '07:00', to: '17:00' }])) as WorkingHours['days'],
      note: null,
    },
    disclaimer: 'Prices exclude VAT (0 %). Final invoice according to actual quantities.',
  };
}

async function sellerOf(ctx: AppContext, org: DemoOrganization, passwordHash: () => Promise<string>) {
  const existing = await findUserByEmail(ctx.db, org.email);
  if (existing) return { userId: existing.id, orgId: existing.organization.id, created: false };
  const hash = await passwordHash();
  return ctx.db.transaction(async (tx) => {
    const o = await insertOrganization(tx, { name: org.name, businessId: org.businessId, roles: OrgRole.Seller | OrgRole.CatalogPresence });
    const u = await insertUser(tx, {
      organizationId: o.id,
      email: org.email,
      passwordHash: hash,
      firstName: 'Sales',
      lastName: org.name.split(' ')[0]!,
      phone: '+358 40 555 0100',
      defaultPort: org.ports[0],
      status: 'approved',
      emailVerified: true,
      scopes: [Scope.user],
      reviewedAt: new Date(),
    });
    return { userId: u.id, orgId: o.id, created: true };
  });
}

/**
 * The demo marketplace: nine seller organizations in Finnish ports with about
 * sixty published listings. Idempotent: an organization that already has
 * listings is left alone.
 */
export async function seedDemoMarketplace(ctx: AppContext, password: string) {
  const images = await categoryImages(ctx);
  let hash: Promise<string> | undefined;
  const passwordHash = () => (hash ??= hashPassword(password));
  let n = 0;
  for (const org of DEMO_ORGANIZATIONS) {
    const logoId = images.get(org.services[0]!.category)!;
    const seller = await sellerOf(ctx, org, passwordHash);
    const own = await listingsRepo.pageOwn(ctx.db, seller.userId, { page: 1, perPage: 1 });
    if (own.totalItems > 0) {
      n += org.services.length;
      continue;
    }
    await ctx.db.transaction(async (tx) => {
      await updateOrganization(tx, seller.orgId, {
        shortDescription: org.short,
        longDescription: `${org.short} ${org.name} serves ships calling at ${org.ports.join(', ')} around the clock.`,
        street: 'Satamatie 1',
        postalCode: '00980',
        city: org.city,
        country: 'Finland',
        email: org.email,
        phone: '+358 40 555 0100',
        websiteUrl: `https://${slugify(org.name)}.example.fi`,
        operatingPorts: org.ports,
        lat: org.lat,
        lon: org.lon,
        logoImageId: logoId,
        type: 'company',
      });
      for (const service of org.services) {
        const pd = publicDataOf(org, service, n);
        const { port, categories, isVisible, isActive, availability, ...extra } = pd;
        const created = new Date(Date.now() - n * 7 * 3_600_000);
        const { id } = await listingsRepo.insertListing(tx, {
          authorId: seller.userId,
          organizationId: seller.orgId,
          title: service.title,
          description: service.description,
          state: 'published',
          priceAmount: toMinorUnits(service.price, 'EUR'),
          priceCurrency: 'EUR',
          port: port!,
          categories: categories!,
          isVisible: isVisible!,
          isActive: isActive!,
          availableFrom: availability!.from,
          availableTo: availability!.to,
          lat: org.lat,
          lng: org.lon,
          extra,
          currentStock: 1000,
          publishedAt: created,
          createdAt: created,
          updatedAt: created,
        });
        await listingsRepo.replaceImages(tx, id, [images.get(service.category)!]);
        n += 1;
      }
    });
    ctx.log.info({ organization: org.name }, 'seeded marketplace organization');
  }
}
