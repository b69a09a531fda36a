/** `npm start`: builds the H5 app when needed, then serves it and the API on one local port (server/src/main.ts). */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ensureH5Build, H5_DIST } from './h5Build'

ensureH5Build()
const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'server', 'src', 'main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? H5_DIST },
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
