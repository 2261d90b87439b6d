/**
 * The listing editor's form rules. Loaded only through `lazyZodResolver`
 * (shared/forms/lazy-resolver.ts), so zod and these rules load right after the
 * editor renders instead of with it. Amounts are typed as text in major units
 * and turned into minor units on save (editor-model.ts); the server
 * re-validates with the contracts' schema.
 */
import '../../../shared/forms/zod-messages.ts';
import { z } from 'zod';
import {
  DAYS_OF_WEEK,
  dayHoursSchema,
  DELIVERY_TIME_UNITS,
  DISCOUNT_TYPES,
  LISTING_TITLE_MAX,
  LISTING_UNITS,
  PRICING_TYPES,
  PRODUCT_TYPES,
  SERVICE_CATEGORIES,
  TEXTAREA_MAX,
  WORKING_HOURS_NOTE_MAX,
} from '@harbor/contracts';
import { toDayHours } from '../editor-model.ts';

const moneyText = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d+([.,]\d{0,2})?$/.test(v) && Number.isSafeInteger(Math.round(Number(v.replace(',', '.')) * 100))), 'listings:validation.money');
const requiredMoney = moneyText.refine((v) => v !== '', 'listings:validation.priceRequired');
const quantityText = z
  .string()
  .trim()
  .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0), 'validation.tooSmall');
const requiredQuantity = quantityText.refine((v) => v !== '', 'validation.required');
const coordinate = (max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= max), 'validation.invalid');

/** A weekday row of the form; closed days keep their times so reopening a day restores them. */
const dayText = z.object({ open: z.boolean(), from: z.string(), to: z.string() });

/** Working hours are optional as a whole; when shown, each open day follows the contract's rule. */
const workingHoursText = z
  .object({
    enabled: z.boolean(),
    days: z.record(z.enum(DAYS_OF_WEEK), dayText),
    note: z.string().trim().max(WORKING_HOURS_NOTE_MAX, 'validation.tooLong'),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    for (const day of DAYS_OF_WEEK) {
      for (const issue of dayHoursSchema.safeParse(toDayHours(v.days[day])).error?.issues ?? [])
        ctx.addIssue({ code: 'custom', path: ['days', day, ...issue.path], message: issue.message });
    }
  });

export const editorSchema = z
  .object({
    title: z.string().trim().min(1, 'validation.required').max(LISTING_TITLE_MAX, 'validation.tooLong'),
    description: z.string().trim().min(1, 'validation.required').max(TEXTAREA_MAX, 'validation.tooLong'),
    productType: z.enum(PRODUCT_TYPES, { message: 'validation.required' }),
    categories: z.array(z.enum(SERVICE_CATEGORIES)).min(1, 'listings:validation.categoryRequired'),
    unit: z.enum(LISTING_UNITS, { message: 'validation.required' }),
    pricingType: z.enum(PRICING_TYPES),
    price: requiredMoney,
    setupFee: moneyText,
    minOrderAmount: requiredQuantity,
    discountType: z.enum(['', ...DISCOUNT_TYPES]),
    tiers: z.array(z.object({ orderMin: requiredQuantity, amount: requiredQuantity })).max(20),
    arrangedBy: z.enum(['seller', 'buyer']),
    deliveryTime: quantityText,
    deliveryTimeUnit: z.enum(DELIVERY_TIME_UNITS, { message: 'validation.required' }),
    expeditedTime: quantityText,
    expeditedTimeUnit: z.enum(DELIVERY_TIME_UNITS),
    costBasic: moneyText,
    costExpedited: moneyText,
    shipping: z.boolean(),
    pickup: z.boolean(),
    deliveryInfo: z.string().max(TEXTAREA_MAX, 'validation.tooLong'),
    serviceDocumentationLink: z.union([z.literal(''), z.url('validation.url')]),
    allowSubscription: z.boolean(),
    allowOnlinePayment: z.boolean(),
    availabilityDate: z.string(),
    disclaimer: z.string().max(TEXTAREA_MAX, 'validation.tooLong'),
    port: z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'listings:validation.portRequired'),
    lat: coordinate(90),
    lng: coordinate(180),
    availableFrom: z.string().min(1, 'validation.required'),
    availableTo: z.string().min(1, 'validation.required'),
    seats: z.array(z.string().regex(/^\d*$/, 'validation.invalid')).length(7),
    workingHours: workingHoursText,
  });
