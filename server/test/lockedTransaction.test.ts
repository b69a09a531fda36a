import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import type { Pool, PoolClient } from 'pg'
import { rowsOf } from '../src/db/database'
import { lockedTransaction, type AdvisoryLock } from '../src/db/lockedTransaction'
import { inTransaction, preparedPerDb } from '../src/db/prepared'
import type { Db } from '../src/db/database'
import { users } from '../src/db/schema'
import { openTestDatabase, type TestDatabase } from './support/testDatabase'

// Issue 21: a transaction that holds an advisory lock from its start, on PostgreSQL with `begin` in the same round
// trip. It builds drizzle's node-postgres session and transaction itself: these tests fail if drizzle changes them.
let database: TestDatabase
before(async () => {
  database = await openTestDatabase()
})
after(() => database.dispose())

const pgOnly = { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)' }
let nextKey = 1
const freshLock = (): AdvisoryLock => ({ space: 8_180_099, key: nextKey++ })

const statements = preparedPerDb((db: Db) => ({
  user: db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('test_locked_transaction_user'),
}))

const newUser = (id: string, phoneNumber: string) => ({ id, phoneNumber, userName: 'l', creationTime: new Date() })

test('commits what the work wrote; its queries, prepared ones included, run on the transaction', async () => {
  const db = database.db
  const id = randomUUID()
  const answer = await lockedTransaction(db, freshLock(), async (tx) => {
    await tx.insert(users).values(newUser(id, '13400000301'))
    return inTransaction(statements(db).user, tx).execute({ id })
  })
  assert.deepEqual(answer, [{ id }])
  assert.deepEqual(await statements(db).user.execute({ id }), [{ id }])
})

test('rolls back what the work wrote when it throws, and the error reaches the caller', async () => {
  const db = database.db
  const id = randomUUID()
  const refused = new Error('refused on purpose')
  await assert.rejects(
    lockedTransaction(db, freshLock(), async (tx) => {
      await tx.insert(users).values(newUser(id, '13400000302'))
      throw refused
    }),
    refused,
  )
  assert.deepEqual(await statements(db).user.execute({ id }), [])
})

test('refuses a key that is not a 32-bit integer before any query', async () => {
  for (const lock of [
    { space: 1, key: 2 ** 31 },
    { space: 1.5, key: 1 },
    { space: 1, key: Number.NaN },
  ]) {
    await assert.rejects(
      lockedTransaction(database.db, lock, async () => 'ran'),
      /int4/,
    )
  }
})

describe('on PostgreSQL', pgOnly, () => {
  /** Every query text sent on the pool's clients while `run` runs. */
  async function queriesDuring(run: () => Promise<unknown>): Promise<string[]> {
    const pool = (database as unknown as { pool: Pool }).pool
    const sent: string[] = []
    const restore: (() => void)[] = []
    const watch = (client: PoolClient) => {
      const query = client.query
      client.query = ((config: unknown, ...rest: unknown[]) => {
        sent.push(typeof config === 'string' ? config : (config as { text: string }).text)
        return (query as (...args: unknown[]) => unknown).call(client, config, ...rest)
      }) as typeof client.query
      restore.push(() => (client.query = query))
    }
    pool.on('acquire', watch)
    try {
      await run()
    } finally {
      pool.off('acquire', watch)
      for (const undo of restore) undo()
    }
    return sent
  }

  test('begin and the lock are one round trip: three in all for one statement of work', async () => {
    const lock = freshLock()
    const sent = await queriesDuring(() => lockedTransaction(database.db, lock, (tx) => tx.execute(sql`select 1`)))
    assert.deepEqual(sent, [`begin; select pg_advisory_xact_lock(${lock.space}, ${lock.key})`, 'select 1', 'commit'])
  })

  test('the lock is held until the transaction ends, and a waiter’s next statement sees what the holder committed', async () => {
    const db = database.db
    const lock = freshLock()
    const id = randomUUID()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const holding = new Promise<void>((resolve) => (entered = resolve))
    const holder = lockedTransaction(db, lock, async (tx) => {
      await tx.insert(users).values(newUser(id, '13400000303'))
      entered()
      await held
    })
    await holding
    const tryLock = sql`select pg_try_advisory_xact_lock(${lock.space}::int, ${lock.key}::int) as got`
    assert.deepEqual(rowsOf(await db.execute(tryLock)), [{ got: false }])
    // The waiter asks while the holder still holds it; its read runs once the holder has committed.
    const waiter = lockedTransaction(db, lock, (tx) => inTransaction(statements(db).user, tx).execute({ id }))
    const waiting = sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
      and classid = ${lock.space} and objid = ${lock.key} and objsubid = 2`
    while (rowsOf<{ n: number }>(await db.execute(waiting))[0].n === 0) await new Promise((r) => setImmediate(r))
    release()
    await holder
    assert.deepEqual(await waiter, [{ id }])
    assert.deepEqual(rowsOf(await db.execute(tryLock)), [{ got: true }])
  })
})
