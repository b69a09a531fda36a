import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { count, eq } from 'drizzle-orm'
import type { TokenResult } from '@contract/account'
import type { ApiEnvelope } from '@contract/envelope'
import type { CreateLifePayOrderResult, LifePayOrderState } from '@contract/lifePay'
import { DataDirLockedError, LOCK_FILE_NAME } from '../../src/db/dataDirLock'
import { openPglite } from '../../src/db/database'
import { DEMO_USER } from '../../src/db/demoData'
import { jobs, lifePayOrders, sandboxRecharges, users } from '../../src/db/schema'
import { startServer } from '../../src/server'
import { DEV_OPERATOR_TOKEN } from '../../src/configSchema'
import { OPERATOR_TOKEN_HEADER } from '../../src/http/auth'
import type { JobCounts } from '../../src/jobs/jobQueue'
import { waitFor } from '../support/waitFor'
import { newKey } from '../support/orderFlows'
import { testConfig } from '../support/testApp'
import { prepareDataDir } from '../support/testDatabase'

// These start real servers on a data folder (PGlite only: with DATABASE_URL the folder holds no database).
const skip = process.env.DATABASE_URL ? 'PGlite data folder only' : false
const MAIN = join(__dirname, '..', '..', 'src', 'main.ts')

async function call<T>(url: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await response.json()) as ApiEnvelope<T>
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`)
  return envelope.data as T
}

const login = (url: string) =>
  call<TokenResult>(url, '/api/Account/PasswordLogin', {
    loginName: DEMO_USER.phoneNumber,
    password: DEMO_USER.password,
  })

let dataDir: string
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'life-pay-data-'))
  if (!skip) await prepareDataDir(dataDir)
})
after(() => rmSync(dataDir, { recursive: true, force: true }))

describe('data folder', { skip }, () => {
  test('a restart keeps everything (orders, users) and seeds nothing twice', async () => {
    const config = testConfig({ port: 0 }, dataDir)
    const first = await startServer(config, { logger: false })
    const token = (await login(first.url)).accessToken
    const order = await call<CreateLifePayOrderResult>(
      first.url,
      '/api/LifePay/CreateLifePayPhoneOrder',
      { phone: '13812345678', ispCode: 'yidong', parValue: 50, idempotencyKey: newKey() },
      token,
    )
    await first.stop()

    const second = await startServer(config, { logger: false })
    try {
      const state = await call<LifePayOrderState>(
        second.url,
        '/api/LifePay/GetPayStatusByOrderNo',
        { orderNo: order.orderNo },
        (await login(second.url)).accessToken,
      )
      assert.deepEqual([state.orderNo, state.payStatus], [order.orderNo, 10])
      const [{ demoUsers }] = await second.database.db
        .select({ demoUsers: count() })
        .from(users)
        .where(eq(users.phoneNumber, DEMO_USER.phoneNumber))
      assert.equal(Number(demoUsers), 1)
    } finally {
      await second.stop()
    }
  })

  test('a second server on the same folder is refused with a clear message, in-process and as another process', async () => {
    const running = await startServer(testConfig({ port: 0 }, dataDir), { logger: false })
    try {
      await assert.rejects(
        () => startServer(testConfig({ port: 0 }, dataDir), { logger: false }),
        (error: unknown) => {
          assert.ok(error instanceof DataDirLockedError)
          assert.match(error.message, /in use by another Life Pay server \(pid \d+/)
          return true
        },
      )
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', STATIC_DIR: '', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
      assert.equal(code, 1)
      assert.match(stderr, new RegExp(`in use by another Life Pay server \\(pid ${process.pid}`))
      // The running server is unharmed.
      await login(running.url)
    } finally {
      await running.stop()
    }
  })

  test('a lock left by a dead process is taken over', async () => {
    const dead = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => dead.on('exit', resolve))
    writeFileSync(
      join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({ pid: dead.pid, host: (await import('node:os')).hostname() }),
    )
    const server = await startServer(testConfig({ port: 0 }, dataDir), { logger: false })
    await server.stop()
  })
})

/** main.ts as a child process; resolves with its URL once it listens. */
function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', STATIC_DIR: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk
      const match = /Life Pay: (http:\/\/\S+)/.exec(out)
      if (match) resolve({ child, url: match[1] })
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
}

// Generous: a loaded CI machine may be slow; the test is about correctness, not speed.
const patiently = { timeoutMs: 60_000, everyMs: 50 }

/** The job queue's counts by status, from the operator's API. */
async function jobCounts(url: string): Promise<JobCounts> {
  const response = await fetch(`${url}/api/admin/jobs/failed`, {
    headers: { [OPERATOR_TOKEN_HEADER]: process.env.OPERATOR_TOKEN || DEV_OPERATOR_TOKEN },
  })
  const envelope = (await response.json()) as ApiEnvelope<{ counts: JobCounts }>
  if (!envelope.success || !envelope.data) throw new Error(`jobs: ${JSON.stringify(envelope)}`)
  return envelope.data.counts
}

describe('crash safety (issue 9)', { skip }, () => {
  test('SIGKILL after the payment is accepted, before the recharge finishes: after a restart it completes, once', async () => {
    // The supplier's order query (in case its callback were lost) comes soon too, so it has ended when the jobs of the
    // payment are counted below.
    const env = {
      SANDBOX_SUPPLIER_DELAY_MS: '2000',
      JOBS_POLL_MS: '50',
      JOBS_LEASE_MS: '1000',
      SUPPLIER_QUERY_AFTER_MS: '500',
      SUPPLIER_QUERY_MAX_INTERVAL_MS: '1000',
    }
    const first = await startChild(env)
    const token = (await login(first.url)).accessToken
    const { orderNo } = await call<CreateLifePayOrderResult>(
      first.url,
      '/api/LifePay/CreateLifePayPhoneOrder',
      // Another number than the data folder test's order (still unpaid in the same folder): no duplicate prompt.
      { phone: '13812345679', ispCode: 'yidong', parValue: 100, idempotencyKey: newKey() },
      token,
    )
    // The jobs waiting before the payment (the next expiry sweep among them).
    const waitingBefore = (await jobCounts(first.url)).pending
    await call(first.url, '/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType: 10 }, token)
    await call(first.url, '/api/dev/pay/confirm', { orderNo, deliveries: 2 })
    await waitFor(
      'paid',
      async () => {
        const state = await call<LifePayOrderState>(first.url, '/api/LifePay/GetPayStatusByOrderNo', { orderNo }, token)
        return state.payStatus === 20 ? state : undefined
      },
      patiently,
    )
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.on('exit', resolve))

    const second = await startChild(env)
    try {
      const done = await waitFor(
        'recharge succeeded',
        async () => {
          const state = await call<LifePayOrderState>(
            second.url,
            '/api/LifePay/GetPayStatusByOrderNo',
            { orderNo },
            token,
          )
          return state.frontStatus === 100 ? state : undefined
        },
        patiently,
      )
      assert.deepEqual([done.payStatus, done.lifePayOrderStatus], [20, 30])
      // Every job the payment started has ended, so any duplicate work has been done by now: nothing runs (the job the
      // killed server had claimed is taken over once its lease runs out, and finished), and only the jobs that were
      // waiting before the payment are pending (the second notification and the supplier's callback are done).
      await waitFor(
        'the jobs of the payment to end',
        async () => {
          const counts = await jobCounts(second.url)
          return counts.running === 0 && counts.pending === waitingBefore && counts
        },
        patiently,
      )
    } finally {
      second.child.kill('SIGTERM')
      const code = await new Promise((resolve) => second.child.on('exit', resolve))
      assert.equal(code, 0, 'graceful exit on SIGTERM')
    }

    const database = await openPglite({ dataDir })
    try {
      const [recharge] = await database.db.select().from(sandboxRecharges).where(eq(sandboxRecharges.orderNo, orderNo))
      assert.equal(recharge.submitCount >= 1, true)
      const orderJobs = (await database.db.select().from(jobs)).filter((job) =>
        JSON.stringify(job.payload).includes(orderNo),
      )
      // Nothing of the order's stays scheduled (its expiry is the sweep's read of the order itself).
      assert.deepEqual(
        orderJobs.filter((job) => job.status !== 'done').map((job) => [job.kind, job.status]),
        [],
      )
      assert.equal(orderJobs.filter((job) => job.kind === 'sandbox.supplierCallback').length, 1)
      const [order] = await database.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, orderNo))
      assert.equal(order.supplierResult, 'success')
    } finally {
      await database.close()
    }
  })
})
