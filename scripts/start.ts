/**
 * `npm start`: builds the H5 app, the operator console and the server when needed, then serves both apps and the API
 * on one local port — the built server (dist/server/main.js), as production runs it.
 */
import { spawn } from 'node:child_process'
import { CONSOLE_DIST, ensureConsoleBuild } from './consoleBuild'
import { ensureH5Build, H5_DIST } from './h5Build'
import { ensureServerBuild, SERVER_MAIN } from './serverBuild'

async function start(): Promise<void> {
  ensureH5Build()
  await ensureConsoleBuild()
  await ensureServerBuild()
}

start().then(serve, (error: unknown) => {
  console.error(error)
  process.exit(1)
})

function serve(): void {
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    stdio: 'inherit',
    env: {
      ...process.env,
      STATIC_DIR: process.env.STATIC_DIR ?? H5_DIST,
      CONSOLE_DIR: process.env.CONSOLE_DIR ?? CONSOLE_DIST,
    },
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
  child.on('exit', (code) => process.exit(code ?? 0))
}
