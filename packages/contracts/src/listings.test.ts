import { describe, expect, it } from 'vitest';
import './zod-messages.ts';
import { DAYS_OF_WEEK, imageOrderBodySchema, listingWriteBodySchema, mergePublicData, pricingTypeOf, workingHoursSchema, type WorkingHours } from './listings.ts';

const week = (overrides: Partial<WorkingHours['days']> = {}): WorkingHours => ({
  days: { ...Object.fromEntries(DAYS_OF_WEEK.map((d) => [d, { open: false }])), ...overrides } as WorkingHours['days'],
});
const issuesOf = (value: unknown) =>
  (workingHoursSchema.safeParse(value).error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('working hours', () => {
  it('accepts a week of closed and open days with a note', () => {
    const hours = { ...week({ mon: { open: true, from: '07:00', to: '17:00' } }), note: 'Closed on public holidays' };
    expect(workingHoursSchema.parse(hours)).toEqual(hours);
  });

  it('needs every weekday', () => {
    const { sun: _sun, ...sixDays } = week().days;
    expect(issuesOf({ days: sixDays }).map((i) => i.path)).toContain('days.sun');
  });

  it('needs HH:MM times with leading zeros', () => {
    expect(issuesOf(week({ tue: { open: true, from: '7:00', to: '25:00' } }))).toEqual([
      { path: 'days.tue.from', message: 'validation.time' },
      { path: 'days.tue.to', message: 'validation.time' },
    ]);
  });

  it('needs the opening time before the closing time', () => {
    expect(issuesOf(week({ wed: { open: true, from: '17:00', to: '17:00' } }))).toEqual([
      { path: 'days.wed.to', message: 'listings:validation.closingBeforeOpening' },
    ]);
    expect(issuesOf(week({ wed: { open: true, from: '08:00', to: '07:59' } }))).toHaveLength(1);
  });

  it('needs both times of an open day', () => {
    expect(issuesOf(week({ thu: { open: true } as never }))).toEqual([
      { path: 'days.thu.from', message: 'validation.required' },
      { path: 'days.thu.to', message: 'validation.required' },
    ]);
  });

  it('caps the note', () => {
    expect(issuesOf({ ...week(), note: 'x'.repeat(501) })).toEqual([{ path: 'note', message: 'validation.tooLong' }]);
  });
});

describe('pricing type', () => {
  it('follows rfqRequired when no pricing type was stored', () => {
    expect(pricingTypeOf({})).toBe('FIXED');
    expect(pricingTypeOf({ rfqRequired: true })).toBe('RFQ');
    expect(pricingTypeOf({ pricingType: 'FIXED', rfqRequired: true })).toBe('FIXED');
  });

  it('moves rfqRequired with the pricing type, and the other way round', () => {
    expect(mergePublicData({ pricingType: 'FIXED', rfqRequired: false, unit: 'hour' }, { pricingType: 'RFQ' })).toEqual({
      pricingType: 'RFQ',
      rfqRequired: true,
      unit: 'hour',
    });
    expect(mergePublicData({ pricingType: 'RFQ', rfqRequired: true }, { rfqRequired: false })).toMatchObject({ pricingType: 'FIXED', rfqRequired: false });
    expect(mergePublicData({ pricingType: 'RFQ', rfqRequired: true }, { unit: 'day' })).toMatchObject({ pricingType: 'RFQ', rfqRequired: true });
  });

  it('rejects a body whose pricing type and rfqRequired disagree', () => {
    const r = listingWriteBodySchema.safeParse({ publicData: { pricingType: 'FIXED', rfqRequired: true } });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['publicData.rfqRequired', 'listings:validation.pricingTypeMismatch']]);
    expect(listingWriteBodySchema.safeParse({ publicData: { pricingType: 'RFQ', rfqRequired: true } }).success).toBe(true);
  });
});

describe('image order', () => {
  const a = '7b0c6f7e-2f55-4f6f-9d4c-1d7f6a0b9e01';
  const b = '7b0c6f7e-2f55-4f6f-9d4c-1d7f6a0b9e02';
  it('takes each image once', () => {
    expect(imageOrderBodySchema.safeParse({ imageIds: [b, a] }).success).toBe(true);
    expect(imageOrderBodySchema.safeParse({ imageIds: [a, a] }).error?.issues[0]?.message).toBe('listings:validation.imageOrder');
    expect(imageOrderBodySchema.safeParse({ imageIds: [] }).success).toBe(false);
  });
});
