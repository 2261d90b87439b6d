import { z } from 'zod';
import { TEXTAREA_MAX } from './constants.ts';
import { currencyField, isSafeAmount, moneySchema } from './money.ts';
import {
  LINE_TEXT_RE,
  CONTROL_CHARACTERS_MESSAGE,
  TIME_RE,
  YEAR_RE,
  inYearRange,
  int4Field,
  isoDateField,
  isoDateTimeField,
  lineString,
  lineText,
  multilineText,
  portCodeField,
} from './validation.ts';
import {
  LISTING_STATES,
  LISTING_UNITS,
  SERVICE_CATEGORIES,
  ALL_CATEGORIES,
  PRODUCT_TYPES,
  DELIVERY_TIME_UNITS,
  DISCOUNT_TYPES,
  PRICING_TYPES,
  DELIVERY_METHODS,
  DAYS_OF_WEEK,
  LISTING_SORTS,
  SEARCH_PER_PAGE,
  OWN_LISTINGS_PER_PAGE,
  MAX_PER_PAGE,
  MIN_LISTING_PRICE,
  LISTING_TITLE_MAX,
  PRICE_FILTER,
  CLOCK_RE,
  WORKING_HOURS_NOTE_MAX,
  pricingTypeOf,
} from './listing-constants.ts';

/** Marketplace listings: buyer spec section 3 Listing and seller spec section 3 Listing. */
export * from './listing-constants.ts';

/** Free text of several lines (descriptions, notes); `line` is one line (titles, address parts). */
const text = (max = TEXTAREA_MAX) => multilineText(max);
const line = (max: number) => lineText(max);
const nonNegativeAmount = z
  .number()
  .min(0, 'listings:validation.amountMin')
  .refine(isSafeAmount, 'listings:validation.money');
const quantityField = z.number().min(0, 'validation.tooSmall').max(1e9, 'validation.tooBig');
export const latLngSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
const isoDate = isoDateField();
const isoDateTime = isoDateTimeField();
const hhmm = z.string().regex(TIME_RE, 'validation.time');

export const deliverySchema = z.object({
  arrangedBy: z.enum(['seller', 'buyer']).optional().describe("'seller' delivers; otherwise the buyer is responsible"),
  cost: z
    .object({ basic: nonNegativeAmount.nullish(), expedited: nonNegativeAmount.nullish(), currency: currencyField.optional() })
    .optional(),
  time: quantityField.nullish(),
  timeUnit: z.enum(DELIVERY_TIME_UNITS).default('hours'),
  expeditedTime: quantityField.nullish(),
  expeditedTimeUnit: z.enum(DELIVERY_TIME_UNITS).default('hours'),
  info: text().nullish(),
  address: z.object({ street: line(200).optional(), postalCode: line(20).optional(), city: line(100).optional() }).nullish(),
  coordinates: latLngSchema.nullish(),
  pickup: z.boolean().optional(),
  shipping: z.boolean().optional(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const discountTierSchema = z.object({
  orderMin: quantityField,
  amount: z.number().min(0, 'listings:validation.amountMin').refine(Number.isFinite),
});
export const discountSchema = z.object({
  type: z.enum(DISCOUNT_TYPES),
  tiers: z.array(discountTierSchema).max(20, 'validation.tooBig'),
});
export type Discount = z.infer<typeof discountSchema>;
export type DiscountTier = z.infer<typeof discountTierSchema>;

const clock = z.string().regex(CLOCK_RE, 'validation.time');

/** One weekday of the working hours: closed, or open from HH:MM to a later HH:MM the same day. */
export const dayHoursSchema = z.discriminatedUnion('open', [
  z.object({ open: z.literal(false) }),
  z
    .object({ open: z.literal(true), from: clock, to: clock })
    // Only well-formed times are compared; a malformed one already has its own message.
    .refine((d) => !CLOCK_RE.test(d.from) || !CLOCK_RE.test(d.to) || d.from < d.to, {
      path: ['to'],
      message: 'listings:validation.closingBeforeOpening',
    }),
]);
export type DayHours = z.infer<typeof dayHoursSchema>;

/**
 * publicData "working hours" (seller spec section 3 gives no shape): a weekly
 * schedule with every weekday mon..sun and an optional note ("closed on public holidays").
 */
export const workingHoursSchema = z.object({
  days: z.record(z.enum(DAYS_OF_WEEK), dayHoursSchema),
  note: text(WORKING_HOURS_NOTE_MAX).nullish(),
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;

/**
 * publicData of a listing. Every field is optional because the editor saves
 * a draft tab by tab; publishing checks that the required ones are there.
 */
export const publicDataSchema = z.object({
  productType: z.enum(PRODUCT_TYPES).optional(),
  pricingType: z.enum(PRICING_TYPES).optional(),
  unit: z.enum(LISTING_UNITS).optional(),
  setupFee: moneySchema.nullish(),
  availabilityDate: isoDateTime.nullish().describe('ordering becomes enabled at this time (switched by a durable timer)'),
  availability: z.object({ from: isoDate, to: isoDate }).nullish(),
  delivery: deliverySchema.optional(),
  minOrderAmount: quantityField.optional(),
  rfqRequired: z.boolean().optional(),
  discount: discountSchema.nullish(),
  serviceDocumentationLink: z.url('validation.url').max(2000, 'validation.tooLong').regex(LINE_TEXT_RE, CONTROL_CHARACTERS_MESSAGE).nullish(),
  categories: z.array(z.enum(SERVICE_CATEGORIES)).max(SERVICE_CATEGORIES.length).optional(),
  port: portCodeField.optional(),
  isActive: z.boolean().optional(),
  isVisible: z.boolean().optional(),
  allowSubscription: z.boolean().optional(),
  allowOnlinePayment: z.boolean().optional(),
  disclaimer: text().nullish(),
  workingHours: workingHoursSchema.nullish(),
  comment: text().nullish(),
});
export type PublicData = z.infer<typeof publicDataSchema>;

/**
 * publicData after a write: the stored data with the patch on top. A patch
 * that sets only one of pricingType and rfqRequired moves the other with it.
 */
export function mergePublicData(stored: PublicData, patch: PublicData): PublicData {
  const merged = { ...stored, ...patch };
  const changesPricing = patch.pricingType !== undefined || patch.rfqRequired !== undefined;
  if (!changesPricing) return merged;
  const pricingType = pricingTypeOf(patch);
  return { ...merged, pricingType, rfqRequired: pricingType === 'RFQ' };
}

const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
export const availabilityPlanSchema = z.object({
  type: z.enum(['availability-plan/day', 'availability-plan/time']),
  timezone: lineString().max(100, 'validation.tooLong').refine(validTimeZone, 'listings:validation.timeZone'),
  entries: z
    .array(z.object({ dayOfWeek: z.enum(DAYS_OF_WEEK), seats: int4Field(0), startTime: hhmm.optional(), endTime: hhmm.optional() }))
    .max(7 * 24),
});
export type AvailabilityPlan = z.infer<typeof availabilityPlanSchema>;

/**
 * Create (draft) and update body; unknown fields are dropped, prices are never
 * taken from elsewhere. Price stays required for RFQ listings too (seller spec
 * section 5 lists no exception): there it is the indicative price before a quote.
 */
export const listingWriteBodySchema = z.object({
  title: line(LISTING_TITLE_MAX).optional(),
  description: text().optional(),
  geolocation: latLngSchema.nullish(),
  price: moneySchema
    .extend({
      amount: z
        .number()
        .min(MIN_LISTING_PRICE, 'listings:validation.priceMin')
        .refine(isSafeAmount, 'listings:validation.money')
        .describe('minor units; at least the minimum listing price (0)'),
    })
    .nullish(),
  publicData: publicDataSchema.optional(),
  availabilityPlan: availabilityPlanSchema.nullish(),
  /** Image ids in display order; the first is the main image. */
  images: z.array(z.uuid()).max(20).optional(),
  stock: int4Field(0).optional().describe('initial stock (create only); later changes go through compare-and-set'),
}).superRefine((body, ctx) => {
  const pd = body.publicData;
  if (pd?.pricingType !== undefined && pd.rfqRequired !== undefined && (pd.pricingType === 'RFQ') !== pd.rfqRequired)
    ctx.addIssue({ code: 'custom', path: ['publicData', 'rfqRequired'], message: 'listings:validation.pricingTypeMismatch' });
});
export type ListingWriteBody = z.infer<typeof listingWriteBodySchema>;

export const imageVariantSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
/** An uploaded image with its variants (listing-card, square-small, scaled-*); URLs carry ?v=<ms>. */
export const imageAssetSchema = z.object({ id: z.uuid(), variants: z.record(z.string(), imageVariantSchema) });
export type ImageAsset = z.infer<typeof imageAssetSchema>;

export const listingAuthorSchema = z.object({ id: z.uuid(), displayName: z.string(), abbreviatedName: z.string() });
export const listingOrganizationSchema = z.object({ id: z.uuid(), name: z.string(), logo: imageAssetSchema.nullable() });

export const listingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  state: z.enum(LISTING_STATES),
  geolocation: latLngSchema.nullable(),
  price: moneySchema.nullable(),
  publicData: publicDataSchema,
  availabilityPlan: availabilityPlanSchema.nullable(),
  deleted: z.boolean(),
  deletionRequested: z.boolean(),
  currentStock: z.number().int().nullable(),
  /** True when a signed-in buyer may order now: active and past any availabilityDate. */
  orderable: z.boolean(),
  images: z.array(imageAssetSchema),
  author: listingAuthorSchema,
  organization: listingOrganizationSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof listingSchema>;

export const issueSchema = z.object({
  path: z.string(),
  message: z.string().describe('i18n key'),
  values: z.record(z.string(), z.string()).optional().describe('interpolation values of the message'),
});
export type Issue = z.infer<typeof issueSchema>;
/** Writes answer the listing plus non-blocking warnings (e.g. a discount of 90 % or more). */
export const listingWriteResponseSchema = z.object({ data: listingSchema, warnings: z.array(issueSchema) });

export const paginationMetaSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;
/** A page's meta: where it is and how many pages the total makes. */
export const pageMeta = (page: number, perPage: number, totalItems: number): PaginationMeta => ({
  page,
  perPage,
  totalItems,
  totalPages: Math.ceil(totalItems / perPage),
});
export const listingPageSchema = z.object({ data: z.array(listingSchema), meta: paginationMetaSchema });
/** A short list without paging (a listing's alternatives). */
export const listingListSchema = z.object({ data: z.array(listingSchema) });
export type ListingPage = z.infer<typeof listingPageSchema>;

const pair = (message: string) =>
  z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .refine((p) => p.length === 2 && p.every(Boolean), message);

const pageField = z.coerce.number().int().min(1).max(10_000).default(1);

/** GET /api/listings: the search page's filters (buyer spec section 3 Search filters). */
export const listingSearchQuerySchema = z.object({
  keywords: line(200).optional(),
  pub_port: portCodeField.optional(),
  pub_categories: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter((s) => s && s !== ALL_CATEGORIES))
    .pipe(z.array(z.enum(SERVICE_CATEGORIES)))
    .optional()
    .describe('comma-separated, has_any; "all" means no filter'),
  price: pair('listings:validation.priceRange')
    .transform((p) => p.map(Number))
    .pipe(z.tuple([z.number(), z.number()]))
    .refine(([a, b]) => a >= PRICE_FILTER.min && b <= PRICE_FILTER.max && a <= b, 'listings:validation.priceRange')
    .optional()
    .describe('min,max in major units of the marketplace currency'),
  dates: pair('listings:validation.dateRange')
    .pipe(z.tuple([isoDate, isoDate]))
    .refine(([a, b]) => a <= b, 'listings:validation.endBeforeStart')
    .optional()
    .describe('start,end (YYYY-MM-DD): listings available for the whole range'),
  author_id: z.uuid().optional(),
  organization_id: z.uuid().optional(),
  sort: z.enum(LISTING_SORTS).default('relevance'),
  page: pageField,
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(SEARCH_PER_PAGE),
});
export type ListingSearchQuery = z.infer<typeof listingSearchQuerySchema>;

export const ownListingsQuerySchema = z.object({
  state: z.enum(LISTING_STATES).optional(),
  page: pageField,
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(OWN_LISTINGS_PER_PAGE),
});

export const operatorListingsQuerySchema = z.object({
  state: z.enum(LISTING_STATES).optional(),
  deletion: z.enum(['requested', 'completed']).optional(),
  page: pageField,
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(MAX_PER_PAGE),
});

/** The new image order: every image of the listing exactly once, main image first. */
export const imageOrderBodySchema = z.object({
  imageIds: z.array(z.uuid()).min(1).max(20).refine((ids) => new Set(ids).size === ids.length, 'listings:validation.imageOrder'),
});
export type ImageOrderBody = z.infer<typeof imageOrderBodySchema>;

/** Stock compare-and-set: oldTotal must equal the current stock (null when none was set). */
export const stockBodySchema = z.object({
  oldTotal: int4Field(0).nullable(),
  newTotal: int4Field(0, 'listings:validation.stockMin'),
});
export type StockBody = z.infer<typeof stockBodySchema>;
export const stockResponseSchema = z.object({ currentStock: z.number().int() });

export const availabilityExceptionSchema = z.object({
  id: z.uuid(),
  start: z.string(),
  end: z.string(),
  seats: z.number().int(),
});
export const availabilityExceptionListSchema = z.object({ data: z.array(availabilityExceptionSchema) });
export const availabilityExceptionBodySchema = z
  .object({ start: isoDateTime, end: isoDateTime, seats: z.number().int().min(0).max(10_000) })
  .refine((b) => b.start < b.end, { message: 'listings:validation.endBeforeStart', path: ['end'] });
export const availabilityExceptionsQuerySchema = z.object({ start: isoDateTime, end: isoDateTime });

export const deleteListingBodySchema = z.object({ id: z.uuid(), title: lineString().max(LISTING_TITLE_MAX, 'validation.tooLong') });

/** A datetime-local value of the order panel (its time zone is the listing's); pricing checks it is not in the past. */
const orderTime = (required: string) =>
  lineString({ error: required })
    .min(1, { message: required, abort: true })
    .max(40, 'validation.tooLong')
    // A value that starts with a year keeps to 1900-9999; anything else is left to pricing's "invalid time" message.
    .refine((v) => {
      if (!/^[+-]?\d{4,}-/.test(v)) return true;
      const ms = Date.parse(v);
      return YEAR_RE.test(v) && (Number.isNaN(ms) || inYearRange(ms));
    }, 'validation.year');

/** One order-panel line (buyer spec section 3): the client's prices are ignored and recomputed. */
export const orderLineBodySchema = z.object({
  quantity: z.number({ error: 'listings:order.quantityRequired' }).positive('listings:order.quantityMin'),
  startTime: orderTime('listings:order.startRequired'),
  endTime: orderTime('listings:order.endRequired'),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: 'listings:order.deliveryMethodRequired' }),
  deliveryAddress: z
    .object({
      street: line(200).optional(),
      postalCode: line(20).optional(),
      city: line(100).optional(),
      country: lineString().trim().toLowerCase().length(2).default('fi'),
      coordinates: latLngSchema.nullish(),
    })
    .optional(),
  deliveryNotes: text().optional(),
});
export type OrderLineBody = z.infer<typeof orderLineBodySchema>;

/** A line's price, recomputed by the server with contracts/pricing.ts. Amounts in minor units. */
export const linePriceSchema = z.object({
  currency: currencyField,
  unit: z.number().describe('unit price'),
  quantity: z.number(),
  base: z.number().describe('unit × quantity'),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discountPercent: z.number().nullable(),
  discountAmount: z.number(),
  subtotal: z.number().describe('base − discount'),
  setupFee: z.number(),
  deliveryCost: z.number(),
  taxType: z.literal('VAT'),
  taxPercent: z.number(),
  taxAmount: z.number(),
  net: z.number().describe('subtotal + setup fee + delivery, without VAT'),
  total: z.number().describe('net + VAT (0 %)'),
});
export type LinePrice = z.infer<typeof linePriceSchema>;

export const orderLineResponseSchema = z.object({
  listingId: z.uuid(),
  rfqRequired: z.boolean(),
  line: orderLineBodySchema,
  price: linePriceSchema,
});
