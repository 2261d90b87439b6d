import { z } from 'zod';
import { currencyField } from './money.ts';

/** GET /api/forex?from=EUR&to=SEK: how many `to` one `from` buys, by the European Central Bank's reference rates. */
export const forexQuerySchema = z.object({
  from: currencyField,
  to: currencyField,
});
export type ForexQuery = z.infer<typeof forexQuerySchema>;

/** Where the rates came from: the ECB's files, or the ECB snapshot shipped with the product (no source reached yet). */
export const FOREX_SOURCES = ['ecb', 'snapshot'] as const;
export type ForexSource = (typeof FOREX_SOURCES)[number];

export const forexSchema = z.object({
  from: currencyField,
  to: currencyField,
  /** Major units of `to` per major unit of `from` (12.5 EUR × multiplier = SEK); minor units convert through each currency's divisor. */
  multiplier: z.number().positive(),
  /** The ECB reference day of the rates used (YYYY-MM-DD): the newest known, which offline may be old. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  source: z.enum(FOREX_SOURCES),
  /** When the rates were last fetched from the ECB; null when only the shipped snapshot is known. */
  fetchedAt: z.string().datetime().nullable(),
  /** True when the last attempt to reach the ECB failed (or no source is configured): these are the last known rates. */
  offline: z.boolean(),
});
export type Forex = z.infer<typeof forexSchema>;

export const forexResponseSchema = z.object({ data: forexSchema });
