import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { readFlags } from '../bench/cliFlags'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayType } from '@domain/lifePayType'
import { lifePayOrders, users } from '../server/src/db/schema'
import { createTestApp } from '../server/test/support/testApp'

// npm run bench:export [-- --rows 100000]: the operator's order export (POST /api/LifePay/GetLifePayOrderPageExport)
// of `rows` seeded orders over real HTTP, read as a client downloads it. Prints rows/s and the process's peak memory
// during the export: streamed, the peak stays near the baseline whatever the number of rows (docs/server.md §
// Operator API). Runs on an in-memory PGlite like the server tests.

const USAGE = 'usage: npm run bench:export [-- --rows <count>]'
const USERS = 1_000
const INSERT_BATCH = 1_000

function options(): { rows: number } {
  let rows = 100_000
  readFlags(process.argv.slice(2), USAGE, (flag) => {
    if (flag.name === '--rows') rows = flag.positiveWholeNumber()
    else throw new Error(`unknown option ${flag.arg}\n${USAGE}`)
  })
  return { rows }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

async function main(): Promise<void> {
  const { rows } = options()
  const t = await createTestApp()
  try {
    const seedStart = Date.now()
    const now = t.clock.now()
    const userIds = Array.from({ length: USERS }, () => randomUUID())
    await t.database.db.insert(users).values(
      userIds.map((id, n) => ({
        id,
        phoneNumber: `139${String(n).padStart(8, '0')}`,
        userName: `bench${n}`,
        creationTime: now,
      })),
    )
    for (let first = 0; first < rows; first += INSERT_BATCH) {
      const count = Math.min(INSERT_BATCH, rows - first)
      await t.database.db.insert(lifePayOrders).values(
        Array.from({ length: count }, (_, i) => {
          const n = first + i
          const created = new Date(now.getTime() - n * 60_000)
          const paid = n % 10 !== 0
          return {
            id: randomUUID(),
            orderNo: `BENCH${String(n).padStart(9, '0')}`,
            userId: userIds[n % USERS],
            lifePayOrderType: LifePayOrderType.Phone,
            account: `138${String(n).padStart(8, '0')}`,
            ispCode: 'yidong',
            parValueFen: 10_000,
            ratePpm: 985_000,
            payAmountFen: 9_850,
            discountAmountFen: 150,
            payStatus: paid ? LifePayStatus.Paid : LifePayStatus.Unpaid,
            lifePayOrderStatus: paid ? LifePayOrderStatus.Completed : LifePayOrderStatus.PendingConfirmation,
            lifePayType: paid ? LifePayType.WxPay : null,
            idempotencyKey: `bench-${n}`,
            requestHash: 'bench',
            transactionId: paid ? `4200${String(n).padStart(24, '0')}` : null,
            supplierOrderNo: paid ? `SUP${n}` : null,
            supplierResult: paid ? 'success' : null,
            payTime: paid ? created : null,
            finishTime: paid ? new Date(created.getTime() + 2_000) : null,
            expireTime: new Date(created.getTime() + 15 * 60_000),
            creationTime: created,
            updatedTime: created,
          }
        }),
      )
    }
    console.log(`seeded ${rows} orders in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`)

    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = t.app.server.address() as AddressInfo
    global.gc?.()
    const baseline = process.memoryUsage()
    let peakRss = baseline.rss
    let peakHeap = baseline.heapUsed
    let peakRetained = baseline.heapUsed
    let samples = 0
    const sampler = setInterval(() => {
      const usage = process.memoryUsage()
      peakRss = Math.max(peakRss, usage.rss)
      peakHeap = Math.max(peakHeap, usage.heapUsed)
      // Every 25th sample, after a collection: what the export holds on to, garbage aside.
      if (global.gc && ++samples % 25 === 0) {
        global.gc()
        peakRetained = Math.max(peakRetained, process.memoryUsage().heapUsed)
      }
    }, 20)
    const started = Date.now()
    const response = await fetch(`http://127.0.0.1:${port}/api/LifePay/GetLifePayOrderPageExport`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-token': t.config.operatorToken },
      body: '{}',
    })
    if (response.status !== 200 || !response.body) throw new Error(`export answered HTTP ${response.status}`)
    let bytes = 0
    let firstByteMs: number | null = null
    const reader = response.body.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      firstByteMs ??= Date.now() - started
      bytes += read.value.length
    }
    const seconds = (Date.now() - started) / 1000
    clearInterval(sampler)
    console.log(
      `exported ${rows} rows: ${mb(bytes)} .xlsx in ${seconds.toFixed(1)} s, first byte after ${firstByteMs} ms`,
    )
    console.log(`rows/s: ${Math.round(rows / seconds)}`)
    console.log(
      `memory: rss ${mb(baseline.rss)} before, peak ${mb(peakRss)} (+${mb(peakRss - baseline.rss)}); ` +
        `heap used ${mb(baseline.heapUsed)} before, peak ${mb(peakHeap)} (+${mb(peakHeap - baseline.heapUsed)}), ` +
        `after collections at most ${mb(peakRetained)} (+${mb(peakRetained - baseline.heapUsed)})`,
    )
  } finally {
    await t.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
