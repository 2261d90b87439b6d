import { discountIssues, type Issue, type Money, type PublicData } from '@harbor/contracts';

/** What the rules look at: the listing as it will be after a write. */
export interface ListingDraft {
  title: string;
  description: string;
  price: Money | null;
  publicData: PublicData;
  imageCount: number;
  currentStock: number | null;
}

const required = (path: string, message = 'validation.required'): Issue => ({ path, message });

/**
 * Fields a listing must have before it leaves draft (seller spec section 5
 * Listing). "Brand" and "pricing unit" of the spec's list have no field of
 * their own in the model: pricing unit is `unit`.
 */
function missingForPublish(d: ListingDraft): Issue[] {
  const p = d.publicData;
  const issues: Issue[] = [];
  if (!d.title.trim()) issues.push(required('title'));
  if (!d.description.trim()) issues.push(required('description'));
  if (!p.categories?.length) issues.push(required('publicData.categories', 'listings:validation.categoryRequired'));
  if (!p.port) issues.push(required('publicData.port', 'listings:validation.portRequired'));
  if (!d.price) issues.push(required('price', 'listings:validation.priceRequired'));
  if (!p.unit) issues.push(required('publicData.unit'));
  if (!p.productType) issues.push(required('publicData.productType'));
  if (!p.delivery?.timeUnit) issues.push(required('publicData.delivery.timeUnit'));
  if (!p.availability?.from) issues.push(required('publicData.availability.from'));
  if (!p.availability?.to) issues.push(required('publicData.availability.to'));
  if (p.minOrderAmount === undefined) issues.push(required('publicData.minOrderAmount'));
  if (d.currentStock === null) issues.push(required('stock', 'listings:validation.stockRequired'));
  if (d.imageCount < 1) issues.push(required('images', 'listings:validation.imageRequired'));
  return issues;
}

/** Rules that hold for drafts too, because a later step cannot fix them silently. */
function crossFieldIssues(d: ListingDraft, currency: string): Issue[] {
  const p = d.publicData;
  const issues: Issue[] = [];
  if (d.price && d.price.currency !== currency)
    issues.push({ path: 'price.currency', message: 'listings:validation.currencyUnsupported', values: { currency } });
  const priceCurrency = d.price?.currency ?? currency;
  if (p.setupFee && p.setupFee.currency !== priceCurrency)
    issues.push({ path: 'publicData.setupFee.currency', message: 'listings:validation.currencyMismatch' });
  const cost = p.delivery?.cost;
  if (cost?.currency && cost.currency !== priceCurrency)
    issues.push({ path: 'publicData.delivery.cost.currency', message: 'listings:validation.currencyMismatch' });
  if (p.delivery?.shipping && cost?.basic == null)
    issues.push({ path: 'publicData.delivery.cost.basic', message: 'listings:validation.shippingFeeRequired' });
  if (p.availability && p.availability.from > p.availability.to)
    issues.push({ path: 'publicData.availability.to', message: 'listings:validation.endBeforeStart' });
  return issues;
}

export function listingIssues(d: ListingDraft, opts: { complete: boolean; currency: string }) {
  const discount = discountIssues(d.price, d.publicData.discount);
  const errors = [...(opts.complete ? missingForPublish(d) : []), ...crossFieldIssues(d, opts.currency), ...discount.errors];
  return { errors, warnings: discount.warnings };
}
