import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { inTransaction, preparedPerDb } from '../src/db/prepared'
import type { Db } from '../src/db/database'
import { users } from '../src/db/schema'
import { createTestApp, type TestApp } from './support/testApp'

// A statement built once on the database runs inside a transaction on that transaction's connection: it sees the
// transaction's own uncommitted rows (on PGlite a query on the outer client would wait for the transaction to end).
let t: TestApp
before(async () => {
  t = await createTestApp()
})
after(() => t.close())

const statements = preparedPerDb((db: Db) => ({
  user: db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('test_prepared_in_transaction'),
}))

test('a prepared statement lent to a transaction reads what the transaction wrote, in two transactions', async () => {
  const db = t.database.db
  for (const phoneNumber of ['13400000201', '13400000202']) {
    const id = randomUUID()
    const rolledBack = new Error('rolled back on purpose')
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ id, phoneNumber, userName: 'p', creationTime: new Date() })
        assert.deepEqual(await inTransaction(statements(db).user, tx).execute({ id }), [{ id }])
        throw rolledBack
      }),
      rolledBack,
    )
    assert.deepEqual(await statements(db).user.execute({ id }), [])
  }
})
