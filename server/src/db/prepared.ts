import type { Db, Executor } from './database'

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
export function inTransaction<T extends object>(statement: T, tx: Executor): T {
  const { client } = (tx as unknown as { session: { client: unknown } }).session
  if (!client) throw new Error('inTransaction: the transaction has no connection')
  return Object.create(statement, { client: { value: client } }) as T
}

/**
 * One prepared statement for code that holds only an executor (the database or one of its transactions), run on
 * that executor's connection. A database and its transactions share one dialect object, so the statement is built
 * once per database whichever of them asks first; it is always lent the asker's connection (`inTransaction`).
 */
export function preparedOnExecutor<T extends object>(build: (executor: Executor) => T): (executor: Executor) => T {
  const built = new WeakMap<object, T>()
  return (executor) => {
    const { dialect } = executor as unknown as { dialect: object }
    let statement = built.get(dialect)
    if (!statement) built.set(dialect, (statement = build(executor)))
    return inTransaction(statement, executor)
  }
}
