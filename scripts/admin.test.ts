// node --import tsx --test scripts/*.test.ts
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { test } from 'node:test'
import { promisify } from 'node:util'
import { loadConfig } from '../server/src/config'
import { adminTarget } from './adminAddress'

const ADMIN = join(__dirname, 'admin.ts')
const execFileAsync = promisify(execFile)

/** The CLI as `npm run admin -- …` runs it, with only the given server variables (none inherited). */
async function admin(env: Record<string, string>, ...args: string[]) {
  const base = { ...process.env }
  for (const name of ['ADMIN_URL', 'PORT', 'HOST', 'OPERATOR_TOKEN']) delete base[name]
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
      env: { ...base, ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** A local HTTP server answering every request with `body`; its port. */
async function serving(body: string, contentType: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

/** A port nothing listens on: one the system just handed out and that is closed again. */
async function closedPort(): Promise<number> {
  const { server, port } = await serving('', 'text/plain')
  await new Promise((resolve) => server.close(resolve))
  return port
}

test('by default the CLI looks where `npm start` listens: the server config’s host and port', () => {
  const config = loadConfig({})
  assert.equal(adminTarget([], {}).baseUrl, `http://${config.host}:${config.port}`)
  assert.equal(adminTarget([], {}).baseUrl, 'http://127.0.0.1:3000')
  // An empty PORT (a blank line in an env file) is the default for the server, so for the CLI too.
  assert.equal(adminTarget([], { PORT: '' }).baseUrl, 'http://127.0.0.1:3000')
})

test('PORT and HOST as the server reads them; ADMIN_URL, then --url, override', () => {
  assert.equal(adminTarget([], { PORT: '8080' }).baseUrl, 'http://127.0.0.1:8080')
  assert.equal(adminTarget([], { PORT: '8080', HOST: '0.0.0.0' }).baseUrl, 'http://127.0.0.1:8080')
  assert.equal(adminTarget([], { HOST: '::1' }).baseUrl, 'http://[::1]:3000')
  assert.equal(
    adminTarget([], { PORT: '8080', ADMIN_URL: 'http://ops.internal:9000/' }).baseUrl,
    'http://ops.internal:9000',
  )
  const explicit = adminTarget(['refunds', '--url', 'http://10.0.0.2:4000', 'list'], { ADMIN_URL: 'http://x:1' })
  assert.deepEqual(explicit, { baseUrl: 'http://10.0.0.2:4000', source: '--url', args: ['refunds', 'list'] })
  assert.equal(adminTarget(['--url=http://10.0.0.3:4000', 'jobs', 'failed'], {}).baseUrl, 'http://10.0.0.3:4000')
  assert.throws(() => adminTarget(['refunds', 'list', '--url'], {}), /--url needs the server address/)
})

test('finds a server on PORT without ADMIN_URL', async (t) => {
  const { server, port } = await serving(JSON.stringify({ success: true, data: [] }), 'application/json')
  t.after(() => server.close())
  const result = await admin({ PORT: String(port) }, 'refunds', 'list')
  assert.equal(result.code, 0, result.stderr)
  assert.match(result.stdout, /No refund is waiting for review\./)
})

test('when nothing answers: which address it tried, how to point it elsewhere, no stack trace', async () => {
  const port = await closedPort()
  const result = await admin({ PORT: String(port) }, 'refunds', 'list')
  assert.equal(result.code, 1)
  const message = result.stderr.trim()
  assert.match(
    message,
    new RegExp(`^admin: no Life Pay server answers at http://127\\.0\\.0\\.1:${port} \\(from PORT;`),
  )
  assert.match(message, /nothing is listening there/)
  assert.match(message, /--url http:\/\/host:port/)
  assert.match(message, /ADMIN_URL=/)
  assert.doesNotMatch(result.stderr, /^\s+at /m)
  assert.equal(message.split('\n').length, 1)
})

test('when another program answers on the port: says it is not the server, and how to point elsewhere', async (t) => {
  const { server, port } = await serving('<!doctype html><title>dev server</title>', 'text/html')
  t.after(() => server.close())
  const result = await admin({}, '--url', `http://127.0.0.1:${port}`, 'jobs', 'failed')
  assert.equal(result.code, 1)
  assert.match(result.stderr, new RegExp(`http://127\\.0\\.0\\.1:${port} \\(from --url\\) answered HTTP 200, not as`))
  assert.match(result.stderr, /--url http:\/\/host:port/)
  assert.doesNotMatch(result.stderr, /^\s+at /m)
})
