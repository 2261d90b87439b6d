import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Tx } from './index.ts';

interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

/**
 * A query of fixed shape, with `sql.placeholder`s for its values, that drizzle builds once per
 * database and PostgreSQL parses and plans once per connection (a named statement), instead
 * of on every request. Inside a transaction it is built on the transaction as usual (a
 * statement prepared on the pool would run outside it).
 */
export function preparedQuery<V extends Record<string, unknown>, R>(name: string, build: (db: Tx) => Preparable<R>): (db: Tx, values: V) => Promise<R> {
  const perDatabase = new WeakMap<Tx, ReturnType<Preparable<R>['prepare']>>();
  return (db, values) => {
    if (db instanceof PgTransaction) return build(db).prepare(name).execute(values);
    let statement = perDatabase.get(db);
    if (!statement) perDatabase.set(db, (statement = build(db).prepare(name)));
    return statement.execute(values);
  };
}
