import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

export interface BareFastifyOptions {
  /** The server's own Fastify options (its logger on) instead of none. */
  ourOptions?: boolean
  /** Files served as JSON at /bytes/<index>. */
  payloadFiles?: string[]
  /** Serves Create…Order's HTTP floor (POST /floor/create) on this database. */
  databaseUrl?: string
}

/** A ceiling of the API benches (bareFastify.ts) in a process of its own, as the real server runs. */
export function startBareFastify(options: BareFastifyOptions = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'bareFastify.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BARE_FASTIFY_OPTIONS: options.ourOptions ? 'ours' : 'none',
      BARE_FASTIFY_PAYLOADS: JSON.stringify(options.payloadFiles ?? []),
      BARE_FASTIFY_DATABASE_URL: options.databaseUrl ?? '',
    },
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare Fastify app exited (${code})`)))
    createInterface({ input: child.stdout! }).once('line', (url) => resolve({ url, child }))
  })
}
