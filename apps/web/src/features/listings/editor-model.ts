import type { z } from 'zod';
import type { Currency, DayHours, Issue, Listing, ListingWriteBody, WorkingHours } from '@harbor/contracts';
import { DAYS_OF_WEEK, pricingTypeOf } from '@harbor/contracts/listing-constants';
import { BASE_CURRENCY, toMajorUnits, toMinorUnits } from '@harbor/contracts/money-format';
import { discountIssues } from '@harbor/contracts/pricing';
import type { editorSchema } from './forms/listings-schemas.ts';
import type { EditorTab } from './paths.ts';

/**
 * The wizard's form values (rules in forms/listings-schemas.ts, loaded when the
 * form first validates). Amounts are typed as text in major units and turned
 * into minor units on save; the server re-validates with the contracts' schema.
 */
export type EditorValues = z.input<typeof editorSchema>;

/** A weekday row of the form; closed days keep their times so reopening a day restores them. */
export const toDayHours = (d: { open: boolean; from: string; to: string }): DayHours =>
  d.open ? { open: true, from: d.from, to: d.to } : { open: false };

/**
 * Rules across fields (seller spec section 5 Listing), checked when a tab is
 * saved: shipping fee with shipping, availability order, both coordinates,
 * and a discount that exceeds the price.
 */
export function crossFieldIssues(v: EditorValues, currency: Currency = BASE_CURRENCY): Issue[] {
  const issues: Issue[] = [];
  if (v.shipping && v.arrangedBy === 'seller' && v.costBasic.trim() === '') issues.push({ path: 'costBasic', message: 'listings:validation.shippingFeeRequired' });
  if (v.availableFrom && v.availableTo && v.availableTo < v.availableFrom) issues.push({ path: 'availableTo', message: 'listings:validation.endBeforeStart' });
  if ((v.lat.trim() === '') !== (v.lng.trim() === '')) issues.push({ path: v.lat.trim() === '' ? 'lat' : 'lng', message: 'validation.required' });
  issues.push(...discountCheck(v, currency).errors);
  return issues;
}

/** Fields each tab edits (and validates before saving). */
export const TAB_FIELDS: Partial<Record<EditorTab, (keyof EditorValues)[]>> = {
  details: ['title', 'description', 'productType', 'categories', 'unit'],
  pricing: ['pricingType', 'price', 'setupFee', 'minOrderAmount', 'discountType', 'tiers'],
  delivery: ['arrangedBy', 'deliveryTime', 'deliveryTimeUnit', 'expeditedTime', 'expeditedTimeUnit', 'costBasic', 'costExpedited', 'shipping', 'pickup', 'deliveryInfo'],
  features: ['serviceDocumentationLink', 'allowSubscription', 'allowOnlinePayment', 'availabilityDate'],
  disclaimer: ['disclaimer'],
  location: ['port', 'lat', 'lng'],
  availability: ['availableFrom', 'availableTo', 'seats', 'workingHours'],
};

/**
 * The form field of an API issue path (`body.publicData.workingHours.days.mon.to`
 * → `workingHours.days.mon.to`), or null when no field of the form shows it.
 */
export function formFieldOf(apiPath: string, values: EditorValues): string | null {
  const name = apiPath.replace(/^body\./, '').replace(/^publicData\./, '').replace(/^discount\./, '');
  if (name in values) return name;
  // Nested fields of the form's own nested values (working hours, discount tiers).
  return name.startsWith('workingHours.') || name.startsWith('tiers.') ? name : null;
}

const major = (amount: number | null | undefined, currency: Currency) => (amount == null ? '' : String(toMajorUnits(amount, currency)));
const minor = (text: string, currency: Currency) => (text.trim() === '' ? null : toMinorUnits(Number(text.replace(',', '.')), currency));
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export function currencyOf(listing: Listing | null): Currency {
  return listing?.price?.currency ?? BASE_CURRENCY;
}

/** A saved instant as the form's local 'YYYY-MM-DDTHH:MM' (the save reads it back as local time, so the UTC digits would shift it). */
function toDateInput(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : NaN;
  // The local wall-clock digits: shift by the zone's offset, then read them as UTC.
  return Number.isNaN(ms) ? '' : new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Until the seller sets them: weekdays 08:00-16:00, weekends closed, and not shown. */
function workingHoursDefaults(hours: WorkingHours | null | undefined): EditorValues['workingHours'] {
  const days = Object.fromEntries(
    DAYS_OF_WEEK.map((day) => {
      const saved = hours?.days[day];
      if (saved?.open) return [day, { open: true, from: saved.from, to: saved.to }];
      return [day, { open: !hours && day !== 'sat' && day !== 'sun', from: '08:00', to: '16:00' }];
    }),
  ) as EditorValues['workingHours']['days'];
  return { enabled: Boolean(hours), days, note: hours?.note ?? '' };
}

function workingHoursOf(v: EditorValues['workingHours']): WorkingHours | null {
  if (!v.enabled) return null;
  const days = Object.fromEntries(DAYS_OF_WEEK.map((day) => [day, toDayHours(v.days[day])])) as WorkingHours['days'];
  return { days, note: v.note.trim() || null };
}

export function editorDefaults(listing: Listing | null, port: string): EditorValues {
  const p = listing?.publicData ?? {};
  const c = currencyOf(listing);
  const d = p.delivery;
  const seats = DAYS_OF_WEEK.map((day) => {
    const entry = listing?.availabilityPlan?.entries.find((e) => e.dayOfWeek === day);
    return entry ? String(entry.seats) : listing?.availabilityPlan ? '0' : '1';
  });
  return {
    title: listing?.title ?? '',
    description: listing?.description ?? '',
    productType: p.productType ?? 'physical_service',
    categories: p.categories ?? [],
    unit: p.unit ?? 'unit',
    pricingType: pricingTypeOf(p),
    price: major(listing?.price?.amount, c),
    setupFee: major(p.setupFee?.amount, c),
    minOrderAmount: p.minOrderAmount == null ? '1' : String(p.minOrderAmount),
    discountType: p.discount?.type ?? '',
    tiers: (p.discount?.tiers ?? []).map((tier) => ({
      orderMin: String(tier.orderMin),
      amount: p.discount?.type === 'FIXED_AMOUNT' ? major(tier.amount, c) : String(tier.amount),
    })),
    arrangedBy: d?.arrangedBy ?? 'seller',
    deliveryTime: d?.time == null ? '' : String(d.time),
    deliveryTimeUnit: d?.timeUnit ?? 'hours',
    expeditedTime: d?.expeditedTime == null ? '' : String(d.expeditedTime),
    expeditedTimeUnit: d?.expeditedTimeUnit ?? 'hours',
    costBasic: major(d?.cost?.basic, c),
    costExpedited: major(d?.cost?.expedited, c),
    shipping: d?.shipping ?? false,
    pickup: d?.pickup ?? false,
    deliveryInfo: d?.info ?? '',
    serviceDocumentationLink: p.serviceDocumentationLink ?? '',
    allowSubscription: p.allowSubscription ?? false,
    allowOnlinePayment: p.allowOnlinePayment ?? false,
    availabilityDate: toDateInput(p.availabilityDate),
    disclaimer: p.disclaimer ?? '',
    port: p.port ?? port,
    lat: listing?.geolocation ? String(listing.geolocation.lat) : '',
    lng: listing?.geolocation ? String(listing.geolocation.lng) : '',
    availableFrom: p.availability?.from ?? '',
    availableTo: p.availability?.to ?? '',
    seats,
    workingHours: workingHoursDefaults(p.workingHours),
  };
}

/** The discount of the form values, in the contract's shape (percent, or minor units for fixed amounts). */
function discountOf(v: EditorValues, currency: Currency) {
  if (!v.discountType || !v.tiers.length) return null;
  return {
    type: v.discountType,
    tiers: v.tiers.map((t) => ({
      orderMin: Number(t.orderMin) || 0,
      amount: v.discountType === 'FIXED_AMOUNT' ? (minor(t.amount, currency) ?? 0) : Number(t.amount.replace(',', '.')) || 0,
    })),
  };
}

/** Discount errors ('Discount exceeds the price') and warnings (under 10 EUR, or 90 % and more), from the contracts. */
export function discountCheck(v: Pick<EditorValues, 'price' | 'discountType' | 'tiers'>, currency: Currency = BASE_CURRENCY): { errors: Issue[]; warnings: Issue[] } {
  let price: number | null;
  try {
    price = minor(v.price, currency);
  } catch {
    price = null;
  }
  const discount = discountOf(v as EditorValues, currency);
  const result = discountIssues(price == null ? null : { amount: price, currency }, discount);
  // The form's fields are `tiers.N.amount`.
  const strip = (i: Issue) => ({ ...i, path: i.path.replace('publicData.discount.', '') });
  return { errors: result.errors.map(strip), warnings: result.warnings.map(strip) };
}

/** The PATCH/POST body for one tab (only that tab's fields travel). */
export function bodyForTab(tab: EditorTab, v: EditorValues, listing: Listing | null, timezone: string): ListingWriteBody {
  const c = currencyOf(listing);
  const pd = listing?.publicData ?? {};
  switch (tab) {
    case 'details':
      return { title: v.title, description: v.description, publicData: { productType: v.productType, categories: v.categories, unit: v.unit } };
    case 'pricing': {
      const price = minor(v.price, c);
      const setupFee = minor(v.setupFee, c);
      return {
        price: price == null ? null : { amount: price, currency: c },
        publicData: {
          setupFee: setupFee == null ? null : { amount: setupFee, currency: c },
          minOrderAmount: Number(v.minOrderAmount) || 0,
          // Both travel so the server never has to guess; they always agree.
          pricingType: v.pricingType,
          rfqRequired: v.pricingType === 'RFQ',
          discount: discountOf(v, c),
        },
      };
    }
    case 'delivery':
      return {
        publicData: {
          delivery: {
            ...pd.delivery,
            arrangedBy: v.arrangedBy,
            time: numberOrNull(v.deliveryTime),
            timeUnit: v.deliveryTimeUnit,
            expeditedTime: numberOrNull(v.expeditedTime),
            expeditedTimeUnit: v.expeditedTimeUnit,
            cost: { basic: minor(v.costBasic, c), expedited: minor(v.costExpedited, c), currency: c },
            shipping: v.shipping,
            pickup: v.pickup,
            info: v.deliveryInfo.trim() || null,
          },
        },
      };
    case 'features':
      return {
        publicData: {
          serviceDocumentationLink: v.serviceDocumentationLink || null,
          allowSubscription: v.allowSubscription,
          allowOnlinePayment: v.allowOnlinePayment,
          availabilityDate: v.availabilityDate ? new Date(v.availabilityDate).toISOString() : null,
        },
      };
    case 'disclaimer':
      return { publicData: { disclaimer: v.disclaimer.trim() || null } };
    case 'location':
      return {
        publicData: { port: v.port },
        geolocation: v.lat && v.lng ? { lat: Number(v.lat), lng: Number(v.lng) } : null,
      };
    case 'availability':
      return {
        publicData: { availability: { from: v.availableFrom, to: v.availableTo }, workingHours: workingHoursOf(v.workingHours) },
        availabilityPlan: {
          type: 'availability-plan/day',
          timezone,
          entries: DAYS_OF_WEEK.map((day, i) => ({ dayOfWeek: day, seats: Number(v.seats[i]) || 0 })),
        },
      };
    default:
      return {};
  }
}

/** The ids with the one at `index` moved one place earlier (-1) or later (+1); unchanged at the ends. */
export function moveImage(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const to = index + step;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
