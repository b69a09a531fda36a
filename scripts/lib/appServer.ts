import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureServerBuild, SERVER_MAIN } from '../serverBuild'

const ROOT = join(__dirname, '../..')

export interface AppServer {
  url: string
  /** The newest sandbox SMS code sent to a phone number (GET /api/dev/sms-outbox, sandbox only). */
  smsCode: (phoneNumber: string) => Promise<string>
  /** Calls the API as a caller would; returns the envelope. */
  api: <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => Promise<Envelope<T>>
  stop: () => Promise<void>
}

export interface Envelope<T> {
  success: boolean
  data: T
  error: string | null
  msg: string | null
  showType: number | null
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`)
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`the server did not become ready in 60 s:\n${output()}`)
}

/**
 * The real reference server (as `npm start` and production run it: the built dist/server/main.js under plain node,
 * built first when missing or stale) with a fresh embedded database and the built dist/h5,
 * on a free port. Extra environment (e.g. a shorter supplier delay) may be passed in, or made from the server's
 * address (notify URLs the providers' fakes post to).
 */
export async function startAppServer(
  extra: Record<string, string> | ((url: string) => Record<string, string>) = {},
): Promise<AppServer> {
  await ensureServerBuild()
  const dataDir = mkdtempSync(join(tmpdir(), 'lifepay-e2e-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = typeof extra === 'function' ? extra(url) : extra
  let log = ''
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(ROOT, 'dist/h5'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every simulated user of a suite comes from 127.0.0.1, dozens of sign-ins an hour: the per-address limits are
      // raised for the suites (their own tests run with the defaults in server/test/abuseLimits.test.ts).
      LIMIT_SMS_PER_IP_HOUR: '10000',
      LIMIT_SMS_PER_IP_DAY: '10000',
      LIMIT_CODE_CHECKS_PER_IP_HOUR: '10000',
      LIMIT_LOGIN_FAILURES_PER_IP_HOUR: '10000',
      LIMIT_REGISTRATIONS_PER_IP_HOUR: '10000',
      // The flows top up the same numbers again and again: the duplicate guard is off for them, on for its own flows
      // (test/e2e/duplicateGuard.e2e.ts, test/mini/duplicateGuard.mini.ts) and its rule's tests.
      DUPLICATE_GUARD: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (log = (log + chunk).slice(-20_000)))
  child.stderr?.on('data', (chunk) => (log = (log + chunk).slice(-20_000)))
  try {
    await waitUntilReady(url, child, () => log)
  } catch (error) {
    // A server that never became ready would otherwise outlive the suite and keep the test runner waiting.
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }

  const api: AppServer['api'] = async (method, path, body, token) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return (await res.json()) as Envelope<never>
  }

  return {
    url,
    api,
    smsCode: async (phoneNumber) => {
      const res = await api<unknown>('GET', `/api/dev/sms-outbox?phoneNumber=${encodeURIComponent(phoneNumber)}`)
      // The outbox lists the newest message first.
      const code = (res.data as { code: string }[] | null)?.[0]?.code
      if (!code) throw new Error(`no SMS code for ${phoneNumber}: ${JSON.stringify(res)}`)
      return code
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
