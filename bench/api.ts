// npm run bench:api: the real server on PostgreSQL (DATABASE_URL, a throwaway cluster from scripts/with-postgres.sh)
// and on PGlite, one after the other, loaded with autocannon on 127.0.0.1; a bare Fastify route is the ceiling.
import type { PageResult } from '@contract/envelope'
import type { LifePayOrderListItem } from '@contract/lifePay'
import { startAppServer } from '../scripts/lib/appServer'
import { apiCall, LIFE_PAY_USER_HEADER } from './apiCall'
import { startBareFastify } from './api/bareFastifyProcess'
import { createOrderLoad } from './api/createLoad'
import { loadTest, type LoadFigures, type LoadOptions } from './api/loadTest'
import { rawPgCreateFloor } from './api/rawPgFloor'
import { spread, type Spread } from './api/spread'
import { markdownTable } from './markdownTable'
import { loginByPhoneCode, seedUserWithOrders } from './seedOrders'

const DURATION_S = Number(process.env.BENCH_API_SECONDS || 8)
/** The issue 21 targets: runs alternating with their floor or ceiling, each this long. */
const PAIRS = Number(process.env.BENCH_API_PAIRS || 5)
const PAIR_S = Number(process.env.BENCH_API_PAIR_SECONDS || 5)
const WARM_UP_S = 2
const CONNECTIONS = 10
const ORDER_PAGE = { pageIndex: 1, pageSize: 10 }
const HISTORY_PHONE = '13800005555'
const BUYER_PHONE = '13800006666'
const FLOOR_PHONE = '13800007777'

// autocannon's latency histogram counts whole milliseconds.
const ms = (value: number) => (value < 1 ? '<1' : value.toFixed(0))

/** A target of issue 21: ours against its floor or ceiling, run by run, alternating. */
interface Target {
  target: string
  database: string
  ours: number[]
  reference: number[]
  referenceName: string
  /** Ours ÷ reference, pair by pair. */
  ratios: number[]
  goal: number
  /** Why there is no reference (e.g. no raw-`pg` floor on PGlite). */
  missing?: string
}

interface Row {
  call: string
  database: string
  figures: LoadFigures
  /** The ceiling's requests per second measured before this row's block. */
  ceiling?: number
}

async function measure(
  options: Omit<LoadOptions, 'durationS' | 'connections'>,
): Promise<{ warmUp: LoadFigures; figures: LoadFigures }> {
  const warmUp = await loadTest({ ...options, durationS: WARM_UP_S, connections: CONNECTIONS })
  const figures = await loadTest({ ...options, durationS: DURATION_S, connections: CONNECTIONS })
  return { warmUp, figures }
}

async function benchDatabase(
  database: string,
  env: Record<string, string>,
  ceiling: { url: string; requestsPerSecond: number },
  notes: string[],
  targets: Target[],
): Promise<Row[]> {
  console.error(`${database}: starting the server…`)
  // The product as shipped: the duplicate guard on (appServer turns it off for the flows that reorder one account).
  const server = await startAppServer({ ...env, SANDBOX_SUPPLIER_DELAY_MS: '100', DUPLICATE_GUARD: 'on' })
  try {
    console.error(`${database}: seeding a user with 200 orders…`)
    const history = await seedUserWithOrders(server.url, server.smsCode, HISTORY_PHONE)
    const buyerId = await loginByPhoneCode(server.url, server.smsCode, BUYER_PHONE)
    const floorLoginId = await loginByPhoneCode(server.url, server.smsCode, FLOOR_PHONE)
    const asHistory = { [LIFE_PAY_USER_HEADER]: history.userId }
    const rows: Row[] = []
    const run = async (call: string, options: Omit<LoadOptions, 'durationS' | 'connections'>) => {
      console.error(`${database}: ${call}…`)
      const { warmUp, figures } = await measure(options)
      rows.push({ call, database, figures })
      return { figures, succeeded: warmUp.succeeded + figures.succeeded }
    }

    await run('/healthz (the server’s stack, no database)', { url: `${server.url}/healthz` })
    await run('GetRate', { url: `${server.url}/api/LifePay/GetRate` })
    const pageRequest = {
      url: `${server.url}/api/LifePay/GetUserLifePayOrderPage`,
      method: 'POST' as const,
      headers: asHistory,
      body: JSON.stringify(ORDER_PAGE),
    }
    const flatOut = await run(`GetUserLifePayOrderPage (${ORDER_PAGE.pageSize} of 200 orders)`, pageRequest)
    const pageTarget: Target = {
      target: 'order page read (GetUserLifePayOrderPage, page 1 of 10)',
      database,
      ours: [],
      reference: [],
      referenceName: 'bare Fastify (ceiling)',
      ratios: [],
      goal: 0.6,
    }
    for (let pair = 0; pair < PAIRS; pair++) {
      console.error(`${database}: order page against the ceiling, pair ${pair + 1} of ${PAIRS}…`)
      const top = await loadTest({ url: ceiling.url, durationS: PAIR_S, connections: CONNECTIONS })
      const ours = await loadTest({ ...pageRequest, durationS: PAIR_S, connections: CONNECTIONS })
      pageTarget.reference.push(top.requestsPerSecond)
      pageTarget.ours.push(ours.requestsPerSecond)
      pageTarget.ratios.push(ours.requestsPerSecond / top.requestsPerSecond)
    }
    targets.push(pageTarget)
    await run(
      `GetUserLifePayOrderPage (${ORDER_PAGE.pageSize} of 200 orders), Accept-Encoding: gzip (status checked only)`,
      {
        ...pageRequest,
        headers: { ...asHistory, 'accept-encoding': 'gzip' },
      },
    )
    const halfRate = Math.max(1, Math.round(ceiling.requestsPerSecond / 2))
    await run(`GetUserLifePayOrderPage at ${halfRate} req/s (half the ceiling)`, {
      ...pageRequest,
      overallRate: halfRate,
    })
    // Latency under a load the server sustains: half of what it just served flat out.
    const halfOwn = Math.max(1, Math.round(flatOut.figures.requestsPerSecond / 2))
    await run(`GetUserLifePayOrderPage at ${halfOwn} req/s (half its own maximum)`, {
      ...pageRequest,
      overallRate: halfOwn,
    })
    await run('GetPayStatusByOrderNo', {
      url: `${server.url}/api/LifePay/GetPayStatusByOrderNo`,
      method: 'POST',
      headers: asHistory,
      body: JSON.stringify({ orderNo: history.paidOrderNo }),
    })
    const { built, ...createRequest } = createOrderLoad(server.url, buyerId, `bench-${database}`)
    let { succeeded: created } = await run('CreateLifePayPhoneOrder (a new account and key each)', createRequest)
    const createTarget: Target = {
      target: 'create order (CreateLifePayPhoneOrder)',
      database,
      ours: [],
      reference: [],
      referenceName: 'raw `pg`, the same rows (floor)',
      ratios: [],
      goal: 0.6,
    }
    const connectionString = env.DATABASE_URL
    if (!connectionString) createTarget.missing = 'no raw-`pg` floor: PGlite is in the server’s process'
    for (let pair = 0; pair < PAIRS; pair++) {
      console.error(`${database}: create order against the floor, pair ${pair + 1} of ${PAIRS}…`)
      const floor = connectionString
        ? await rawPgCreateFloor({
            connectionString,
            virtualLoginId: floorLoginId,
            durationS: PAIR_S,
            connections: CONNECTIONS,
            runId: `${pair}`,
          })
        : null
      const ours = await loadTest({ ...createRequest, durationS: PAIR_S, connections: CONNECTIONS })
      created += ours.succeeded
      createTarget.ours.push(ours.requestsPerSecond)
      if (floor) {
        createTarget.reference.push(floor.transactionsPerSecond)
        createTarget.ratios.push(ours.requestsPerSecond / floor.transactionsPerSecond)
      }
    }
    targets.push(createTarget)
    const page = await apiCall<PageResult<LifePayOrderListItem>>(
      server.url,
      'POST',
      '/api/LifePay/GetUserLifePayOrderPage',
      { pageIndex: 1, pageSize: 1 },
      buyerId,
    )
    // Requests still in flight when a run ends create orders whose answers are not counted; none may go missing.
    const consistent = page.totalCount >= created && page.totalCount <= built()
    notes.push(
      `${database}: the Create load made ${page.totalCount} orders: ${created} successful answers counted, ${built()} requests built ` +
        `(${consistent ? 'consistent' : 'INCONSISTENT: orders missing or extra'}).`,
    )
    return rows
  } finally {
    await server.stop()
  }
}

async function main(): Promise<void> {
  const notes: string[] = []
  const bare = await startBareFastify()
  const rows: Row[] = []
  const targets: Target[] = []
  // The machine is shared: the ceiling is measured again right before each database's block, which it divides.
  const block = async (database: string, env: Record<string, string>) => {
    console.error(`bare Fastify: the ceiling before ${database}…`)
    const ceiling = (await measure({ url: bare.url })).figures
    rows.push({
      call: 'bare Fastify route (the ceiling)',
      database,
      figures: ceiling,
      ceiling: ceiling.requestsPerSecond,
    })
    console.error(`bare Fastify: the order page's POST before ${database}…`)
    const post = await measure({
      url: bare.url,
      method: 'POST',
      headers: { [LIFE_PAY_USER_HEADER]: '00000000-0000-4000-8000-000000000000' },
      body: JSON.stringify(ORDER_PAGE),
    })
    rows.push({
      call: 'bare Fastify, the order page’s POST (its headers and body, 30 bytes back): the POST alone',
      database,
      figures: post.figures,
      ceiling: ceiling.requestsPerSecond,
    })
    const measured = await benchDatabase(
      database,
      env,
      { url: bare.url, requestsPerSecond: ceiling.requestsPerSecond },
      notes,
      targets,
    )
    rows.push(...measured.map((row) => ({ ...row, ceiling: ceiling.requestsPerSecond })))
  }
  try {
    if (process.env.DATABASE_URL) await block('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL })
    else
      notes.push(
        'PostgreSQL: skipped (no DATABASE_URL; `npm run bench:api` runs this inside scripts/with-postgres.sh).',
      )
    await block('PGlite', {})
  } finally {
    bare.child.kill('SIGTERM')
  }

  console.log(
    `## API throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s after a ${WARM_UP_S} s warm-up, 127.0.0.1)\n`,
  )
  console.log(
    markdownTable(
      ['call', 'database', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'failed'],
      rows.map(({ call, database, figures, ceiling }) => [
        call,
        database,
        Math.round(figures.requestsPerSecond),
        ms(figures.p50Ms),
        ms(figures.p99Ms),
        `${((figures.requestsPerSecond / (ceiling ?? figures.requestsPerSecond)) * 100).toFixed(0)} %`,
        figures.failed,
      ]),
    ),
  )
  const fmt = (s: Spread, digits = 0) =>
    `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)}`
  console.log(
    `\n## Issue 21 targets (${PAIRS} pairs of ${PAIR_S} s runs, alternating: reference, ours; min / median / max)\n`,
  )
  console.log(
    markdownTable(
      ['target', 'database', 'ours req/s', 'reference', 'reference req/s', 'ours ÷ reference', 'goal', 'met (median)'],
      targets.map((t) => {
        const ratios = t.ratios.length ? spread(t.ratios) : null
        return [
          t.target,
          t.database,
          fmt(spread(t.ours)),
          t.referenceName,
          t.reference.length ? fmt(spread(t.reference)) : (t.missing ?? '—'),
          ratios ? fmt(ratios, 2) : '—',
          `≥ ${t.goal}`,
          ratios ? (ratios.median >= t.goal ? 'yes' : 'no') : '—',
        ]
      }),
    ),
  )
  const pgPage = rows.find((r) => r.database === 'PostgreSQL' && r.call.startsWith('GetUserLifePayOrderPage ('))
  const pgHalf = rows.find((r) => r.database === 'PostgreSQL' && r.call.includes('half the ceiling'))
  if (pgPage?.ceiling && pgHalf) {
    const share = (pgPage.figures.requestsPerSecond / pgPage.ceiling) * 100
    notes.unshift(
      `Target (issue 8): authenticated order-page reads on PostgreSQL ≥ 50 % of the ceiling — ${share.toFixed(0)} %; ` +
        `p99 ≤ 30 ms at half the ceiling's rate — ${ms(pgHalf.figures.p99Ms)} ms, with ${Math.round(pgHalf.figures.requestsPerSecond)} of the ` +
        `${Math.round(pgPage.ceiling / 2)} req/s asked served.`,
    )
  }
  console.log(
    `\nThe ceiling is a one-route Fastify app in its own process (bench/api/bareFastify.ts), measured right before each`,
  )
  console.log(
    `database's rows; the server runs as \`npm start\` does, with LOG_LEVEL=warn. The order page asks for page 1 of 10, as`,
  )
  console.log(
    `the order screen does, identified by X-LifePay-User-Id (the virtual login). "failed": errors, timeouts and answers`,
  )
  console.log(`that were not a success envelope.`)
  console.log(notes.map((note) => `\n${note}`).join(''))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
