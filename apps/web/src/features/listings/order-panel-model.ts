import type { Issue, LinePrice, Listing, OrderLineBody } from '@harbor/contracts';
import { computeLinePrice, earliestStart, expeditedOffered, minimumEnd, orderPanelIssues } from '@harbor/contracts/pricing';

/** The order panel refreshes its notion of "now" this often (buyer spec section 9). */
export const NOW_REFRESH_MS = 60_000;

/** The panel's raw form values; times are `datetime-local` strings in the viewer's zone. */
export interface OrderPanelValues {
  quantity: string;
  startTime: string;
  endTime: string;
  deliveryMethod: 'basic' | 'expedited';
  street: string;
  postalCode: string;
  city: string;
  lat: string;
  lng: string;
  notes: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as the value of an `<input type="datetime-local">` (local time, minutes). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Parses a `datetime-local` value; NaN when empty or invalid. */
export function fromLocalInput(value: string): number {
  if (!value) return NaN;
  return new Date(value).getTime();
}

export function needsDeliveryLocation(listing: Pick<Listing, 'publicData'>): boolean {
  return listing.publicData.productType !== 'digital_service' && listing.publicData.delivery?.arrangedBy === 'seller';
}

export function deliveryMethodsOf(listing: Pick<Listing, 'publicData'>): ('basic' | 'expedited')[] {
  return expeditedOffered(listing.publicData.delivery) ? ['basic', 'expedited'] : ['basic'];
}

/** Initial values: the earliest start, the minimum end, the minimum order amount (at least 1). */
export function initialValues(listing: Pick<Listing, 'publicData'>, now: number): OrderPanelValues {
  const p = listing.publicData;
  const quantity = Math.max(p.minOrderAmount ?? 0, 1);
  const start = earliestStart(now, p.delivery, 'basic');
  const end = minimumEnd({ start, earliest: start, unit: p.unit, minOrderAmount: p.minOrderAmount, quantity });
  return {
    quantity: String(quantity),
    startTime: toLocalInput(start),
    endTime: toLocalInput(end),
    deliveryMethod: 'basic',
    street: '',
    postalCode: '',
    city: '',
    lat: '',
    lng: '',
    notes: '',
  };
}

const num = (value: string) => (value.trim() === '' ? NaN : Number(value));

/** The order line the server validates (POST /api/listings/{id}/order-line/validate). */
export function toOrderLine(values: OrderPanelValues, withAddress: boolean): OrderLineBody {
  const start = fromLocalInput(values.startTime);
  const end = fromLocalInput(values.endTime);
  const lat = num(values.lat);
  const lng = num(values.lng);
  const coordinates = Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  return {
    quantity: num(values.quantity),
    startTime: Number.isNaN(start) ? values.startTime : new Date(start).toISOString(),
    endTime: Number.isNaN(end) ? values.endTime : new Date(end).toISOString(),
    deliveryMethod: values.deliveryMethod,
    deliveryAddress: withAddress
      ? {
          street: values.street.trim() || undefined,
          postalCode: values.postalCode.trim() || undefined,
          city: values.city.trim() || undefined,
          country: 'fi',
          coordinates,
        }
      : undefined,
    deliveryNotes: values.notes.trim() || undefined,
  };
}

/** Field name of the form for a contract issue path. */
const FIELD_OF: Record<string, keyof OrderPanelValues> = {
  quantity: 'quantity',
  startTime: 'startTime',
  endTime: 'endTime',
  deliveryMethod: 'deliveryMethod',
  deliveryAddress: 'street',
};

/**
 * Every rule of buyer spec section 5 Order panel, keyed by form field: the
 * required checks here, the rest from the contracts' orderPanelIssues (the
 * same function the server runs).
 */
export function orderPanelErrors(listing: Pick<Listing, 'publicData'>, values: OrderPanelValues, now: number): Partial<Record<keyof OrderPanelValues, Issue>> {
  const errors: Partial<Record<keyof OrderPanelValues, Issue>> = {};
  if (values.quantity.trim() === '') errors.quantity = { path: 'quantity', message: 'listings:order.quantityRequired' };
  else if (!Number.isFinite(num(values.quantity))) errors.quantity = { path: 'quantity', message: 'validation.invalid' };
  if (!values.startTime) errors.startTime = { path: 'startTime', message: 'listings:order.startRequired' };
  if (!values.endTime) errors.endTime = { path: 'endTime', message: 'listings:order.endRequired' };
  const withAddress = needsDeliveryLocation(listing);
  for (const issue of orderPanelIssues(listing.publicData, toOrderLine(values, withAddress), now)) {
    const field = FIELD_OF[issue.path];
    if (field && !errors[field]) errors[field] = issue;
  }
  return errors;
}

/** The live price of the panel (null without a price or a usable quantity). */
export function livePrice(listing: Pick<Listing, 'publicData' | 'price'>, values: OrderPanelValues): LinePrice | null {
  const quantity = num(values.quantity);
  if (!listing.price || !Number.isFinite(quantity) || quantity <= 0) return null;
  try {
    return computeLinePrice({
      price: listing.price,
      quantity,
      discount: listing.publicData.discount,
      setupFee: listing.publicData.setupFee,
      delivery: listing.publicData.delivery,
      deliveryMethod: values.deliveryMethod,
    });
  } catch {
    return null;
  }
}

/** Why ordering is off, if it is: not signed in, inactive, or before the availability date. */
export function orderingBlock(listing: Pick<Listing, 'orderable' | 'publicData'>, signedIn: boolean, now: number): 'signIn' | 'notYet' | 'inactive' | null {
  if (!signedIn) return 'signIn';
  const date = listing.publicData.availabilityDate ? Date.parse(listing.publicData.availabilityDate) : NaN;
  if (!Number.isNaN(date) && date > now) return 'notYet';
  if (!listing.orderable) return 'inactive';
  return null;
}
