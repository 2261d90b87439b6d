import { describe, expect, it } from 'vitest';
import { RFQ_PROCESS, findTransition } from '@harbor/contracts/processes';
import { dialogFields } from '../workflow-items.ts';
import { endOfDay, transitionBody, validateDialog } from './transition-body.ts';

const quoteFields = dialogFields(findTransition(RFQ_PROCESS, 'quote-requested', 'provider-quote')!);
const now = new Date(2026, 4, 4, 12, 0);

describe('transition dialog values', () => {
  it('requires what the graph requires and checks amounts and the validity date', () => {
    expect(validateDialog(quoteFields, {}, now)).toEqual({ negotiatedTotal: 'required', validUntil: 'required' });
    expect(validateDialog(quoteFields, { negotiatedTotal: '12.345', validUntil: '2026-05-03', negotiatedDeliveryCharge: 'ten' }, now)).toEqual({
      negotiatedTotal: 'invalidAmount',
      validUntil: 'pastDate',
      negotiatedDeliveryCharge: 'invalidAmount',
    });
    // Today still holds until the day ends.
    expect(validateDialog(quoteFields, { negotiatedTotal: '780', validUntil: '2026-05-04' }, now)).toEqual({});
    expect(validateDialog([{ param: 'comment', required: false }], { comment: 'x'.repeat(5001) }, now)).toEqual({ comment: 'tooLong' });
  });

  it('puts each parameter where the transition call expects it, money in minor units', () => {
    const body = transitionBody('provider-quote', { negotiatedTotal: '780', negotiatedDeliveryCharge: '45,5', validUntil: '2026-05-20', comment: ' Two divers ' }, 'EUR');
    expect(body).toEqual({
      transition: 'provider-quote',
      params: {
        negotiatedTotal: { amount: 78000, currency: 'EUR' },
        protectedData: { negotiatedDeliveryCharge: { amount: 4550, currency: 'EUR' }, validUntil: endOfDay('2026-05-20'), comment: 'Two divers' },
      },
    });
    expect(transitionBody('review-1-by-customer', { reviewRating: '4', reviewContent: 'Fast' }, 'EUR')).toEqual({
      transition: 'review-1-by-customer',
      params: { reviewRating: 4, reviewContent: 'Fast', protectedData: {} },
    });
    expect(transitionBody('provider-quote', { negotiatedTotal: '1200' }, 'JPY').params?.negotiatedTotal).toEqual({ amount: 1200, currency: 'JPY' });
  });
});
