import type { FastifyServerOptions } from 'fastify'
import { buildApp, type App } from './app'
import { systemClock, type Clock } from './clock'
import type { ServerConfig } from './config'
import { openPglite, openPostgres, type Database } from './db/database'
import { seedDatabase } from './db/seed'
import { scheduleOrderExpiry } from './modules/lifePay/orderExpiry'
import { scheduleReconciliation } from './modules/money/reconciliationSchedule'
import { assertProductionReady } from './productionReadiness'

export interface RunningServer {
  app: App
  database: Database
  url: string
  /** Graceful stop: no new requests, running jobs finished or handed back, database closed. */
  stop(): Promise<void>
}

export interface StartOptions {
  clock?: Clock
  logger?: FastifyServerOptions['logger']
}

/** Opens the database (PGlite in DATA_DIR under its lock, or PostgreSQL), migrates, seeds, listens, runs jobs. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  // Before anything is opened or seeded: production with a sandbox, demo data or a weak secret does not start.
  assertProductionReady(config)
  const clock = options.clock ?? systemClock
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databasePoolMax)
    : await openPglite({ dataDir: config.dataDir })
  let app: App
  try {
    await database.migrate((db) => seedDatabase(db, clock.now(), config.seedDemoData).then(() => undefined))
    app = await buildApp({ config, db: database.db, changes: database, clock, logger: options.logger })
    await app.listen({ host: config.host, port: config.port })
  } catch (error) {
    await database.close()
    throw error
  }
  if (config.jobs.enabled) {
    await scheduleReconciliation(app.ctx)
    await scheduleOrderExpiry(app.ctx)
    app.jobs.start()
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  let stopping: Promise<void> | null = null
  return {
    app,
    database,
    url: `http://${config.host}:${port}`,
    stop() {
      stopping ??= (async () => {
        try {
          await app.close()
        } finally {
          await database.close()
        }
      })()
      return stopping
    },
  }
}
