import { is, sql } from 'drizzle-orm'
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres'
import type { Pool, PoolClient } from 'pg'
import type { Db, Tx } from './database'

/**
 * A transaction-scoped advisory lock's key: PostgreSQL's two-integer form, `pg_advisory_xact_lock(space, key)`.
 * `space` names what is locked (a constant per kind of lock, so kinds never collide) and `key` which one, both
 * computed in code: they are written into the statement's text.
 */
export interface AdvisoryLock {
  space: number
  key: number
}

const isInt32 = (value: number) => Number.isInteger(value) && value >= -0x8000_0000 && value <= 0x7fff_ffff

/**
 * `work` in a transaction that holds `lock` from its first statement on. On PostgreSQL `begin` and the lock are one
 * round trip (two statements in one simple-protocol query: integers only, never text from a request); every
 * statement of `work` starts after the lock is granted, so under READ COMMITTED its snapshot sees what the lock's
 * previous holder committed. On PGlite (in-process, no round trips to save) it is drizzle's transaction and then
 * the lock.
 */
export async function lockedTransaction<T>(db: Db, lock: AdvisoryLock, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!isInt32(lock.space) || !isInt32(lock.key))
    throw new Error(`advisory lock keys are int4: ${lock.space}, ${lock.key}`)
  const session = (db as unknown as { session: unknown }).session
  // `is`, not instanceof: drizzle's entity check holds across its CommonJS and ESM copies.
  if (!is(session, NodePgSession)) {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lock.space}::int, ${lock.key}::int)`)
      return work(tx)
    })
  }
  // What drizzle's NodePgSession.transaction does, with the lock in the `begin` round trip: a session and a
  // transaction on one client of the pool (server/test/lockedTransaction.test.ts holds drizzle to these fields).
  const {
    client: pool,
    dialect,
    schema,
    options,
  } = session as unknown as {
    client: Pool
    dialect: ConstructorParameters<typeof NodePgSession>[1]
    schema: ConstructorParameters<typeof NodePgSession>[2]
    options: ConstructorParameters<typeof NodePgSession>[3]
  }
  const client: PoolClient = await pool.connect()
  let broken: Error | undefined
  try {
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema)
    try {
      await client.query(`begin; select pg_advisory_xact_lock(${lock.space}, ${lock.key})`)
      const result = await work(tx as unknown as Tx)
      await client.query('commit')
      return result
    } catch (error) {
      // A client whose rollback failed is in no known state: it leaves the pool.
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError))
      throw error
    }
  } finally {
    client.release(broken)
  }
}
