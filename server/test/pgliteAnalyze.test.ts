import assert from 'node:assert/strict'
import { test } from 'node:test'
import { openPglite } from '../src/db/database'
import { waitFor } from './support/waitFor'

// PGlite has no autovacuum: the server refreshes the planner's statistics itself (server/src/db/database.ts), or a
// statement's plan made on a near-empty table would stay for the life of the process.

const estimatedRows = async (client: Awaited<ReturnType<typeof openPglite>>['client'], table: string) => {
  const { rows } = await client.query<{ reltuples: number }>('select reltuples from pg_class where relname = $1', [
    table,
  ])
  return Number(rows[0].reltuples)
}

test('a migrated PGlite database has statistics at once, and they follow the rows written after', async () => {
  const database = await openPglite({ analyzeEveryMs: 50 })
  try {
    await database.migrate()
    // Never analysed is -1 (PostgreSQL 14+): after migrating, the planner knows the orders table is empty.
    assert.equal(await estimatedRows(database.client, 'life_pay_orders'), 0)
    await database.client.exec(
      'create table analyze_probe (id int primary key); insert into analyze_probe select generate_series(1, 2000)',
    )
    assert.equal(await estimatedRows(database.client, 'analyze_probe'), -1)
    await waitFor(
      'the new rows in the statistics',
      async () => (await estimatedRows(database.client, 'analyze_probe')) === 2000,
    )
  } finally {
    await database.close()
  }
})
