// Issue 21's two API targets for a baseline tree and this one, side by side in one run (the machine is shared: only
// runs seconds apart compare). Each tree's server on a database of its own in one PostgreSQL cluster:
//   git -C . archive main | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
//   bash scripts/with-postgres.sh tsx bench/apiAb.ts /tmp/base
// Each round runs both trees, in turn first: the ceilings then the order page, the raw-`pg` floor, the HTTP floor (the
// same Fastify, one transaction inserting the order) then create order.
// Three ceilings, each measured next to the page: the bare one the targets are taken against, the same app with the
// server's Fastify options (its logger on), and the bare app sending the very bytes of this tree's order page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from 'pg'
import type { AppServer } from '../scripts/lib/appServer'
import { LIFE_PAY_USER_HEADER } from './apiCall'
import { startBareFastify } from './api/bareFastifyProcess'
import { createOrderLoad } from './api/createLoad'
import { loadTest } from './api/loadTest'
import { rawPgCreateFloor } from './api/rawPgFloor'
import { spread } from './api/spread'
import { markdownTable } from './markdownTable'
import { loginByPhoneCode, seedUserWithOrders } from './seedOrders'

const ROUNDS = Number(process.env.BENCH_API_PAIRS || 5)
const RUN_S = Number(process.env.BENCH_API_PAIR_SECONDS || 5)
const CONNECTIONS = 10

interface Side {
  name: string
  databaseUrl: string
  server: AppServer
  page: Parameters<typeof loadTest>[0]
  create: Parameters<typeof loadTest>[0]
  floorLoginId: string
  healthz: number[]
  pageRatios: number[]
  /** The order page ÷ the bare app sending the same bytes. */
  pageSameBytesRatios: number[]
  /** The bare app with the server's Fastify options ÷ without. */
  ourOptionsRatios: number[]
  createRatios: number[]
  /** Create order ÷ its HTTP floor (the same Fastify, one transaction inserting the order: bareFastify.ts). */
  createHttpRatios: number[]
  /** Where that floor runs: a bare Fastify process on this side's database. */
  httpFloorUrl: string
  created: number[]
  /** Answers that were not a success envelope, over all runs: any makes the side's figures void. */
  failed: number
}

async function startSide(name: string, id: string, root: string, databaseUrl: string): Promise<Side> {
  const { startAppServer } = (await import(join(root, 'scripts/lib/appServer.ts'))) as {
    startAppServer: (env: Record<string, string>) => Promise<AppServer>
  }
  // As bench/api.ts: the product as shipped (the guard on), the sandbox supplier quick.
  const server = await startAppServer({
    DATABASE_URL: databaseUrl,
    SANDBOX_SUPPLIER_DELAY_MS: '100',
    DUPLICATE_GUARD: 'on',
  })
  const history = await seedUserWithOrders(server.url, server.smsCode, '13800005555')
  const buyerId = await loginByPhoneCode(server.url, server.smsCode, '13800006666')
  const floorLoginId = await loginByPhoneCode(server.url, server.smsCode, '13800007777')
  return {
    name,
    databaseUrl,
    server,
    floorLoginId,
    page: {
      url: `${server.url}/api/LifePay/GetUserLifePayOrderPage`,
      method: 'POST',
      headers: { [LIFE_PAY_USER_HEADER]: history.userId },
      body: JSON.stringify({ pageIndex: 1, pageSize: 10 }),
      durationS: RUN_S,
      connections: CONNECTIONS,
    },
    create: { ...createOrderLoad(server.url, buyerId, `ab-${id}`), durationS: RUN_S, connections: CONNECTIONS },
    healthz: [],
    pageRatios: [],
    pageSameBytesRatios: [],
    ourOptionsRatios: [],
    createRatios: [],
    createHttpRatios: [],
    httpFloorUrl: '',
    created: [],
    failed: 0,
  }
}

async function main(): Promise<void> {
  const baseline = process.argv[2]
  const clusterUrl = process.env.DATABASE_URL
  if (!baseline || !clusterUrl) throw new Error('usage: scripts/with-postgres.sh tsx bench/apiAb.ts <baseline tree>')
  const admin = new Client({ connectionString: clusterUrl })
  await admin.connect()
  const databaseUrl = (name: string) => {
    const url = new URL(clusterUrl)
    url.pathname = `/${name}`
    return url.toString()
  }
  for (const name of ['ab_baseline', 'ab_this']) await admin.query(`create database ${name}`)
  await admin.end()
  const sides: Side[] = []
  const bares: Awaited<ReturnType<typeof startBareFastify>>[] = []
  const payloadDir = mkdtempSync(join(tmpdir(), 'api-ab-'))
  try {
    sides.push(await startSide(`baseline (${baseline})`, 'baseline', resolve(baseline), databaseUrl('ab_baseline')))
    sides.push(await startSide('this tree', 'this', join(__dirname, '..'), databaseUrl('ab_this')))
    // Statistics as a database in service has them (autovacuum's ANALYZE, which never runs within a bench of seconds
    // on a fresh database): the prepared create statement's generic plan, made when the tables were nearly empty,
    // read every order of the user (docs/decisions/api-performance.md). Invalidates that plan on both sides.
    for (const side of sides) {
      const client = new Client({ connectionString: side.databaseUrl })
      await client.connect()
      await client.query('analyze')
      await client.end()
    }
    // Each side's order page as the load receives it (no Accept-Encoding: the plain JSON).
    const payloadFiles = await Promise.all(
      sides.map(async (side, index) => {
        const answer = await fetch(side.page.url, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json', ...side.page.headers },
          body: side.page.body,
        })
        const file = join(payloadDir, `page-${index}.json`)
        writeFileSync(file, await answer.text())
        return file
      }),
    )
    const bare = await startBareFastify({ payloadFiles })
    bares.push(bare)
    const bareOurs = await startBareFastify({ ourOptions: true })
    bares.push(bareOurs)
    for (const side of sides) {
      const floor = await startBareFastify({ databaseUrl: side.databaseUrl })
      bares.push(floor)
      side.httpFloorUrl = `${floor.url}/floor/create`
    }
    for (const side of sides) {
      await loadTest({ ...side.page, durationS: 2 })
      await loadTest({ ...side.create, durationS: 2 })
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...sides].reverse() : sides
      console.error(`round ${round + 1} of ${ROUNDS}…`)
      for (const side of order) {
        const ceiling = await loadTest({ url: bare.url, durationS: RUN_S, connections: CONNECTIONS })
        const ceilingOurs = await loadTest({ url: bareOurs.url, durationS: RUN_S, connections: CONNECTIONS })
        const sameBytes = await loadTest({
          url: `${bare.url}/bytes/${sides.indexOf(side)}`,
          durationS: RUN_S,
          connections: CONNECTIONS,
        })
        const healthz = await loadTest({
          url: `${side.server.url}/healthz`,
          durationS: RUN_S,
          connections: CONNECTIONS,
        })
        const page = await loadTest(side.page)
        side.failed += healthz.failed + page.failed + ceilingOurs.failed + sameBytes.failed
        side.healthz.push(healthz.requestsPerSecond / ceiling.requestsPerSecond)
        side.pageRatios.push(page.requestsPerSecond / ceiling.requestsPerSecond)
        side.pageSameBytesRatios.push(page.requestsPerSecond / sameBytes.requestsPerSecond)
        side.ourOptionsRatios.push(ceilingOurs.requestsPerSecond / ceiling.requestsPerSecond)
      }
      for (const side of order) {
        const floor = await rawPgCreateFloor({
          connectionString: side.databaseUrl,
          virtualLoginId: side.floorLoginId,
          durationS: RUN_S,
          connections: CONNECTIONS,
          runId: `${round}`,
        })
        const httpFloor = await loadTest({
          ...createOrderLoad(side.httpFloorUrl, side.floorLoginId, `ab-floor-${side.name}-${round}`),
          url: side.httpFloorUrl,
          durationS: RUN_S,
          connections: CONNECTIONS,
        })
        const created = await loadTest(side.create)
        side.failed += created.failed + httpFloor.failed
        side.created.push(created.requestsPerSecond)
        side.createRatios.push(created.requestsPerSecond / floor.transactionsPerSecond)
        side.createHttpRatios.push(created.requestsPerSecond / httpFloor.requestsPerSecond)
      }
    }
  } finally {
    for (const side of sides) await side.server.stop()
    for (const bare of bares) bare.child.kill('SIGTERM')
    rmSync(payloadDir, { recursive: true, force: true })
  }
  const fmt = (values: number[], digits: number) => {
    const s = spread(values)
    return `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)}`
  }
  // Each round's runs are seconds apart: this tree's ratio over the baseline's, round by round, is the least noisy.
  const [base, ours] = sides
  const overBaseline = (pick: (side: Side) => number[]) => pick(ours).map((value, round) => value / pick(base)[round])
  console.log(`## Issue 21 API targets, ${ROUNDS} rounds of ${RUN_S} s runs, PostgreSQL (min / median / max)\n`)
  console.log(
    markdownTable(
      [
        'tree',
        'failed',
        '/healthz ÷ ceiling',
        'order page ÷ ceiling (≥ 0.6)',
        'order page ÷ same-bytes ceiling',
        'ceiling with our options ÷ ceiling',
        'create req/s',
        'create ÷ raw-`pg` floor',
        'create ÷ HTTP floor (≥ 0.6)',
      ],
      sides.map((side) => [
        side.name,
        side.failed,
        fmt(side.healthz, 2),
        fmt(side.pageRatios, 2),
        fmt(side.pageSameBytesRatios, 2),
        fmt(side.ourOptionsRatios, 2),
        fmt(side.created, 0),
        fmt(side.createRatios, 2),
        fmt(side.createHttpRatios, 2),
      ]),
    ),
  )
  console.log('\nThis tree ÷ the baseline, round by round (min / median / max):\n')
  console.log(
    markdownTable(
      ['/healthz ÷ ceiling', 'order page ÷ ceiling', 'create ÷ raw-`pg` floor', 'create ÷ HTTP floor'],
      [
        [
          fmt(
            overBaseline((side) => side.healthz),
            2,
          ),
          fmt(
            overBaseline((side) => side.pageRatios),
            2,
          ),
          fmt(
            overBaseline((side) => side.createRatios),
            2,
          ),
          fmt(
            overBaseline((side) => side.createHttpRatios),
            2,
          ),
        ],
      ],
    ),
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
