import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * JSON text written by the database by concatenation, for the lists whose rows the database
 * writes as the contract's JSON (the orders list, the search's cards and their images).
 * PostgreSQL's json_build_object works out each argument's type category and output function
 * again on every row; on a 40-order page the concatenated form took the statement from 4.4 to
 * 3.7 ms, a search page's by about 6 % (bench/README-load.md). Every value below is a complete
 * JSON value, `null` included, so a NULL never swallows the text; each value is parenthesised,
 * so an operator inside it (jsonb `||`) binds before the cast.
 */

/** JSON text (an object, an array, or a value from one of the encoders below). */
export type JsonSql = SQL<string>;

/** A string that may hold anything (names, titles, comments): escaped by PostgreSQL. */
export const jsonText = (value: SQLWrapper): JsonSql => sql`coalesce(to_json((${value})::text)::text, 'null')`;

/**
 * A string that cannot hold `"`, `\` or a control character (a uuid, an ISO time, a code from
 * the contracts such as a state or a currency): quoted as it is.
 */
export const jsonPlain = (value: SQLWrapper): JsonSql => sql`coalesce('"' || (${value}) || '"', 'null')`;

/** A number, a boolean or a jsonb value: its text is its JSON. */
export const jsonValue = (value: SQLWrapper): JsonSql => sql`coalesce((${value})::text, 'null')`;

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** `"key":value,…` without the braces, in the given order; keys are the contract's names (checked, written as literals). */
export function jsonFields(fields: Record<string, JsonSql>): JsonSql {
  const parts = Object.entries(fields).map(([key, value], i) => {
    if (!KEY.test(key)) throw new Error(`jsonFields: key ${key} is not a plain name`);
    return sql`${sql.raw(`'${i === 0 ? '' : ','}"${key}":'`)} || ${value}`;
  });
  return sql`(${sql.join(parts, sql` || `)})`;
}

/** `{"key":value,…}`, after the fields of `before` when given (a `jsonFields` text kept apart, e.g. stored). */
export function jsonObject(fields: Record<string, JsonSql>, before?: JsonSql): JsonSql {
  return before ? sql`('{' || ${before} || ',' || ${jsonFields(fields)} || '}')` : sql`('{' || ${jsonFields(fields)} || '}')`;
}

/** A nullable object: `null` when `isNull` holds. */
export const jsonObjectOrNull = (isNull: SQLWrapper, fields: Record<string, JsonSql>): JsonSql =>
  sql`case when ${isNull} then 'null' else ${jsonObject(fields)} end`;

/** `{key:value,…}` of an aggregate's rows (`key` any text, escaped), `{}` when there are none. */
export const jsonObjectAgg = (key: SQLWrapper, value: JsonSql): JsonSql =>
  sql`coalesce('{' || string_agg(to_json((${key})::text)::text || ':' || ${value}, ',') || '}', '{}')`;

/** `[item,…]` of an aggregate's rows in the given order, `[]` when there are none. */
export const jsonArrayAgg = (item: JsonSql, orderBy: SQL): JsonSql => sql`coalesce('[' || string_agg(${item}, ',' order by ${orderBy}) || ']', '[]')`;
