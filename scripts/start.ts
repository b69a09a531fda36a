/**
 * `npm start`: builds the H5 app and the operator console when needed, then serves both and the API on one local
 * port (server/src/main.ts).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { CONSOLE_DIST, ensureConsoleBuild } from './consoleBuild'
import { ensureH5Build, H5_DIST } from './h5Build'

async function start(): Promise<void> {
  ensureH5Build()
  await ensureConsoleBuild()
}

start().then(serve, (error: unknown) => {
  console.error(error)
  process.exit(1)
})

function serve(): void {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'server', 'src', 'main.ts')], {
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
