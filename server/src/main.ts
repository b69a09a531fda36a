import { loadConfig } from './config'
import { ConfigError } from './configError'
import { DataDirLockedError } from './db/dataDirLock'
import { CONSOLE_PATH, consoleRoot } from './modules/web/consoleRoutes'
import { ProductionNotReadyError } from './productionReadiness'
import { startServer } from './server'

// `node --import tsx server/src/main.ts`: the API (and the H5 app and the operator console when built)
// on 127.0.0.1:${PORT:-3000}.
async function main(): Promise<void> {
  const config = loadConfig()
  const started = Date.now()
  const server = await startServer(config)
  const log = server.app.log
  log.info(
    {
      url: server.url,
      database: server.database.driver,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      startMs: Date.now() - started,
    },
    'Life Pay server started',
  )
  const operatorConsole = consoleRoot(config.consoleDir) ? `, operator console: ${server.url}${CONSOLE_PATH}/` : ''
  const docs = config.production ? 'API docs: docs/openapi.json' : `API docs: ${server.url}/api/docs`
  console.log(`Life Pay: ${server.url}  (${docs}${operatorConsole})`)
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down')
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed')
          process.exit(1)
        },
      )
    })
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof ProductionNotReadyError) {
    console.error(error.message)
  } else {
    console.error('Life Pay server failed to start:', error)
  }
  process.exit(1)
})
