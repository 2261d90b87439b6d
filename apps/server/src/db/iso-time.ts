import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamp written by the database as `Date.toISOString` writes it, for JSON the database
 * builds: both truncate to milliseconds (PostgreSQL keeps microseconds).
 */
export const isoTime = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
