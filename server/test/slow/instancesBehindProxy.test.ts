import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { inArray } from 'drizzle-orm'
import type { TokenResult } from '@contract/account'
import type { ApiEnvelope } from '@contract/envelope'
import type { CreateLifePayOrderResult } from '@contract/lifePay'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import { LifePayType } from '@domain/lifePayType'
import { ensureServerBuild, SERVER_MAIN } from '../../../scripts/serverBuild'
import { DEMO_USER } from '../../src/db/demoData'
import { lifePayOrders, sandboxRecharges } from '../../src/db/schema'
import { newKey } from '../support/orderFlows'
import { openTestDatabase, type TestDatabase } from '../support/testDatabase'

// docs/deploy.md § Several instances, as written: INSTANCES processes of the built server (plain node) on one
// PostgreSQL, each with its job worker, behind a reverse proxy that spreads requests round-robin and says who the
// client is (X-Forwarded-For, TRUST_PROXY=1). Orders placed and paid through the proxy are each delivered once, the
// work is shared, and every instance answers /metrics for itself.
const skip = process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)'
const INSTANCES = 3
const ORDERS = 60

interface Instance {
  url: string
  child: ChildProcess
  dataDir: string
}

let database: TestDatabase
let instances: Instance[] = []
let proxy: Server
let proxyUrl = ''

function startInstance(databaseUrl: string): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'life-pay-instance-'))
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      CONSOLE_DIR: '',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      DUPLICATE_GUARD: 'off',
      SANDBOX_SUPPLIER_DELAY_MS: '100',
      SANDBOX_DUPLICATE_NOTIFY_RATE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const listening = (chunk: Buffer) => {
      output += chunk
      const found = /Life Pay: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (found) resolve({ url: found[1], child, dataDir })
    }
    child.stdout?.on('data', listening)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`instance exited ${code}:\n${output}`)))
  })
}

/** The reverse proxy of the recipe (nginx's `upstream` round-robin), in a few lines of node:http. */
function startProxy(upstreams: string[]): Promise<Server> {
  let next = 0
  const server = createServer((incoming, outgoing) => {
    const target = new URL(upstreams[next++ % upstreams.length])
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          'x-forwarded-for': incoming.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forwarded.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(forwarded)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${proxyUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await response.json()) as ApiEnvelope<T>
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`)
  return envelope.data as T
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++])
    }),
  )
}

before(async () => {
  if (skip) return
  await ensureServerBuild()
  database = await openTestDatabase()
  const url = database.url as string
  // Started together: the migrations run once, under the cross-instance lock (db/database.ts).
  instances = await Promise.all(Array.from({ length: INSTANCES }, () => startInstance(url)))
  proxy = await startProxy(instances.map((instance) => instance.url))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})

after(async () => {
  proxy?.close()
  await Promise.all(
    instances.map(
      (instance) =>
        new Promise((resolve) => {
          instance.child.once('exit', resolve)
          instance.child.kill('SIGTERM')
          rmSync(instance.dataDir, { recursive: true, force: true })
        }),
    ),
  )
  await database?.dispose()
})

describe(`${INSTANCES} instances behind a reverse proxy on one PostgreSQL`, { skip }, () => {
  test(`${ORDERS} orders placed and paid through the proxy: each delivered once, the work shared`, async () => {
    const { accessToken } = await call<TokenResult>('POST', '/api/Account/PasswordLogin', {
      loginName: DEMO_USER.phoneNumber,
      password: DEMO_USER.password,
    })
    const orders: CreateLifePayOrderResult[] = []
    await inParallel(Array.from({ length: ORDERS }), 10, async () => {
      const order = await call<CreateLifePayOrderResult>(
        'POST',
        '/api/LifePay/CreateLifePayPhoneOrder',
        { phone: '13812345678', ispCode: 'yidong', parValue: 10, idempotencyKey: newKey() },
        accessToken,
      )
      orders.push(order)
      await call(
        'POST',
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo: order.orderNo, lifePayType: LifePayType.WxPay },
        accessToken,
      )
      await call('POST', '/api/dev/pay/confirm', { orderNo: order.orderNo, deliveries: 1 })
    })
    const orderNos = orders.map((order) => order.orderNo)
    const deadline = Date.now() + 90_000
    for (;;) {
      const rows = await database.db.select().from(lifePayOrders).where(inArray(lifePayOrders.orderNo, orderNos))
      const delivered = rows.filter((row) => row.lifePayOrderStatus === LifePayOrderStatus.Completed).length
      if (delivered === ORDERS) break
      assert.ok(Date.now() < deadline, `only ${delivered} of ${ORDERS} delivered`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const recharges = await database.db
      .select()
      .from(sandboxRecharges)
      .where(inArray(sandboxRecharges.orderNo, orderNos))
    assert.equal(recharges.length, ORDERS)
    assert.deepEqual(
      recharges.filter((recharge) => recharge.submitCount !== 1).map((recharge) => recharge.orderNo),
      [],
      'no recharge submitted twice',
    )
    // Every instance served requests and reports them itself.
    for (const instance of instances) {
      const metrics = await (await fetch(`${instance.url}/metrics`)).text()
      const served = metrics
        .split('\n')
        .filter((line) => line.startsWith('lifepay_http_request_duration_seconds_count{'))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0)
      assert.ok(served >= ORDERS, `${instance.url} served ${served} requests`)
    }
  })
})
