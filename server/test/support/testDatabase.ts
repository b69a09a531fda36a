import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { Client } from 'pg'
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database, type Db } from '../../src/db/database'
import { seedDatabase } from '../../src/db/seed'
import * as schema from '../../src/db/schema'

// Each test file gets a database of its own, migrated and seeded: PGlite loads a snapshot made once (cached in
// the temp folder under a hash of the migrations and seed code); PostgreSQL (DATABASE_URL) copies a template db.

const SEED_SOURCES = [
  join(__dirname, '..', '..', 'src', 'db', 'seed.ts'),
  join(__dirname, '..', '..', 'src', 'db', 'demoData.ts'),
  // How the snapshot is made (below) is part of what it holds.
  __filename,
]

function schemaVersion(): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, file)
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path))
  }
  for (const path of SEED_SOURCES) hash.update(readFileSync(path))
  return hash.digest('hex').slice(0, 16)
}

/** A migrated, seeded PGlite data folder as a tar, made on first use. */
export async function pgliteSnapshot(): Promise<Blob> {
  const file = join(tmpdir(), `life-pay-test-snapshot-${schemaVersion()}.tar`)
  if (!existsSync(file)) {
    const client = await PGlite.create()
    const db = drizzle({ client, schema }) as unknown as Db
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
    await seedDatabase(db, new Date(), true)
    // Tests never create a database, and the two templates are a third of the dump each file loads (42 → 27 MB).
    await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`)
    await client.exec('drop database template0')
    await client.exec('drop database template1')
    await client.exec('checkpoint')
    const dump = await client.dumpDataDir('none')
    await client.close()
    // Written aside and renamed: a concurrent run never reads half a snapshot.
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  }
  return new Blob([readFileSync(file)])
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

async function adminQuery<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

async function ensurePostgresTemplate(url: string): Promise<string> {
  const template = `lifepay_tpl_${schemaVersion()}`
  await adminQuery(url, async (client) => {
    await client.query('select pg_advisory_lock(818002)')
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [template])
      if (rowCount) return
      await client.query(`create database "${template}"`)
      const database = await openPostgres(withDatabase(url, template), 2)
      try {
        await database.migrate((db) => seedDatabase(db, new Date(), true).then(() => undefined))
      } finally {
        await database.close()
      }
    } finally {
      await client.query('select pg_advisory_unlock(818002)')
    }
  })
  return template
}

export interface TestDatabase extends Database {
  /** PostgreSQL only: the connection string of this test's own database. */
  url: string | null
  dispose(): Promise<void>
}

/** A fresh database for one test file (PGlite in memory, or a PostgreSQL database when DATABASE_URL is set). */
export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) {
    const database = await openPglite({ loadDataDir: await pgliteSnapshot() })
    return Object.assign(database, { url: null, dispose: () => database.close() })
  }
  const template = await ensurePostgresTemplate(adminUrl)
  const name = `lifepay_test_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, (client) => client.query(`create database "${name}" template "${template}"`))
  const url = withDatabase(adminUrl, name)
  const database = await openPostgres(url)
  return Object.assign(database, {
    url,
    async dispose() {
      await database.close()
      await adminQuery(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`))
    },
  })
}

/** A data folder (DATA_DIR) holding the migrated, seeded snapshot, so a server started on it starts warm. */
export async function prepareDataDir(dataDir: string): Promise<void> {
  const client = await PGlite.create({ dataDir: join(dataDir, 'pglite'), loadDataDir: await pgliteSnapshot() })
  await client.close()
}
