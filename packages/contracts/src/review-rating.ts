/**
 * The rating scale and the half-star rule (buyer spec sections 8-9). Zod-free
 * so the listing page can show an average without loading any schema.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * An average snapped to whole or half stars by its first fraction digit:
 * 5 gives a half; below 3 rounds down and above 7 rounds up to a whole star;
 * 3 to 7 give a half. 4.29 -> 4, 4.3 -> 4.5, 4.79 -> 4.5, 4.8 -> 5.
 * Null for no average (no reviews).
 */
export function snapRating(average: number | null | undefined): number | null {
  if (average === null || average === undefined || !Number.isFinite(average)) return null;
  const clamped = Math.min(RATING_MAX, Math.max(RATING_MIN, average));
  // The first fraction digit, read from the decimal text so 4.3 is 3 (not 2.999...).
  const whole = Math.floor(clamped);
  const digit = Number(clamped.toFixed(6).split('.')[1]![0]);
  if (digit < 3) return whole;
  if (digit > 7) return whole + 1;
  return whole + 0.5;
}
