import { sql, type SQLWrapper } from 'drizzle-orm';

/** `case column when key then value … end` from a table of constants (a contract's map written into SQL). */
export const sqlCase = (column: SQLWrapper, pairs: readonly (readonly [string, string])[]) =>
  sql<string>`case ${column} ${sql.join(
    pairs.map(([key, value]) => sql`when ${key} then ${value}`),
    sql` `,
  )} end`;
