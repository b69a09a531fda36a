import type { Db, Tx } from './database'

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

/**
 * A statement of `preparedPerDb` run inside a transaction. drizzle binds a prepared statement to the connection of
 * whoever built it (the pool, PGlite's client); building it again on each transaction would redo the query building
 * the statement exists to save, so the built one is lent the transaction's connection. Both drivers' prepared
 * queries read the connection from their `client` field (server/test/preparedInTransaction.test.ts holds them to it).
 */
export function inTransaction<T extends object>(statement: T, tx: Tx): T {
  const { client } = (tx as unknown as { session: { client: unknown } }).session
  if (!client) throw new Error('inTransaction: the transaction has no connection')
  return Object.create(statement, { client: { value: client } }) as T
}
