import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { buildServer, SERVER_MAIN } from './serverBuild'

// Issue 38, item 5: production starts from built JavaScript under plain node — no tsx, no TypeScript at run time —
// and its stack traces still name the TypeScript sources.

test(
  'the built server starts under plain node, answers, and maps its code back to the sources',
  { timeout: 120_000 },
  async () => {
    await buildServer()
    const map = JSON.parse(readFileSync(`${SERVER_MAIN}.map`, 'utf8')) as { sources: string[] }
    assert.ok(map.sources.some((source) => source.endsWith('server/src/main.ts')))
    assert.ok(map.sources.some((source) => source.endsWith('domain/lifePayStatus.ts')))
    assert.ok(!map.sources.some((source) => source.includes('node_modules')), 'packages stay outside the bundle')

    const dataDir = mkdtempSync(join(tmpdir(), 'life-pay-built-'))
    // NODE_OPTIONS cleared: a tsx loader inherited from the test runner would hide a bundle that needs it.
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: '',
        CONSOLE_DIR: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const started = /Life Pay: (http:\/\/127\.0\.0\.1:\d+)/
        child.stdout.on('data', () => {
          const found = started.exec(output)
          if (found) resolve(found[1])
        })
        child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)))
      })
      const ready = await fetch(`${url}/readyz`)
      assert.equal(ready.status, 200)
      const metrics = await (await fetch(`${url}/metrics`)).text()
      assert.match(metrics, /^lifepay_orders_unsettled\{state="unpaid"\} \d+$/m)
      assert.doesNotMatch(output, /tsx/)
    } finally {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      rmSync(dataDir, { recursive: true, force: true })
    }
  },
)
