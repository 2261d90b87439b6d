import { describe, expect, it } from 'vitest';
import { decodeTransit, TransitError } from './transit.ts';

describe('transit decoder', () => {
  it('reads maps, keywords and the read cache of keys and tags', () => {
    const doc = [
      ['^ ', '~:quantity', 1, '~:deliveryMethod', '~:basic'],
      ['^ ', '^0', 2, '^1', '~:expedited'],
      ['~#mn', [5000, 'EUR']],
      // Keyword values are cached too: ~:basic is ^2, ~:expedited ^3, the tag ~#mn ^4.
      ['^4', ['~n900719925474099', 'JPY']],
    ];
    expect(decodeTransit(doc)).toEqual([
      { quantity: 1, deliveryMethod: 'basic' },
      { quantity: 2, deliveryMethod: 'expedited' },
      { amount: 5000, currency: 'EUR' },
      { amount: 900719925474099, currency: 'JPY' },
    ]);
  });

  it('reads the scalars: uuid, instants, escapes, null, booleans, numbers', () => {
    const doc = ['^ ', '~:id', '~u0e0e0e0e-1111-4222-8333-444455556666', '~:at', '~t2026-11-25T12:00:00Z', '~:ms', '~m0', '~:s', '~~tilde', '~:c', '~^caret', '~:n', '~_', '~:b', '~?t', '~:d', '~d2.5', '~:big', '~i42'];
    expect(decodeTransit(doc)).toEqual({
      id: '0e0e0e0e-1111-4222-8333-444455556666',
      at: '2026-11-25T12:00:00.000Z',
      ms: '1970-01-01T00:00:00.000Z',
      s: '~tilde',
      c: '^caret',
      n: null,
      b: true,
      d: 2.5,
      big: 42,
    });
  });

  it('reads verbose maps and tagged positions; refuses what it does not know', () => {
    expect(decodeTransit({ '~:coordinates': { '~#geo': [60.2, 25.19] } })).toEqual({ coordinates: { lat: 60.2, lng: 25.19 } });
    expect(() => decodeTransit(['~#unknown', 1])).toThrow(TransitError);
    expect(() => decodeTransit('~i99999999999999999999')).toThrow(TransitError);
    expect(() => decodeTransit(['^ ', '^9', 1])).toThrow(TransitError);
    expect(() => decodeTransit(['^ ', '~:a'])).toThrow(TransitError);
  });
});
