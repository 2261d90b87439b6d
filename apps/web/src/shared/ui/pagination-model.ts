/** One slot of the pagination bar: a page number or a gap. */
export type PageSlot = number | 'gap';

/**
 * Pages to show (seller spec section 2 Pagination): always the first page, the
 * last page and the current page with its neighbours; gaps become an ellipsis.
 * A gap of a single page shows that page instead of an ellipsis.
 */
export function pageSlots(current: number, totalPages: number): PageSlot[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) slots.push(previous + 1);
    else if (p - previous > 2) slots.push('gap');
    slots.push(p);
    previous = p;
  }
  return slots;
}

/** The link of a page: the current search parameters kept, `page` set (page 1 keeps it explicit too). */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set('page', String(page));
  return `${pathname}?${params.toString()}`;
}
