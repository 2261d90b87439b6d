import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { EcbRate } from './ecb.ts';
import { forexRates } from './forex.schema.ts';

/** Upserts rates: a fetched rate replaces a snapshot one of the same day; refetching a day refreshes `fetched_at`. */
export async function saveRates(db: Db, rates: EcbRate[], source: 'ecb' | 'snapshot', at: Date) {
  if (rates.length === 0) return;
  const rows = rates.map((r) => ({ ...r, source, fetchedAt: at }));
  const q = db.insert(forexRates).values(rows);
  await (source === 'ecb'
    ? q.onConflictDoUpdate({
        target: [forexRates.date, forexRates.currency],
        set: { rate: sql`excluded.rate`, source: sql`excluded.source`, fetchedAt: sql`excluded.fetched_at` },
      })
    : q.onConflictDoNothing());
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** When the ECB was last read successfully (any server on this database), and whether any rate is known at all. */
export async function cacheState(db: Db): Promise<{ lastFetch: Date | null; any: boolean }> {
  const [row] = rowsOf<{ last: string | Date | null; n: number | string }>(
    await db.execute(sql`select max(fetched_at) filter (where source = 'ecb') as last, count(*) as n from forex_rates`),
  );
  return { lastFetch: row?.last ? new Date(row.last) : null, any: Number(row?.n ?? 0) > 0 };
}

/** The newest day on which both currencies have a rate (EUR needs none), with those rates and their source. */
export async function newestPair(db: Db, from: string, to: string) {
  const wanted = [from, to].filter((c) => c !== 'EUR');
  if (wanted.length === 0) {
    const [row] = rowsOf<{ date: string; source: 'ecb' | 'snapshot' }>(
      await db.execute(sql`select to_char(date, 'YYYY-MM-DD') as date, source from forex_rates order by date desc, source limit 1`),
    );
    return row ? { date: row.date, source: row.source, rates: {} as Record<string, number> } : null;
  }
  const list = sql.join(
    wanted.map((c) => sql`${c}`),
    sql`, `,
  );
  const rows = rowsOf<{ date: string; currency: string; rate: number; source: 'ecb' | 'snapshot' }>(
    await db.execute(sql`
      with days as (
        select date from forex_rates where currency in (${list})
        group by date having count(distinct currency) = ${wanted.length}
        order by date desc limit 1
      )
      select to_char(r.date, 'YYYY-MM-DD') as date, r.currency, r.rate, r.source
      from forex_rates r join days d on d.date = r.date where r.currency in (${list})`),
  );
  if (rows.length === 0) return null;
  return {
    date: rows[0]!.date,
    // The day's rates may mix sources only if a fetch and the snapshot share a day; say snapshot then, the weaker claim.
    source: rows.some((r) => r.source === 'snapshot') ? ('snapshot' as const) : ('ecb' as const),
    rates: Object.fromEntries(rows.map((r) => [r.currency, Number(r.rate)])) as Record<string, number>,
  };
}

/**
 * The rates a report between `from` and `to` (YYYY-MM-DD) may need, per
 * currency: the last one on or before `from`, every one after it up to
 * `to`, and, when none is that old, the earliest known (a day before the
 * first known rate takes the first one).
 */
export async function ratesBetween(db: Db, currencies: string[], from: string, to: string): Promise<EcbRate[]> {
  if (currencies.length === 0) return [];
  const list = sql.join(
    currencies.map((c) => sql`${c}`),
    sql`, `,
  );
  return rowsOf<{ date: string; currency: string; rate: number }>(
    await db.execute(sql`
      with bounds as (
        select currency,
          coalesce(max(date) filter (where date <= ${from}::date), min(date)) as first_day
        from forex_rates where currency in (${list}) group by currency
      )
      select to_char(r.date, 'YYYY-MM-DD') as date, r.currency, r.rate
      from forex_rates r join bounds b on b.currency = r.currency
      where r.date >= b.first_day and (r.date <= ${to}::date or r.date = b.first_day)
      order by r.currency, r.date`),
  ).map((r) => ({ date: r.date, currency: r.currency, rate: Number(r.rate) }));
}
