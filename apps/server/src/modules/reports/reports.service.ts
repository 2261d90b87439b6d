import { CURRENCIES, REPORT_TIME_ZONE, type Report, type ReportQuery, type ReportRate, type TransactionState } from '@harbor/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../plugins/errors.ts';
import { forexRatesBetween } from '../forex/index.ts';
import { divisorOf } from './reports.rates.ts';

/**
 * Which transactions a report counts: those that became orders and were not
 * undone. An order counts from `ordered` on (offline orders start there, online
 * ones reach it when the payment is confirmed, RFQs when the buyer accepts the
 * quote); declined and cancelled ones owe nothing (their line items are
 * reversed) and enquiries, unpaid payments and open quote requests are not
 * orders yet. A disputed order still is one.
 */
export const REPORTED_STATES: readonly TransactionState[] = [
  'ordered',
  'accepted',
  'delivering',
  'delivered',
  'disputed',
  'completed',
  'reviewed-by-customer',
  'reviewed-by-provider',
  'reviewed',
];

interface Auth {
  sub: string;
  org: string;
}

const TITLE_FORMAT = { day: 'YYYY-MM-DD', week: 'IYYY-"W"IW', month: 'YYYY-MM' } as const;

interface RowOut extends Record<string, unknown> {
  group_start: string;
  group_title: string;
  quantity: number | string;
  quantity_cumulative: number | string;
  amount: number | string;
  amount_cumulative: number | string;
  missing_rates: string[] | null;
  rates_used: ReportRate[] | null;
}

/**
 * The report, computed in one SQL statement: orders summed per day and
 * currency (a day is a calendar day in REPORT_TIME_ZONE; the report's
 * createdAt range is start 00:00 to end + 1 day 00:00 there, as the spec's
 * report fetch), each day's sum of a currency converted to EUR cents at that
 * day's rate (rounded half up once per day and currency), then summed per
 * day, ISO week (date_trunc('week') starts on Monday) or month, every group of
 * the range present (empty ones 0) and running totals by window functions.
 * `quantity` is the number of orders; their units (hours, tonnes, pallets) do
 * not add up across listings.
 */
export async function generateReport(ctx: AppContext, auth: Auth, q: ReportQuery): Promise<Report> {
  const unit = sql.raw(`'${q.grouping}'`);
  const step = sql.raw(`'1 ${q.grouping}'`);
  const title = sql.raw(`'${TITLE_FORMAT[q.grouping]}'`);
  const tz = REPORT_TIME_ZONE;
  const party = q.role === 'purchases' ? sql.raw('t.customer_id') : sql.raw('t.provider_id');
  const amount = q.role === 'purchases' ? sql.raw('t.payin_total') : sql.raw('t.payout_total');
  const states = sql.join(
    REPORTED_STATES.map((s) => sql`${s}`),
    sql`, `,
  );

  const foreign = CURRENCIES.filter((c) => c !== 'EUR');
  // The forex module's ECB rates (its table, refreshed daily): the rate of each order's day.
  const rates = (await forexRatesBetween(ctx, foreign, q.start, q.end)).map((r) => ({ ...r, divisor: divisorOf(r.currency) }));

  let result: { rows: RowOut[] };
  try {
    // Both drivers (node-postgres, PGlite) answer { rows }; the shared Db type leaves the result unknown.
    result = (await ctx.db.execute(sql`
      with daily as (
        select (t.created_at at time zone ${tz})::date as day, t.currency, count(*)::bigint as n, sum(${amount})::numeric as total
        from transactions t
        join users u on u.id = ${party}
        where u.organization_id = ${auth.org}::uuid
          and t.state in (${states})
          and t.created_at >= (${q.start}::date::timestamp at time zone ${tz})
          and t.created_at < ((${q.end}::date + 1)::timestamp at time zone ${tz})
        group by 1, 2
      ),
      rates as (
        select * from jsonb_to_recordset(${JSON.stringify(rates)}::jsonb) as r(currency text, date date, rate float8, divisor int)
      ),
      converted as (
        select d.day, d.currency, d.n, r.date as rate_date, r.rate,
          case when d.currency = 'EUR' then d.total
               else round(d.total * 100 / (r.divisor * r.rate::numeric)) end as eur
        from daily d
        -- The rate of the order's day: the last one on or before it, else (a day before the first known rate) the earliest.
        left join lateral (
          select x.date, x.rate, x.divisor from rates x
          where x.currency = d.currency
          order by (x.date <= d.day) desc, case when x.date <= d.day then x.date end desc, x.date asc
          limit 1
        ) r on d.currency <> 'EUR'
      ),
      grouped as (
        select date_trunc(${unit}, day)::date as b, sum(n) as n, sum(eur) as eur from converted group by 1
      ),
      buckets as (
        select g::date as b from generate_series(date_trunc(${unit}, ${q.start}::date), date_trunc(${unit}, ${q.end}::date), ${step}::interval) g
      )
      select to_char(k.b, 'YYYY-MM-DD') as group_start,
        to_char(k.b, ${title}) as group_title,
        coalesce(g.n, 0)::bigint as quantity,
        sum(coalesce(g.n, 0)) over w as quantity_cumulative,
        coalesce(g.eur, 0)::bigint as amount,
        sum(coalesce(g.eur, 0)) over w as amount_cumulative,
        (select array_agg(distinct currency) from converted where eur is null) as missing_rates,
        (select jsonb_agg(distinct jsonb_build_object('currency', currency, 'date', to_char(rate_date, 'YYYY-MM-DD'), 'rate', rate))
           from converted where currency <> 'EUR' and eur is not null) as rates_used
      from buckets k left join grouped g on g.b = k.b
      window w as (order by k.b rows between unbounded preceding and current row)
      order by k.b
    `)) as { rows: RowOut[] };
  } catch (err) {
    ctx.log.error({ err, query: q }, 'report query failed');
    throw new AppError('report-generation-failed', 500);
  }

  const first = result.rows[0];
  const missing = first?.missing_rates ?? [];
  // An order in a currency without any rate cannot be put in EUR: a wrong total is worse than none.
  if (missing.length) throw new AppError('report-generation-failed', 500, { reason: 'missing-rate', currencies: missing });
  const num = (v: number | string) => Number(v);
  return {
    start: q.start,
    end: q.end,
    grouping: q.grouping,
    role: q.role,
    currency: 'EUR',
    rows: result.rows.map((r) => ({
      groupTitle: r.group_title,
      groupStart: r.group_start,
      quantity: num(r.quantity),
      quantityCumulative: num(r.quantity_cumulative),
      amount: num(r.amount),
      amountCumulative: num(r.amount_cumulative),
    })),
    rates: (first?.rates_used ?? []).sort((a, b) => a.currency.localeCompare(b.currency) || a.date.localeCompare(b.date)),
  };
}
