/** `npm start`: builds the H5 app when needed, then serves it and the API on one local port. */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '../test/e2e/staticServer'
import { ensureH5Build, H5_DIST } from './h5Build'

ensureH5Build()
const serverMain = join(__dirname, '..', 'server', 'src', 'main.ts')
if (existsSync(serverMain)) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? H5_DIST },
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
  child.on('exit', (code) => process.exit(code ?? 0))
} else {
  void serveStatic(H5_DIST, Number(process.env.PORT ?? 3000)).then(({ url }) => console.log(`Life Pay: ${url}`))
}
