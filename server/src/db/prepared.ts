import type { Db } from './database'

/**
 * Statements built once per database with drizzle's `.prepare(name)` and `sql.placeholder`: no query building per
 * call, and on PostgreSQL each is a named server-side statement (parsed and planned once per connection).
 * Every name must be unique: a connection refuses a second statement of the same name.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>()
  return (db) => {
    let statements = built.get(db)
    if (!statements) built.set(db, (statements = build(db)))
    return statements
  }
}
