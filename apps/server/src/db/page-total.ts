/**
 * The total of a page whose rows carry it (`count(*) over ()` before the limit): one statement
 * for the page and its total. A page past the end has no row to carry it, so only then is it
 * counted apart; an empty first page has nothing to count.
 */
export async function pageTotal(rows: readonly { total: number }[], offset: number, count: () => Promise<{ n: number }[]>): Promise<number> {
  if (rows.length) return rows[0]!.total;
  return offset > 0 ? ((await count())[0]?.n ?? 0) : 0;
}
