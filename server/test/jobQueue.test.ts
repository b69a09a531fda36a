import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, test } from 'node:test'
import { eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { loadConfig, type JobsConfig } from '../src/config'
import { jobs } from '../src/db/schema'
import { ALONE_AT_ONCE, backoffMs, JobPriority, JobQueue, type JobRow } from '../src/jobs/jobQueue'
import { ManualClock } from './support/manualClock'
import { openTestDatabase, type TestDatabase } from './support/testDatabase'
import { waitFor } from './support/waitFor'

const silent = { child: () => silent, info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger
const config: JobsConfig = {
  enabled: false,
  pollMs: 10,
  concurrency: 4,
  leaseMs: 10_000,
  maxAttempts: 3,
  backoffBaseMs: 1000,
  backoffCapMs: 4000,
}

let database: TestDatabase
let clock: ManualClock
before(async () => {
  database = await openTestDatabase()
})
after(() => database.dispose())
beforeEach(() => {
  clock = new ManualClock()
})

function queue(): JobQueue {
  return new JobQueue(database.db, clock, config, silent)
}

async function jobRow(id: number): Promise<JobRow> {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id))
  return row
}

async function lastJob(kind: string): Promise<JobRow> {
  const rows = await database.db.select().from(jobs).where(eq(jobs.kind, kind))
  return rows.sort((a, b) => b.id - a.id)[0]
}

describe('job queue', () => {
  test('a job exists exactly when the enqueuing transaction commits', async () => {
    const q = queue()
    q.define({ kind: 'tx.test', handle: async () => undefined })
    await assert.rejects(() =>
      database.db.transaction(async (tx) => {
        await q.enqueue(tx, 'tx.test', { n: 1 })
        throw new Error('rolled back')
      }),
    )
    assert.equal((await database.db.select().from(jobs).where(eq(jobs.kind, 'tx.test'))).length, 0)
    await database.db.transaction((tx) => q.enqueue(tx, 'tx.test', { n: 2 }))
    assert.deepEqual((await lastJob('tx.test')).payload, { n: 2 })
    assert.equal(await q.drain(), 1)
    assert.equal((await lastJob('tx.test')).status, 'done')
  })

  test('runs at its time, not before', async () => {
    const q = queue()
    const ran: number[] = []
    q.define<{ n: number }>({ kind: 'later', handle: async ({ n }) => void ran.push(n) })
    await q.enqueue(database.db, 'later', { n: 1 }, { runAt: new Date(clock.now().getTime() + 5000) })
    assert.equal(await q.drain(), 0)
    clock.advance(5000)
    assert.equal(await q.drain(), 1)
    assert.deepEqual(ran, [1])
  })

  test('failures retry with capped exponential back-off, then fail once with the exhaustion hook', async () => {
    const q = queue()
    let runs = 0
    const exhausted: unknown[] = []
    q.define<{ n: number }>({
      kind: 'flaky',
      handle: async () => {
        runs++
        throw new Error(`failure ${runs}`)
      },
      onExhausted: async (payload) => void exhausted.push(payload),
    })
    await q.enqueue(database.db, 'flaky', { n: 7 })
    await q.drain()
    const first = await lastJob('flaky')
    assert.deepEqual([first.status, first.attempts, first.lastError], ['pending', 1, 'failure 1'])
    const delay = first.runAt.getTime() - clock.now().getTime()
    assert.ok(delay >= 800 && delay <= 1200, `first back-off ${delay}`)
    clock.advance(delay - 1)
    assert.equal(await q.drain(), 0)
    clock.advance(1)
    await q.drain()
    const second = await lastJob('flaky')
    const secondDelay = second.runAt.getTime() - clock.now().getTime()
    assert.ok(secondDelay >= 1600 && secondDelay <= 2400, `second back-off ${secondDelay}`)
    clock.advance(secondDelay)
    await q.drain()
    const last = await lastJob('flaky')
    assert.deepEqual([last.status, last.attempts, runs], ['failed', 3, 3])
    assert.deepEqual(exhausted, [{ n: 7 }])
    clock.advance(60_000)
    assert.equal(await q.drain(), 0)
  })

  test('back-off doubles up to the cap', () => {
    const noJitter = () => 0.5
    assert.deepEqual(
      [1, 2, 3, 4, 5].map((attempt) => backoffMs(attempt, config, noJitter)),
      [1000, 2000, 4000, 4000, 4000],
    )
  })

  test('a dedupe key admits one job', async () => {
    const q = queue()
    q.define({ kind: 'once', handle: async () => undefined })
    await q.enqueue(database.db, 'once', { a: 1 }, { dedupeKey: 'once:1' })
    await q.enqueue(database.db, 'once', { a: 2 }, { dedupeKey: 'once:1' })
    const rows = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'once:1'))
    assert.deepEqual(
      rows.map((row) => row.payload),
      [{ a: 1 }],
    )
  })

  test('a job ended in its handler’s transaction is done when that commits; a failure after it still retries', async () => {
    const q = queue()
    let fail = true
    let seenRunning: boolean | undefined
    q.define({
      kind: 'ends.itself',
      handle: async (_payload, { job }) => {
        await database.db.transaction((tx) => q.doneIn(tx, [job]))
        seenRunning = await q.hastenLive(database.db, ['ends.itself:1'])
        if (fail) throw new Error('after the end')
      },
    })
    await q.enqueue(database.db, 'ends.itself', {}, { dedupeKey: 'ends.itself:1' })
    await q.drain()
    // Between its own end and the queue's settle, whoever looks sees it ended; the failure after still counts.
    assert.equal(seenRunning, false)
    const failed = await lastJob('ends.itself')
    assert.deepEqual([failed.status, failed.attempts], ['pending', 1])
    fail = false
    assert.equal(await q.hastenLive(database.db, ['ends.itself:1']), true)
    assert.equal((await lastJob('ends.itself')).runAt.getTime(), clock.now().getTime(), 'made due now')
    await q.drain()
    assert.deepEqual(
      [(await lastJob('ends.itself')).status, await q.hastenLive(database.db, ['ends.itself:1'])],
      ['done', false],
    )
  })

  test('a job whose worker died is claimed again once its lease runs out; the late worker cannot settle it', async () => {
    const a = queue()
    const b = queue()
    let release: () => void = () => undefined
    const runs: string[] = []
    for (const [q, name] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      q.define({
        kind: 'slow',
        handle: async () => {
          runs.push(name)
          if (name === 'a') await new Promise<void>((resolve) => (release = resolve))
        },
      })
    }
    await a.enqueue(database.db, 'slow', {})
    const aRunning = a.drain()
    await waitFor('worker a to start the job', () => runs.includes('a'))
    const job = await lastJob('slow')
    assert.deepEqual([job.status, job.lockedBy], ['running', a.workerId])
    assert.equal(await b.drain(), 0, 'a running job with a live lease is not taken')
    clock.advance(config.leaseMs)
    assert.equal(await b.drain(), 1)
    assert.deepEqual([(await jobRow(job.id)).status, (await jobRow(job.id)).attempts], ['done', 2])
    release()
    await aRunning
    const settled = await jobRow(job.id)
    assert.deepEqual([settled.status, settled.lockedBy, runs], ['done', null, ['a', 'b']])
  })

  test('stop() hands a job still running after the grace period back to the queue', async () => {
    const a = queue()
    const b = queue()
    let startedOnA = false
    a.define({
      kind: 'hang',
      handle: () => {
        startedOnA = true
        return new Promise<void>(() => undefined)
      },
    })
    let ranOnB = 0
    b.define({ kind: 'hang', handle: async () => void ranOnB++ })
    await a.enqueue(database.db, 'hang', {})
    void a.drain()
    await waitFor('worker a to start the job', () => startedOnA)
    await a.stop(50)
    const job = await lastJob('hang')
    assert.deepEqual([job.status, job.lockedBy, job.attempts], ['pending', null, 0])
    assert.equal(await b.drain(), 1)
    assert.equal(ranOnB, 1)
  })

  test('among due jobs a higher priority runs first, older background work after it', async () => {
    // One slot: the order the jobs are claimed in is the order they run in.
    const q = new JobQueue(database.db, clock, { ...config, concurrency: 1 }, silent)
    const ran: string[] = []
    q.define<{ n: number }>({ kind: 'prio.background', handle: async ({ n }) => void ran.push(`background ${n}`) })
    q.define<{ n: number }>({
      kind: 'prio.paid',
      priority: JobPriority.paidOrder,
      handle: async ({ n }) => void ran.push(`paid ${n}`),
    })
    const earlier = new Date(clock.now().getTime() - 60_000)
    for (let n = 0; n < 3; n++) await q.enqueue(database.db, 'prio.background', { n }, { runAt: earlier })
    await q.enqueue(database.db, 'prio.paid', { n: 0 })
    await q.enqueue(database.db, 'prio.paid', { n: 1 })
    assert.equal((await lastJob('prio.paid')).priority, JobPriority.paidOrder)
    assert.equal(await q.drain(), 5)
    assert.deepEqual(ran, ['paid 0', 'paid 1', 'background 0', 'background 1', 'background 2'])
  })

  test('background work waiting long enough goes before fresh paid-order work: a backlog delays it, never starves it', async () => {
    const q = new JobQueue(database.db, clock, { ...config, concurrency: 1 }, silent)
    const ran: string[] = []
    q.define({ kind: 'aging.background', handle: async () => void ran.push('background') })
    q.define<{ n: number }>({
      kind: 'aging.paid',
      priority: JobPriority.paidOrder,
      handle: async ({ n }) => void ran.push(`paid ${n}`),
    })
    // Due 30 minutes ago: 30 levels gained, past the paid orders' 20.
    await q.enqueue(database.db, 'aging.background', {}, { runAt: new Date(clock.now().getTime() - 30 * 60_000) })
    for (let n = 0; n < 2; n++) await q.enqueue(database.db, 'aging.paid', { n })
    assert.equal(await q.drain(), 3)
    assert.deepEqual(ran, ['background', 'paid 0', 'paid 1'])
  })

  test('two workers draining together run each job exactly once', async () => {
    const a = queue()
    const b = queue()
    const runs = new Map<number, number>()
    for (const q of [a, b]) {
      q.define<{ n: number }>({
        kind: 'many',
        handle: async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1)
          await new Promise((resolve) => setTimeout(resolve, 1))
        },
      })
    }
    for (let n = 0; n < 60; n++) await a.enqueue(database.db, 'many', { n })
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()])
    assert.equal(runs.size, 60)
    assert.ok([...runs.values()].every((count) => count === 1))
    const left = await database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.status, ['pending', 'running']))
    assert.equal(left.filter((row) => row.kind === 'many').length, 0)
  })

  test('jobs that finish together are settled in one statement, not one each; a taken-over one is left to its new holder', async () => {
    // Every statement sent to the database, by its text (the prepared statements run on the database's own client).
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
    const sent: string[] = []
    const query = client.query
    client.query = function (this: unknown, ...args: unknown[]) {
      const [text] = args as [string | { text: string }]
      sent.push(typeof text === 'string' ? text : text.text)
      return query.apply(this, args)
    }
    const a = new JobQueue(database.db, clock, { ...config, concurrency: 6 }, silent)
    const b = queue()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const started = new Set<number>()
    a.define<{ n: number }>({
      kind: 'together',
      handle: async ({ n }) => {
        started.add(n)
        await gate
      },
    })
    b.define<{ n: number }>({ kind: 'together', handle: async () => undefined })
    try {
      for (let n = 0; n < 6; n++) await a.enqueue(database.db, 'together', { n })
      const draining = a.drain()
      await waitFor('all six to start', () => started.size === 6)
      // One of them outlives its lease and another worker finishes it meanwhile.
      const [takenOver] = (await database.db.select().from(jobs).where(eq(jobs.kind, 'together'))).sort(
        (x, y) => x.id - y.id,
      )
      await database.db
        .update(jobs)
        .set({ lockedUntil: new Date(clock.now().getTime() - 1) })
        .where(eq(jobs.id, takenOver.id))
      assert.equal(await b.drain(), 1)
      sent.length = 0
      release()
      await draining
      const settles = sent.filter((text) => /^update "jobs" set "status" = \$1, "locked_by" = \$2/.test(text.trim()))
      assert.ok(settles.length <= 2, `six jobs settled by ${settles.length} statements`)
      const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'together'))
      assert.deepEqual(
        rows.map((row) => row.status),
        rows.map(() => 'done'),
      )
      const again = rows.find((row) => row.id === takenOver.id)
      assert.deepEqual([again?.attempts, again?.lastError], [2, null], 'settled once, by the worker that took it over')
    } finally {
      client.query = query
    }
  })

  test('a worker whose job is waiting for its settle to be written starts the next job meanwhile', async () => {
    // The settle statement is held until the second job has run: only a slot freed when the handler ends allows it.
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
    const query = client.query
    let openSettles!: () => void
    const settlesHeld = new Promise<void>((resolve) => (openSettles = resolve))
    client.query = function (this: unknown, ...args: unknown[]) {
      const [text] = args as [string | { text: string }]
      const settle = /unnest/.test(typeof text === 'string' ? text : text.text)
      return settle ? settlesHeld.then(() => query.apply(this, args)) : query.apply(this, args)
    }
    const q = new JobQueue(database.db, clock, { ...config, concurrency: 1, pollMs: 3_600_000 }, silent)
    const ran: number[] = []
    q.define<{ n: number }>({ kind: 'held', handle: async ({ n }) => void ran.push(n) })
    try {
      for (let n = 0; n < 2; n++) await q.enqueue(database.db, 'held', { n })
      q.start()
      q.kick()
      await waitFor('both jobs to run while the first settle is held', () => ran.length === 2)
    } finally {
      openSettles()
      client.query = query
      await q.stop()
    }
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'held'))
    assert.deepEqual(
      rows.map((row) => row.status),
      ['done', 'done'],
    )
  })

  test('the worker loop picks up work by itself and stops cleanly', async () => {
    const q = queue()
    let ran = 0
    q.define({ kind: 'loop', handle: async () => void ran++ })
    q.start()
    await q.enqueue(database.db, 'loop', {})
    q.kick()
    await waitFor('the loop to run the job', () => ran > 0)
    await q.stop()
    assert.equal(ran, 1)
  })

  test('a slot a finished job frees is refilled at once, while a slow job of the same claim still runs', async () => {
    // The poll is an hour away: only continuous claiming can run the quick jobs while the slow one holds its slot.
    const q = new JobQueue(database.db, clock, { ...config, concurrency: 2, pollMs: 3_600_000 }, silent)
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const quick: number[] = []
    q.define({ kind: 'slot.slow', handle: () => gate })
    q.define<{ n: number }>({ kind: 'slot.quick', handle: async ({ n }) => void quick.push(n) })
    await q.enqueue(database.db, 'slot.slow', {}, { runAt: new Date(clock.now().getTime() - 1000) })
    for (let n = 0; n < 6; n++) await q.enqueue(database.db, 'slot.quick', { n })
    q.start()
    try {
      await waitFor('every quick job to run beside the slow one', () => quick.length === 6)
      assert.equal((await lastJob('slot.slow')).status, 'running')
    } finally {
      release()
      await q.stop()
    }
    assert.equal((await lastJob('slot.slow')).status, 'done')
  })

  test('a job this worker enqueued for shortly later runs when it falls due, not at the next poll', async () => {
    const realClock = { now: () => new Date() }
    const q = new JobQueue(database.db, realClock, { ...config, pollMs: 3_600_000 }, silent)
    let ranAt = 0
    q.define({ kind: 'due.soon', handle: async () => void (ranAt = Date.now()) })
    q.start()
    const runAt = new Date(Date.now() + 100)
    try {
      await q.enqueue(database.db, 'due.soon', {}, { runAt })
      await waitFor('the job to run when due', () => ranAt > 0)
    } finally {
      await q.stop()
    }
    assert.ok(ranAt >= runAt.getTime(), 'not before its time')
  })

  test('a wake-up timer that fires before the clock says the job is due waits the rest, not the next poll', async () => {
    // Timers count from the event loop's cached time, which can be behind the clock: here the clock falls 60 ms
    // behind after the enqueue, so the timer fires while the claim (by the clock) still finds nothing due.
    let lag = 0
    const laggingClock = { now: () => new Date(Date.now() - lag) }
    const q = new JobQueue(database.db, laggingClock, { ...config, pollMs: 3_600_000 }, silent)
    let ranAt = 0
    q.define({ kind: 'due.lagging', handle: async () => void (ranAt = laggingClock.now().getTime()) })
    q.start()
    const runAt = new Date(Date.now() + 100)
    try {
      await q.enqueue(database.db, 'due.lagging', {}, { runAt })
      lag = 60
      await waitFor('the job to run when the clock says it is due', () => ranAt > 0)
    } finally {
      await q.stop()
    }
    assert.ok(ranAt >= runAt.getTime(), 'not before its time by the clock')
  })
})

describe('job worker count', () => {
  const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv
  const pg = 'postgres://life_pay@db.internal/life_pay'

  test('on PostgreSQL it is half the pool by default, the other half left to requests', () => {
    assert.equal(loadConfig(env({ DATABASE_URL: pg })).databasePoolMax, 10)
    assert.equal(loadConfig(env({ DATABASE_URL: pg })).jobs.concurrency, 5)
    assert.equal(loadConfig(env({ DATABASE_URL: pg, DATABASE_POOL_MAX: '24' })).jobs.concurrency, 12)
    assert.equal(loadConfig(env({ DATABASE_URL: pg, JOBS_CONCURRENCY: '3' })).jobs.concurrency, 3)
  })

  test('on PGlite (one connection) it stays 4 unless set', () => {
    assert.equal(loadConfig(env({})).jobs.concurrency, 4)
    assert.equal(loadConfig(env({ JOBS_CONCURRENCY: '2' })).jobs.concurrency, 2)
  })
})

describe('jobs in batches (issue 21)', () => {
  /** A batch kind whose batch answers each job by its payload's `outcome`; records what ran how. */
  function batchKind(q: JobQueue, kind: string, batchThrows = false) {
    const ran = { batches: [] as number[][], alone: [] as number[] }
    q.define<{ n: number; outcome: 'done' | 'alone' | 'error' }>({
      kind,
      batch: {
        size: 10,
        async handle(batch) {
          ran.batches.push(batch.map(({ payload }) => payload.n))
          if (batchThrows) throw new Error('the batch statement failed')
          return batch.map(({ payload }) =>
            payload.outcome === 'error' ? { error: new Error(`row ${payload.n} refused`) } : payload.outcome,
          )
        },
      },
      async handle({ n }) {
        ran.alone.push(n)
      },
    })
    return ran
  }

  const statusOf = async (kind: string) =>
    (await database.db.select().from(jobs).where(eq(jobs.kind, kind)))
      .sort((a, b) => a.id - b.id)
      .map((job) => [(job.payload as { n: number }).n, job.status, job.lastError])

  test('one claim takes up to the batch size; each job is settled by its own outcome, a failing row alone', async () => {
    const q = new JobQueue(database.db, clock, { ...config, concurrency: 1 }, silent)
    const ran = batchKind(q, 'batch.outcomes')
    const outcomes = ['done', 'error', 'alone', 'done', 'done', 'done', 'done', 'done', 'done', 'done', 'done', 'done']
    for (const [n, outcome] of outcomes.entries()) await q.enqueue(database.db, 'batch.outcomes', { n, outcome })
    assert.equal(await q.drain(), 12)
    // One job claimed (the worker's one slot), the claim topped up to the batch size; the rest in a second batch.
    assert.deepEqual(ran.batches, [
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      [10, 11],
    ])
    assert.deepEqual(ran.alone, [2], 'the job the batch left alone ran by its own handler')
    const rows = await statusOf('batch.outcomes')
    assert.deepEqual(rows[1], [1, 'pending', 'row 1 refused'], 'the failing row is retried, by itself')
    assert.deepEqual(
      rows.filter((row) => row[0] !== 1).map((row) => row[1]),
      Array(11).fill('done'),
      'its neighbours are done',
    )
    clock.advance(backoffMs(1, config, () => 1))
    assert.equal(await q.drain(), 1)
    assert.deepEqual(ran.alone, [2, 1], 'retried like any job (alone: nothing else is due)')
    assert.equal((await jobRow(Number((await lastJob('batch.outcomes')).id) - 10)).status, 'done')
  })

  test('a batch that throws sends each of its jobs to its own handler', async () => {
    const q = queue()
    const ran = batchKind(q, 'batch.throws', true)
    for (const n of [1, 2, 3]) await q.enqueue(database.db, 'batch.throws', { n, outcome: 'done' })
    assert.equal(await q.drain(), 3)
    assert.deepEqual(ran.batches, [[1, 2, 3]])
    assert.deepEqual(
      ran.alone.sort((a, b) => a - b),
      [1, 2, 3],
    )
    assert.deepEqual(
      (await statusOf('batch.throws')).map((row) => row[1]),
      ['done', 'done', 'done'],
    )
  })

  for (const batchThrows of [false, true]) {
    test(`jobs a batch leaves alone (${batchThrows ? 'it threw' : 'each answered alone'}) run ${ALONE_AT_ONCE} at once in its one slot`, async () => {
      const q = new JobQueue(database.db, clock, { ...config, concurrency: 1 }, silent)
      const kind = `batch.alone.${batchThrows}`
      let running = 0
      let most = 0
      const ran: number[] = []
      q.define<{ n: number }>({
        kind,
        batch: {
          size: 10,
          handle: async (batch) => (batchThrows ? Promise.reject(new Error('no')) : batch.map(() => 'alone')),
        },
        async handle({ n }) {
          running++
          most = Math.max(most, running)
          // Yields a few turns, so every job the unit would start at once has started before this one ends.
          for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
          ran.push(n)
          running--
        },
      })
      for (let n = 0; n < 10; n++) await q.enqueue(database.db, kind, { n })
      assert.equal(await q.drain(), 10)
      assert.equal(ran.length, 10)
      assert.equal(most, ALONE_AT_ONCE, 'the pool is sized for the worker slots, not for a batch of transactions')
      assert.deepEqual(
        (await statusOf(kind)).map((row) => row[1]),
        Array(10).fill('done'),
      )
    })
  }

  test('a top-up claim that fails: the rows the first claim took still run, none left running', async () => {
    const q = new JobQueue(database.db, clock, { ...config, concurrency: 1 }, silent)
    const ran = batchKind(q, 'batch.topup')
    for (const n of [1, 2, 3]) await q.enqueue(database.db, 'batch.topup', { n, outcome: 'done' })
    const claims = q as unknown as { claim(...args: unknown[]): Promise<JobRow[]> }
    const claim = claims.claim.bind(q)
    let calls = 0
    claims.claim = (...args) => (++calls === 2 ? Promise.reject(new Error('the top-up claim failed')) : claim(...args))
    assert.equal(await q.drain(), 3)
    assert.deepEqual(ran.alone, [1], 'the row the first claim took ran (a unit of one, by its own handler)')
    assert.deepEqual(ran.batches, [[2, 3]], 'the rest in the next claim')
    assert.deepEqual(
      (await statusOf('batch.topup')).map((row) => row[1]),
      ['done', 'done', 'done'],
    )
  })

  test('JOBS_BATCH_SIZE=1 runs every job alone', async () => {
    const q = new JobQueue(database.db, clock, { ...config, batchSize: 1 }, silent)
    const ran = batchKind(q, 'batch.off')
    for (const n of [1, 2, 3]) await q.enqueue(database.db, 'batch.off', { n, outcome: 'done' })
    assert.equal(await q.drain(), 3)
    assert.deepEqual(ran.batches, [])
    assert.equal(ran.alone.length, 3)
    assert.equal(loadConfig({ JOBS_BATCH_SIZE: '1' } as NodeJS.ProcessEnv).jobs.batchSize, 1)
    assert.equal(loadConfig({} as NodeJS.ProcessEnv).jobs.batchSize, 50)
  })
})
