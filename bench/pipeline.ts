// npm run bench:pipeline: paid → recharge succeeded, the pipeline the user waits on after paying (issue 21).
// The real server (as `npm start` runs it) with the sandbox supplier answering in SUPPLIER_MS; 400 orders are created
// and prepared for payment, then paid at once through the sandbox cashier (a burst), and the time from each order's
// pay time to its finish time is read from the database. On PGlite a single user pays one order at a time.
// The supplier's own latency is the floor: the target is p50 ≤ floor + 0.5 s (issue 21).
// BENCH_PIPELINE_STATEMENTS=1 also counts the statements the server sends per paid order (the figure to cut).
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'pg'
import type { CreateLifePayOrderResult, LifePayOrderDetail } from '@contract/lifePay'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import { LifePayType } from '@domain/lifePayType'
import { startAppServer, type AppServer } from '../scripts/lib/appServer'
import { apiCall } from './apiCall'
import { markdownTable } from './markdownTable'
import { loginByPhoneCode } from './seedOrders'

const SUPPLIER_MS = 100
const BURST = Number(process.env.BENCH_PIPELINE_ORDERS || 400)
const USERS = 20
const SINGLE_RUNS = Number(process.env.BENCH_PIPELINE_SINGLE_RUNS || 7)
/** Count the statements the server sends during the burst's pay phase (bench/pipelineStatements.cjs). */
const COUNT_STATEMENTS = process.env.BENCH_PIPELINE_STATEMENTS === '1'
/** How many pay requests are in flight at once during the burst (the cashier's callers). */
const PAY_CONNECTIONS = 50

interface Latencies {
  count: number
  minMs: number
  p50Ms: number
  p90Ms: number
  maxMs: number
  /** First pay time to last finish time. */
  spanMs: number
}

function summarize(samples: { paid: number; finished: number }[]): Latencies {
  const latencies = samples.map((s) => s.finished - s.paid).sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return {
    count: latencies.length,
    minMs: latencies[0],
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    maxMs: latencies[latencies.length - 1],
    spanMs: Math.max(...samples.map((s) => s.finished)) - Math.min(...samples.map((s) => s.paid)),
  }
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T, n: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const n = next++
        await work(items[n], n)
      }
    }),
  )
}

/** A phone number the sandbox supplier delivers to (never a scripted failing/flaky suffix: sandboxAccounts.ts). */
const phoneFor = (n: number) => `139${String(n).padStart(4, '0')}${String(1234 + (n % 5000)).slice(-4)}`

async function createPreparedOrder(server: AppServer, userId: string, n: number, runId: string): Promise<string> {
  const { orderNo } = await apiCall<CreateLifePayOrderResult>(
    server.url,
    'POST',
    '/api/LifePay/CreateLifePayPhoneOrder',
    { phone: phoneFor(n), ispCode: 'yidong', parValue: 50, idempotencyKey: `pipeline-${runId}-${n}` },
    userId,
  )
  await apiCall(
    server.url,
    'POST',
    '/api/LifePay/GetPayOrderForJsAPI',
    { orderNo, lifePayType: LifePayType.WxPay },
    userId,
  )
  return orderNo
}

const pay = (server: AppServer, userId: string, orderNo: string) =>
  apiCall(server.url, 'POST', '/api/dev/pay/confirm', { orderNo, deliveries: 1 }, userId)

/** The burst's steps (job kinds) on their own: kind, jobs, p50 due → done ms, span ms, jobs/s. */
let stepRows: (string | number)[][] = []

const statementsFile = join(tmpdir(), `bench-pipeline-statements-${process.pid}.json`)

/** Statements per paid order by text, most first, from the server's count (bench/pipelineStatements.cjs). */
function statementsReport(orders: number): string {
  const counts = JSON.parse(readFileSync(statementsFile, 'utf8')) as Record<string, number>
  rmSync(statementsFile, { force: true })
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1])
  const total = rows.reduce((sum, [, count]) => sum + count, 0)
  const lines = rows.map(([text, count]) => `| ${(count / orders).toFixed(2)} | \`${text.slice(0, 110)}\` |`)
  return [
    `\n### Statements per paid order (pay phase of the burst): ${(total / orders).toFixed(1)}\n`,
    '| per order | statement |',
    '|---:|---|',
    ...lines,
  ].join('\n')
}

async function burstOnPostgres(databaseUrl: string): Promise<Latencies> {
  const server = await startAppServer({
    DATABASE_URL: databaseUrl,
    SANDBOX_SUPPLIER_DELAY_MS: String(SUPPLIER_MS),
    SANDBOX_DUPLICATE_NOTIFY_RATE: '0',
    ...(COUNT_STATEMENTS
      ? {
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${join(__dirname, 'pipelineStatements.cjs')}`,
          PIPELINE_STATEMENTS_OUT: statementsFile,
        }
      : {}),
  })
  const pool = new Pool({ connectionString: databaseUrl, max: 2 })
  try {
    console.error(`PostgreSQL: ${USERS} users create and prepare ${BURST} orders…`)
    const users = await Promise.all(
      Array.from({ length: USERS }, (_, n) =>
        loginByPhoneCode(server.url, server.smsCode, `1370000${String(n).padStart(4, '0')}`),
      ),
    )
    const orders: { userId: string; orderNo: string }[] = []
    await inParallel(
      Array.from({ length: BURST }, (_, n) => n),
      10,
      async (n) => {
        const userId = users[n % USERS]
        orders.push({ userId, orderNo: await createPreparedOrder(server, userId, n, 'burst') })
      },
    )
    console.error(`PostgreSQL: paying ${BURST} orders at once…`)
    const payStart = new Date()
    await inParallel(orders, PAY_CONNECTIONS, async ({ userId, orderNo }) => {
      await pay(server, userId, orderNo)
    })
    const payMs = Date.now() - payStart.getTime()
    const orderNos = orders.map((o) => o.orderNo)
    const deadline = Date.now() + 120_000
    for (;;) {
      const { rows } = await pool.query<{ done: string }>(
        'select count(*) as done from life_pay_orders where order_no = any($1) and life_pay_order_status = $2',
        [orderNos, LifePayOrderStatus.Completed],
      )
      if (Number(rows[0].done) === orderNos.length) break
      if (Date.now() > deadline) throw new Error(`only ${rows[0].done} of ${orderNos.length} orders delivered in 120 s`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    // A retried job is a failure the burst caused (a lock timeout, a refused statement): reported, never hidden.
    const retried = await pool.query<{ kind: string; last_error: string; jobs: string }>(
      'select kind, last_error, count(*) as jobs from jobs where last_error is not null group by 1, 2 order by 3 desc',
    )
    for (const job of retried.rows) console.error(`retried: ${job.jobs} × ${job.kind}: ${job.last_error.slice(0, 300)}`)
    // Each step on its own (issue 21: which one bounds the burst): per job kind, from due to done.
    const steps = await pool.query<{ kind: string; jobs: string; wait_p50: number; span: number; rate: number }>(
      `select kind, count(*) as jobs,
         round(percentile_cont(0.5) within group (order by extract(epoch from finished_time - run_at)) * 1000) as wait_p50,
         round(extract(epoch from max(finished_time) - min(run_at)) * 1000) as span,
         round(count(*) / greatest(extract(epoch from max(finished_time) - min(run_at)), 0.001)) as rate
       from jobs where kind in ('sandbox.payNotify', 'recharge.submit', 'sandbox.supplierCallback')
         and status = 'done' and creation_time >= $1
       group by kind order by min(run_at)`,
      [payStart],
    )
    stepRows = steps.rows.map((step) => [step.kind, step.jobs, step.wait_p50, step.span, step.rate])
    stepRows.unshift(['cashier (the bench paying)', BURST, '—', payMs, Math.round(BURST / (payMs / 1000))])
    const { rows } = await pool.query<{ pay_time: Date; finish_time: Date }>(
      'select pay_time, finish_time from life_pay_orders where order_no = any($1)',
      [orderNos],
    )
    return summarize(rows.map((row) => ({ paid: row.pay_time.getTime(), finished: row.finish_time.getTime() })))
  } finally {
    await pool.end()
    await server.stop()
  }
}

/** One user paying one order at a time on the embedded database: the pay → delivered wait the user sees. */
async function singleUserOnPglite(): Promise<Latencies> {
  const server = await startAppServer({
    SANDBOX_SUPPLIER_DELAY_MS: String(SUPPLIER_MS),
    SANDBOX_DUPLICATE_NOTIFY_RATE: '0',
  })
  try {
    const userId = await loginByPhoneCode(server.url, server.smsCode, '13700009999')
    const samples: { paid: number; finished: number }[] = []
    for (let n = 0; n < SINGLE_RUNS; n++) {
      const orderNo = await createPreparedOrder(server, userId, 9000 + n, 'single')
      await pay(server, userId, orderNo)
      const deadline = Date.now() + 30_000
      for (;;) {
        const detail = await apiCall<LifePayOrderDetail>(
          server.url,
          'GET',
          `/api/LifePay/GetUserLifePayOrderDetail?orderNo=${orderNo}`,
          undefined,
          userId,
        )
        if (detail.lifePayOrderStatus === LifePayOrderStatus.Completed && detail.payTime && detail.finishTime) {
          samples.push({ paid: Date.parse(detail.payTime), finished: Date.parse(detail.finishTime) })
          break
        }
        if (Date.now() > deadline) throw new Error(`order ${orderNo} not delivered in 30 s`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }
    return summarize(samples)
  } finally {
    await server.stop()
  }
}

async function main(): Promise<void> {
  const rows: (string | number)[][] = []
  const notes: string[] = []
  const row = (what: string, figures: Latencies) => {
    const aboveFloor = figures.p50Ms - SUPPLIER_MS
    rows.push([
      what,
      figures.count,
      figures.minMs,
      figures.p50Ms,
      figures.p90Ms,
      figures.maxMs,
      figures.spanMs,
      SUPPLIER_MS,
      `${aboveFloor} ${aboveFloor <= 500 ? '≤' : '>'} 500`,
    ])
  }
  if (process.env.DATABASE_URL) {
    row(`PostgreSQL, ${BURST}-order burst`, await burstOnPostgres(process.env.DATABASE_URL))
    notes.push(
      [
        '### The burst step by step (each job kind from due to done; the cashier: the bench paying)\n',
        markdownTable(['step', 'jobs', 'p50 due → done ms', 'span ms', 'per s'], stepRows),
      ].join('\n'),
    )
    if (COUNT_STATEMENTS) notes.push(statementsReport(BURST))
  } else
    notes.push('PostgreSQL: skipped (no DATABASE_URL; `npm run bench:pipeline` runs inside scripts/with-postgres.sh).')
  row('PGlite, one user, one order at a time', await singleUserOnPglite())
  console.log(`## Paid → recharge succeeded (sandbox supplier answering in ${SUPPLIER_MS} ms: the floor)\n`)
  console.log(
    markdownTable(
      ['run', 'orders', 'min ms', 'p50 ms', 'p90 ms', 'max ms', 'span ms', 'floor ms', 'p50 above floor (target ms)'],
      rows,
    ),
  )
  console.log(
    "\nFrom each order's pay time (the cashier's \"paid\") to its finish time (the supplier's success recorded); " +
      'span: first payment to last delivery.',
  )
  console.log(notes.map((note) => `\n${note}`).join(''))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
