import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { Pool } from 'pg'
import { acquireDataDirLock, type DataDirLock } from './dataDirLock'
import { listenPostgres, type NotificationHandlers, type StopListening } from './notifications'

// drizzle is given no schema: the code queries with the SQL-like builder and prepared statements, never the
// relational API (`db.query.<table>`), and with a schema drizzle builds that API's helper for every table (28) on
// every transaction it opens (issue 21: ~4 % of the server's CPU on create order).
type NoSchema = Record<string, never>
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>
/** Either the database or a transaction: repositories take whichever the caller holds. */
export type Executor = Db | Tx

export const MIGRATIONS_FOLDER = join(__dirname, 'migrations')

// Any constant shared by every instance: serialises migrations and seeding on one PostgreSQL.
const MIGRATION_LOCK_KEY = 8_180_001

export interface Database {
  readonly db: Db
  readonly driver: 'pglite' | 'pg'
  /** Applies pending migrations (and then `afterMigrate`, e.g. seeding) under a cross-instance lock. */
  migrate(afterMigrate?: (db: Db) => Promise<void>): Promise<void>
  ping(): Promise<void>
  /** LISTEN on channels: what other connections (and instances) notify, delivered after their commit. */
  listen(channels: string[], handlers: NotificationHandlers): Promise<StopListening>
  close(): Promise<void>
}

export interface PgliteOptions {
  /** Folder of the database files; omitted: in memory. Guarded by a lock file (one process per folder). */
  dataDir?: string
  /** A dump (PGlite.dumpDataDir) to start from: tests start from a migrated snapshot. */
  loadDataDir?: Blob
  /** How often the tables' statistics are refreshed (ANALYZE); default PGLITE_ANALYZE_EVERY_MS. */
  analyzeEveryMs?: number
}

/**
 * PGlite has no autovacuum, so nothing refreshes the planner's statistics: a prepared statement's generic plan made
 * while a table was nearly empty (a new database) stays for as long as the server runs — the create-order statement's
 * read every order of the user that way (docs/decisions/api-performance.md). The server ANALYZEs after
 * migrating and then on this period, as autovacuum would on PostgreSQL; ANALYZE samples, so it stays cheap as the
 * database grows, and it invalidates the cached plans of the tables it analyses.
 */
export const PGLITE_ANALYZE_EVERY_MS = 10 * 60_000

/** Embedded PostgreSQL (PGlite): one connection, so transactions never run concurrently. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database & { client: PGlite }> {
  let lock: DataDirLock | null = null
  if (options.dataDir) lock = acquireDataDirLock(options.dataDir)
  let client: PGlite
  try {
    client = await PGlite.create({
      dataDir: options.dataDir ? join(options.dataDir, 'pglite') : undefined,
      loadDataDir: options.loadDataDir,
    })
  } catch (error) {
    lock?.release()
    throw error
  }
  const db = drizzlePglite({ client }) as unknown as Db
  let closed = false
  const analyze = () => client.exec('analyze')
  const analyzeTimer = setInterval(() => {
    // A failure here costs only a stale plan; it must not take the process down, and the next period tries again.
    analyze().catch(() => undefined)
  }, options.analyzeEveryMs ?? PGLITE_ANALYZE_EVERY_MS)
  analyzeTimer.unref()
  return {
    db,
    client,
    driver: 'pglite',
    async migrate(afterMigrate) {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
      if (afterMigrate) await afterMigrate(db)
      await analyze()
    },
    async ping() {
      await db.execute(sql`select 1`)
    },
    async listen(_channels, handlers) {
      // One process per data folder: every write is this process's own, and orderTransaction invalidates it
      // locally, so there is nothing to hear from other instances.
      handlers.listening(true)
      return async () => handlers.listening(false)
    },
    async close() {
      if (closed) return
      closed = true
      clearInterval(analyzeTimer)
      try {
        await client.close()
      } finally {
        lock?.release()
      }
    },
  }
}

/** PostgreSQL through `pg` (DATABASE_URL): several instances may share it. */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database & { pool: Pool }> {
  const pool = new Pool({ connectionString, max: poolSize })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)
  const db = drizzleNodePg({ client: pool }) as unknown as Db
  let closed = false
  return {
    db,
    pool,
    driver: 'pg',
    async migrate(afterMigrate) {
      const lockClient = await pool.connect()
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
        if (afterMigrate) await afterMigrate(db)
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
        lockClient.release()
      }
    },
    async ping() {
      await db.execute(sql`select 1`)
    },
    listen(channels, handlers) {
      return listenPostgres(connectionString, channels, handlers)
    },
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}

/** The rows of a raw `db.execute` result (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** The PostgreSQL error code of a failed query; Drizzle wraps driver errors, the code is on `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  const err = error as { code?: unknown; cause?: { code?: unknown } } | null
  const code = err?.cause?.code ?? err?.code
  return typeof code === 'string' ? code : undefined
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgErrorCode(error) !== '23505') return false
  if (!constraint) return true
  const err = error as { constraint?: string; cause?: { constraint?: string; message?: string } }
  const name = err.cause?.constraint ?? err.constraint ?? err.cause?.message ?? ''
  return name.includes(constraint)
}
