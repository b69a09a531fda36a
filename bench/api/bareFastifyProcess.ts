import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/** The ceiling of the API benches (bareFastify.ts) in a process of its own, as the real server runs. */
export function startBareFastify(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'bareFastify.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare Fastify app exited (${code})`)))
    createInterface({ input: child.stdout! }).once('line', (url) => resolve({ url, child }))
  })
}
