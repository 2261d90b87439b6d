import type { Page } from 'playwright-core';
import { callApi } from './harness.ts';

/** The id of the demo listing with this title, found through the listing search as a user would. */
export async function listingId(page: Page, title: string): Promise<string> {
  const found = await callApi<{ data: { id: string; title: string }[] }>(page, 'GET', `/api/listings?keywords=${encodeURIComponent(title)}&perPage=100`);
  const listing = found.data.find((l) => l.title === title);
  if (!listing) throw new Error(`no listing ${title} in the demo data`);
  return listing.id;
}

/**
 * The hour `days` days from now, local time, as ISO. The default, the day after tomorrow, is past
 * the demo services' delivery lead time (a day).
 */
export function laterAt(hour: number, days = 2): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
}
