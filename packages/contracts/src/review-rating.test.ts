import { describe, expect, it } from 'vitest';
import { snapRating } from './review-rating.ts';

describe('snapRating: averages snap to whole or half stars by the first fraction digit', () => {
  it.each([
    [4, 4],
    [4.05, 4],
    [4.29, 4],
    [4.2999, 4],
    [4.3, 4.5],
    [4.5, 4.5],
    [4.55, 4.5],
    [4.7, 4.5],
    [4.79, 4.5],
    [4.8, 5],
    [4.99, 5],
    [1.2, 1],
    [1.3, 1.5],
    [2.8, 3],
    [5, 5],
  ])('%d -> %d', (average, stars) => {
    expect(snapRating(average)).toBe(stars);
  });

  it('handles averages of real review sets, where binary fractions could read one digit low', () => {
    // (4 + 4 + 5) / 3 = 4.333...; (5 + 4 + 5 + 4 + 5 + 5 + 4 + 4 + 5 + 4) / 10 = 4.5; 43 / 10 = 4.3 exactly in decimal.
    expect(snapRating(13 / 3)).toBe(4.5);
    expect(snapRating(45 / 10)).toBe(4.5);
    expect(snapRating(43 / 10)).toBe(4.5);
    expect(snapRating(0.1 * 3 + 4)).toBe(4.5); // 4.300000000000001
    expect(snapRating(4.8 - 0.5)).toBe(4.5); // 4.3 computed
  });

  it('answers null without an average and keeps the scale', () => {
    expect(snapRating(null)).toBeNull();
    expect(snapRating(undefined)).toBeNull();
    expect(snapRating(Number.NaN)).toBeNull();
    expect(snapRating(0.2)).toBe(1);
    expect(snapRating(7)).toBe(5);
  });
});
