// The floor of Create…Order on PostgreSQL: the row one order's transaction writes (the order; its expiry is the
// sweep's read of that row, issue 38), written with raw `pg` and nothing else — no HTTP, no validation, no duplicate
// guard, no query builder.
import { randomUUID } from 'node:crypto'
import { Pool } from 'pg'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { LifePayOrderType } from '@domain/lifePayOrderType'

export interface FloorFigures {
  transactionsPerSecond: number
  p50Ms: number
  p99Ms: number
}

// Named: parsed and planned once per connection, the fastest a hand-written `pg` caller gets.
export const INSERT_ORDER = {
  name: 'bench_floor_order',
  text: `insert into life_pay_orders (id, order_no, user_id, channel_id, life_pay_order_type, account, isp_code,
    electric_type, electric_account_type, gas_org_type, province, city, name, par_value_fen, rate_ppm, pay_amount_fen,
    discount_amount_fen, pay_status, life_pay_order_status, idempotency_key, request_hash, expire_time, creation_time,
    updated_time)
    values ($1, $2, $3, null, $4, $5, $6, null, null, null, null, null, null, $7, $8, $9, $10, $11, $12, $13, $14, $15,
    $16, $16)`,
}
/** INSERT_ORDER's parameters: a ¥50 phone order of `userId` on `account`, unpaid, closing in 30 minutes. */
export function floorOrderValues(order: { orderNo: string; userId: string; account: string; key: string; now: Date }) {
  return [
    randomUUID(),
    order.orderNo,
    order.userId,
    LifePayOrderType.Phone,
    order.account,
    'yidong',
    5000,
    985_000,
    4925,
    75,
    LifePayStatus.Unpaid,
    LifePayOrderStatus.PendingConfirmation,
    order.key,
    'f'.repeat(64),
    new Date(order.now.getTime() + 30 * 60_000),
    order.now,
  ]
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]

/**
 * `connections` clients each writing order after order for `durationS`, one transaction per order, as the server's
 * pool does (the same pool size), as the user of `virtualLoginId` (X-LifePay-User-Id): one the bench reads nothing
 * of.
 */
export async function rawPgCreateFloor(options: {
  connectionString: string
  virtualLoginId: string
  durationS: number
  connections: number
  /** Distinguishes this run's order numbers and keys from the other runs'. */
  runId: string
}): Promise<FloorFigures> {
  const pool = new Pool({ connectionString: options.connectionString, max: options.connections })
  const { rows } = await pool.query<{ user_id: string }>('select user_id from virtual_logins where id = $1', [
    options.virtualLoginId,
  ])
  const userId = rows[0]?.user_id
  if (!userId) throw new Error(`no virtual login ${options.virtualLoginId}`)
  const latencies: number[] = []
  let next = 0
  const end = performance.now() + options.durationS * 1000
  const writeOne = async () => {
    const n = next++
    const orderNo = `F${options.runId}${String(n).padStart(8, '0')}`
    const now = new Date()
    const started = performance.now()
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query(
        INSERT_ORDER,
        floorOrderValues({
          orderNo,
          userId,
          account: `139${String(n).padStart(8, '0')}`,
          key: `floor-${options.runId}-${n}`,
          now,
        }),
      )
      await client.query('commit')
    } finally {
      client.release()
    }
    latencies.push(performance.now() - started)
  }
  const started = performance.now()
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < end) await writeOne()
      }),
    )
  } finally {
    await pool.end()
  }
  const elapsedS = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    transactionsPerSecond: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  }
}
