import type { Currency, TransitionBodyInput, TransitionName, TransitionParam } from '@harbor/contracts';
import { toMinorUnits } from '@harbor/contracts/money-format';
import { TEXTAREA_MAX } from '@harbor/contracts/constants';

/** The dialog's raw values, one per graph parameter; money in major units as typed, the date as 'YYYY-MM-DD'. */
export type DialogValues = Partial<Record<TransitionParam, string>>;

export type FieldError = 'required' | 'tooLong' | 'invalidAmount' | 'pastDate' | 'invalidRating';

const MONEY = /^\d{1,9}([.,]\d{1,2})?$/;

/** The end of a local calendar day, as the instant a quote stops holding. */
export function endOfDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59, 999).toISOString();
}

/** Errors per field (required parameters of the graph must be filled), or none. */
export function validateDialog(
  fields: readonly { param: TransitionParam; required: boolean }[],
  values: DialogValues,
  now: Date = new Date(),
): Partial<Record<TransitionParam, FieldError>> {
  const errors: Partial<Record<TransitionParam, FieldError>> = {};
  for (const { param, required } of fields) {
    const value = (values[param] ?? '').trim();
    if (!value) {
      if (required) errors[param] = 'required';
      continue;
    }
    if (param === 'negotiatedTotal' || param === 'negotiatedDeliveryCharge') {
      if (!MONEY.test(value)) errors[param] = 'invalidAmount';
    } else if (param === 'validUntil') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Date.parse(endOfDay(value)) <= now.getTime()) errors[param] = 'pastDate';
    } else if (param === 'reviewRating') {
      if (!/^[1-5]$/.test(value)) errors[param] = 'invalidRating';
    } else if (value.length > TEXTAREA_MAX) {
      errors[param] = 'tooLong';
    }
  }
  return errors;
}

/** The transition call's body: each parameter where the spec's transition params put it. */
export function transitionBody(transition: TransitionName, values: DialogValues, currency: Currency): TransitionBodyInput {
  const money = (v: string) => ({ amount: toMinorUnits(Number(v.replace(',', '.')), currency), currency });
  const filled = (p: TransitionParam) => {
    const v = values[p]?.trim();
    return v ? v : undefined;
  };
  const protectedData: NonNullable<NonNullable<TransitionBodyInput['params']>['protectedData']> = {};
  const params: NonNullable<TransitionBodyInput['params']> = { protectedData };
  const total = filled('negotiatedTotal');
  if (total) params.negotiatedTotal = money(total);
  const charge = filled('negotiatedDeliveryCharge');
  if (charge) protectedData.negotiatedDeliveryCharge = money(charge);
  const validUntil = filled('validUntil');
  if (validUntil) protectedData.validUntil = endOfDay(validUntil);
  const comment = filled('comment');
  if (comment) protectedData.comment = comment;
  const reason = filled('reason');
  if (reason) protectedData.reason = reason;
  const rating = filled('reviewRating');
  if (rating) params.reviewRating = Number(rating);
  const content = filled('reviewContent');
  if (content) params.reviewContent = content;
  return { transition, params };
}
