import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { and, asc, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../clock'
import type { JobsConfig } from '../config'
import type { Db, Executor } from '../db/database'
import { preparedOnExecutor, preparedPerDb } from '../db/prepared'
import { jobs } from '../db/schema'
import { mapLimited } from './mapLimited'

// Durable work as rows of `jobs` (docs/server.md § Jobs): enqueued inside the caller's transaction, claimed with
// FOR UPDATE SKIP LOCKED under a lease, retried with capped exponential back-off, at least once — so every
// handler re-checks its order under a row lock and does nothing when the work is already done.

export type JobRow = typeof jobs.$inferSelect

export interface JobContext {
  job: JobRow
  log: FastifyBaseLogger
}

export interface JobDefinition<P> {
  kind: string
  handle(payload: P, context: JobContext): Promise<void>
  /** Defaults to the configured JOBS_MAX_ATTEMPTS. */
  maxAttempts?: number
  /**
   * Among due jobs, higher runs first (default 0; JobPriority). Equal priorities run oldest first. A burst of
   * background work (notifications, reminders) then never stands between a paid order and its recharge.
   */
  priority?: number
  /** Runs once when the last attempt failed: leave the order in a state an operator (or the user) can see. */
  onExhausted?(payload: P, context: JobContext, error: unknown): Promise<void>
  /**
   * Several due jobs of this kind at once, with set-based statements (issue 21): a worker claims up to `size` of
   * them in one go. Answers each job's fate in the jobs' order: done, `alone` (it did not move as the batch expected
   * — another worker, a refund racing — so its own `handle` decides, as if it had been claimed alone) or its error
   * (retried as `handle`'s would be). A batch that throws sends every one of its jobs to `handle`: one bad row never
   * fails its neighbours.
   */
  batch?: { size: number; handle(jobs: BatchJob<P>[], log: FastifyBaseLogger): Promise<BatchOutcome[]> }
}

/** One job of a batch: its payload and its row. */
export interface BatchJob<P> {
  payload: P
  job: JobRow
}

/** What became of one job of a batch (JobDefinition.batch). */
export type BatchOutcome = 'done' | 'alone' | { error: unknown }

export interface EnqueueOptions {
  runAt?: Date
  /** At most one job ever per key; a second enqueue with the same key is a no-op. */
  dedupeKey?: string
  maxAttempts?: number
}

/** The priorities the server's own kinds use (docs/server.md § Jobs). */
export const JobPriority = {
  /** Background work nobody waits on: notifications, reminders, expiring unpaid orders, the supplier query. */
  background: 0,
  /** The sandbox payment provider's notification: ahead of background work, behind orders already paid. */
  sandboxProvider: 10,
  /** A paid order waiting on us: its recharge, the supplier's answer, its money back. */
  paidOrder: 20,
} as const

export interface JobCounts {
  pending: number
  running: number
  done: number
  failed: number
}

/** The exponential back-off after `attempt` failures, capped, with ±20 % jitter so retries spread out. */
export function backoffMs(
  attempt: number,
  config: Pick<JobsConfig, 'backoffBaseMs' | 'backoffCapMs'>,
  random = Math.random,
) {
  const exponential = Math.min(config.backoffCapMs, config.backoffBaseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exponential * (0.8 + 0.4 * random()))
}

// The queue's hot statements (each paid order passes through three jobs: enqueue, claim, settle each), built once
// per database (docs/server.md § Jobs): building them per call was a large share of a burst's CPU (issue 21).
const nowParam = sql.placeholder('now')
/** A due job's priority rises by one level per this many seconds of waiting (JobPriority's levels are 10 apart). */
const PRIORITY_AGING_S = 60

/** How many jobs a batch left alone run at once in its one worker slot (runBatchOf). */
export const ALONE_AT_ONCE = 4

const enqueueStatement = preparedOnExecutor((executor) =>
  executor
    .insert(jobs)
    .values({
      kind: sql.placeholder('kind'),
      payload: sql.placeholder('payload'),
      status: 'pending',
      runAt: sql.placeholder('runAt'),
      priority: sql.placeholder('priority'),
      maxAttempts: sql.placeholder('maxAttempts'),
      dedupeKey: sql.placeholder('dedupeKey'),
      creationTime: nowParam,
      updatedTime: nowParam,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .prepare('job_enqueue'),
)

const queueStatements = preparedPerDb((db: Db) => {
  // Due jobs (and jobs whose lease ran out: their worker died) of the kinds this worker knows, the highest priority
  // first, then the oldest. A due job gains a level per minute it has waited, so a backlog of paid orders delays
  // background work (the supplier query that learns a lost result, an expiry) by minutes, never for ever.
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        sql`${jobs.kind} = any(${sql.placeholder('kinds')}::text[])`,
        or(
          and(eq(jobs.status, 'pending'), lte(jobs.runAt, nowParam)),
          and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, nowParam)),
        ),
      ),
    )
    .orderBy(
      desc(
        sql`${jobs.priority} + floor(extract(epoch from (${nowParam}::timestamptz - ${jobs.runAt})) / ${PRIORITY_AGING_S})`,
      ),
      asc(jobs.runAt),
    )
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true })
  return {
    claim: db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: sql`${sql.placeholder('workerId')}`,
        lockedUntil: sql`${sql.placeholder('lockedUntil')}`,
        updatedTime: sql`${nowParam}`,
      })
      .where(inArray(jobs.id, due))
      .returning()
      .prepare('job_claim'),
    // Every job that finished while the previous settle was on its way, in one statement. Only the holder of each
    // claim may settle it (the same id and attempt, still locked by this worker): a worker whose lease ran out finds
    // the row taken over, and the other rows of its batch are settled all the same.
    done: db
      .update(jobs)
      .set({
        status: 'done',
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
        updatedTime: sql`${nowParam}`,
        finishedTime: sql`${nowParam}`,
      })
      .where(
        and(
          eq(jobs.lockedBy, sql.placeholder('workerId')),
          sql`(${jobs.id}, ${jobs.attempts}) in (select * from unnest(${sql.placeholder('ids')}::bigint[], ${sql.placeholder('attempts')}::int[]))`,
        ),
      )
      .prepare('job_done_batch'),
  }
})

/** A finished job waiting for its settle statement, and whoever waits for it to be written. */
interface Settling {
  id: number
  attempts: number
  written(): void
  refused(error: unknown): void
}

export class JobQueue {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private readonly definitions = new Map<string, JobDefinition<never>>()
  /** Claimed jobs until settled (stop() waits for them). */
  private readonly inFlight = new Map<number, Promise<void>>()
  /** Jobs whose handler is running: the loop's slots (a job waiting for its `done` to be written holds none). */
  private busy = 0
  private loop: Promise<void> | null = null
  private stopping = false
  private wake: (() => void) | null = null
  /** A wake-up that came while the loop was busy (claiming): its next sleep returns at once. */
  private wakePending = false
  private dueTimer: ReturnType<typeof setTimeout> | null = null
  private dueAt: number | null = null
  /** Finished jobs whose `done` is not written yet, and whether a settle statement is on its way now. */
  private toSettle: Settling[] = []
  private settling = false

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: JobsConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  define<P>(definition: JobDefinition<P>): void {
    if (this.definitions.has(definition.kind)) throw new Error(`Job kind ${definition.kind} defined twice`)
    this.definitions.set(definition.kind, definition as JobDefinition<never>)
  }

  /** Adds a job in the caller's transaction: it exists exactly when the change that needs it commits. */
  async enqueue(executor: Executor, kind: string, payload: object, options: EnqueueOptions = {}): Promise<void> {
    const row = this.jobRow(kind, options)
    await enqueueStatement(executor).execute({ ...row, payload, dedupeKey: options.dedupeKey ?? null })
    this.enqueued(options)
  }

  /**
   * `enqueue` as a data-modifying CTE of the caller's own statement (`with … , job as (${enqueueFrom(…)}) select …`):
   * one job per row of `from` (e.g. `sql\`recharge where submit_count > 1\``), its payload and dedupe key SQL over
   * that row. The job then exists exactly when the statement's change does, without a transaction around two
   * statements (issue 21). Call `enqueued(options)` after the statement (it wakes the loop for a job due soon).
   */
  enqueueFrom(
    kind: string,
    from: SQL,
    payload: SQL,
    options: Omit<EnqueueOptions, 'dedupeKey'> & { dedupeKey?: SQL } = {},
  ): SQL {
    const row = this.jobRow(kind, options)
    return sql`insert into ${jobs} (kind, payload, status, run_at, priority, max_attempts, dedupe_key, creation_time, updated_time)
      select ${row.kind}::text, ${payload}, 'pending', ${row.runAt}::timestamptz, ${row.priority}::int, ${row.maxAttempts}::int,
        ${options.dedupeKey ?? null}::text, ${row.now}::timestamptz, ${row.now}::timestamptz
      from ${from}
      on conflict (dedupe_key) do nothing`
  }

  /**
   * Marks claimed jobs done in the caller's transaction, so they end exactly when the change that makes them
   * pointless commits: whoever takes the same lock next sees them ended, never `running` with nothing left to do. The
   * claim's lock columns stay for the worker's own settle (a failure after this still retries the job).
   */
  async doneIn(executor: Executor, rows: readonly Pick<JobRow, 'id'>[]): Promise<void> {
    if (rows.length === 0) return
    const now = this.clock.now()
    await executor
      .update(jobs)
      .set({ status: 'done', lastError: null, updatedTime: now, finishedTime: now })
      .where(
        and(
          inArray(
            jobs.id,
            rows.map((row) => row.id),
          ),
          eq(jobs.status, 'running'),
        ),
      )
  }

  /**
   * Whether a job of one of these dedupe keys is still to run or running (a chain of retries under way), in the
   * caller's transaction; one waiting for its back-off is made due now. A job ends itself with `doneIn` under the
   * lock its caller holds here, so `running` means it has yet to look, or found work it is doing.
   */
  async hastenLive(executor: Executor, dedupeKeys: readonly string[]): Promise<boolean> {
    const now = this.clock.now()
    const ofKeys = inArray(jobs.dedupeKey, [...dedupeKeys])
    await executor
      .update(jobs)
      .set({ runAt: now, updatedTime: now })
      .where(and(ofKeys, eq(jobs.status, 'pending'), gt(jobs.runAt, now)))
    const [live] = await executor
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(ofKeys, inArray(jobs.status, ['pending', 'running'])))
      .limit(1)
    return live !== undefined
  }

  /** After an enqueue: a job this instance made due before the next poll wakes the loop then. */
  enqueued(options: Pick<EnqueueOptions, 'runAt'>): void {
    if (options.runAt && options.runAt > this.clock.now()) this.wakeAt(options.runAt)
  }

  /** The columns of a new job of `kind`: its definition's priority, the attempts it gets. */
  private jobRow(kind: string, options: Pick<EnqueueOptions, 'runAt' | 'maxAttempts'>) {
    const definition = this.definitions.get(kind)
    if (!definition) throw new Error(`Unknown job kind ${kind}`)
    const now = this.clock.now()
    return {
      kind,
      runAt: options.runAt ?? now,
      priority: definition.priority ?? JobPriority.background,
      maxAttempts: options.maxAttempts ?? definition.maxAttempts ?? this.config.maxAttempts,
      now,
    }
  }

  /** Asks the loop to look for work now instead of at its next poll (call after the enqueuing commit). */
  kick(): void {
    this.signal()
  }

  /** Wakes the sleeping loop, or makes its next sleep return at once if it is busy now. */
  private signal(): void {
    if (this.wake) this.wake()
    else this.wakePending = true
  }

  /**
   * Claims due jobs (and jobs whose lease ran out: their worker died) of the kinds this worker knows, so an
   * instance running older code never takes work it cannot do; the highest priority first, then the oldest.
   */
  private async claim(limit: number, kinds = [...this.definitions.keys()]): Promise<JobRow[]> {
    const now = this.clock.now()
    return queueStatements(this.db).claim.execute({
      kinds,
      limit,
      workerId: this.workerId,
      lockedUntil: new Date(now.getTime() + this.config.leaseMs),
      now,
    })
  }

  /** Runs a claimed job's handler and settles the job; `handled` is told once the handler has ended, either way. */
  private async run(job: JobRow, handled: () => void = () => undefined): Promise<void> {
    const definition = this.definitions.get(job.kind)
    try {
      if (!definition) throw new Error(`No handler for job kind ${job.kind}`)
      try {
        await definition.handle(job.payload as never, this.contextOf(job))
      } finally {
        handled()
      }
      await this.settleDone(job)
    } catch (error) {
      if (!definition) handled()
      await this.fail(job, error)
    }
  }

  private contextOf(job: JobRow): JobContext {
    return { job, log: this.log.child({ jobId: job.id, jobKind: job.kind, attempt: job.attempts }) }
  }

  /** A job's handler failed: again later with back-off, or for the last time (then its onExhausted runs). */
  private async fail(job: JobRow, error: unknown): Promise<void> {
    const definition = this.definitions.get(job.kind)
    const context = this.contextOf(job)
    const { log } = context
    // Only the holder of this claim may settle it: a worker whose lease ran out finds the row taken over.
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId), eq(jobs.attempts, job.attempts))
    const message = error instanceof Error ? error.message : String(error)
    const now = this.clock.now()
    if (job.attempts < job.maxAttempts) {
      const runAt = new Date(now.getTime() + backoffMs(job.attempts, this.config))
      log.warn({ err: error, retryAt: runAt.toISOString() }, 'job failed, will retry')
      await this.db
        .update(jobs)
        .set({ status: 'pending', runAt, lockedBy: null, lockedUntil: null, lastError: message, updatedTime: now })
        .where(mine)
      return
    }
    log.error({ err: error }, 'job failed for the last time')
    await this.db
      .update(jobs)
      .set({
        status: 'failed',
        lockedBy: null,
        lockedUntil: null,
        lastError: message,
        updatedTime: now,
        finishedTime: now,
      })
      .where(mine)
    if (definition?.onExhausted) {
      await definition.onExhausted(job.payload as never, context, error).catch((hookError: unknown) => {
        log.error({ err: hookError }, 'job exhaustion handler failed')
      })
    }
  }

  /**
   * Runs a batch of claimed jobs of one kind (JobDefinition.batch) and settles each by its outcome; the jobs left
   * `alone` (or all of them, when the batch threw) run by their own handler. `handled` is told once all have run.
   */
  private async runBatchOf(
    definition: JobDefinition<never>,
    rows: JobRow[],
    handled: () => void = () => undefined,
  ): Promise<void> {
    const batch = definition.batch!
    let outcomes: BatchOutcome[]
    try {
      outcomes = await batch.handle(
        rows.map((job) => ({ job, payload: job.payload as never })),
        this.log.child({ jobKind: definition.kind, batch: rows.length }),
      )
      if (outcomes.length !== rows.length) throw new Error(`batch answered ${outcomes.length} of ${rows.length} jobs`)
    } catch (error) {
      this.log.warn({ err: error, jobKind: definition.kind, batch: rows.length }, 'job batch failed, each job alone')
      outcomes = rows.map(() => 'alone')
    }
    try {
      const alone = rows.filter((_, n) => outcomes[n] === 'alone')
      await Promise.all([
        ...rows.map((job, n) => {
          const outcome = outcomes[n]
          if (outcome === 'done') return this.settleDone(job).catch((error: unknown) => this.fail(job, error))
          if (outcome === 'alone') return undefined
          return this.fail(job, outcome.error)
        }),
        // The unit holds one worker slot, and the pool is sized for the slots: its jobs alone (all of them, when the
        // batch threw) take a few transactions at once, not a batch's worth.
        mapLimited(alone, ALONE_AT_ONCE, (job) => this.run(job)),
      ])
    } finally {
      handled()
    }
  }

  /**
   * Claimed jobs as units of work, one worker slot each: a job alone, or every claimed job of a batch kind together,
   * topped up to the kind's batch size when the claim took all it asked for (more is due).
   */
  private async unitsOf(claimed: JobRow[], limit: number): Promise<JobRow[][]> {
    const units: JobRow[][] = []
    const batches = new Map<string, JobRow[]>()
    for (const job of claimed) {
      const batch = this.batchSizeOf(job.kind) > 1
      if (!batch) {
        units.push([job])
        continue
      }
      const rows = batches.get(job.kind)
      if (rows) rows.push(job)
      else batches.set(job.kind, [job])
    }
    for (const [kind, rows] of batches) {
      const size = this.batchSizeOf(kind)
      if (claimed.length === limit && rows.length < size && !this.stopping) {
        // The rows already claimed run whatever becomes of the top-up: left unstarted they would stay `running` until
        // their lease ran out.
        rows.push(
          ...(await this.claim(size - rows.length, [kind]).catch((error: unknown) => {
            this.log.warn({ err: error, jobKind: kind }, 'job batch top-up claim failed, running the rows claimed')
            return []
          })),
        )
      }
      // A claim returns its rows in no particular order: a batch goes oldest first, as jobs one by one would.
      units.push(rows.sort((a, b) => a.id - b.id))
    }
    return units
  }

  /** How many due jobs of `kind` run together: 1 for a kind without a batch handler, or with batching off. */
  private batchSizeOf(kind: string): number {
    const batch = this.definitions.get(kind)?.batch
    return batch ? Math.min(batch.size, this.config.batchSize ?? batch.size) : 1
  }

  /** Starts a unit of claimed jobs (unitsOf); settles its jobs itself. */
  private runUnit(unit: JobRow[], handled?: () => void): Promise<void> {
    const definition = this.definitions.get(unit[0].kind)
    if (definition?.batch && unit.length > 1) return this.runBatchOf(definition, unit, handled)
    return this.run(unit[0], handled)
  }

  /**
   * Marks a finished job done. The first one goes at once; those finishing while it is on its way wait for it and go
   * together in the next statement: one settle per batch instead of one per job under load (issue 21), no wait when
   * idle. run() waits for it (drain and stop() see the job settled); the loop's slot is free before (launch).
   */
  private settleDone(job: JobRow): Promise<void> {
    return new Promise<void>((written, refused) => {
      this.toSettle.push({ id: job.id, attempts: job.attempts, written, refused })
      this.flushSettled()
    })
  }

  private flushSettled(): void {
    if (this.settling || this.toSettle.length === 0) return
    const batch = this.toSettle
    this.toSettle = []
    this.settling = true
    queueStatements(this.db)
      .done.execute({
        ids: batch.map((job) => job.id),
        attempts: batch.map((job) => job.attempts),
        workerId: this.workerId,
        now: this.clock.now(),
      })
      .then(
        () => batch.forEach((job) => job.written()),
        // Each job's run() treats it as its handler's failure would be treated: retried (at least once).
        (error: unknown) => batch.forEach((job) => job.refused(error)),
      )
      .finally(() => {
        this.settling = false
        this.flushSettled()
      })
  }

  private async runBatch(limit: number): Promise<number> {
    const units = await this.unitsOf(await this.claim(limit), limit)
    await Promise.all(
      units.map((unit) => {
        const running = this.runUnit(unit).finally(() => unit.forEach((job) => this.inFlight.delete(job.id)))
        unit.forEach((job) => this.inFlight.set(job.id, running))
        return running
      }),
    )
    return units.reduce((total, unit) => total + unit.length, 0)
  }

  /** Runs every due job, and the jobs they enqueue, until none is due (tests, with the worker loop off). */
  async drain(maxRounds = 100): Promise<number> {
    let total = 0
    for (let round = 0; round < maxRounds; round++) {
      const count = await this.runBatch(this.config.concurrency)
      if (count === 0) return total
      total += count
    }
    throw new Error(`Jobs still due after ${maxRounds} rounds`)
  }

  /**
   * Starts the worker loop; jobs left by a previous process (pending, or running with an expired lease) resume. The
   * loop claims continuously: a slot freed by a finished job is refilled at once instead of after the whole batch, and
   * it sleeps only when nothing is due — until a kick, a job it knows falls due, a finished job (its handler may have
   * enqueued work without a kick), or the poll (other instances' work).
   */
  start(): void {
    if (this.loop) return
    this.stopping = false
    this.loop = (async () => {
      while (!this.stopping) {
        const free = this.config.concurrency - this.busy
        let claimed = 0
        if (free > 0) {
          try {
            const rows = await this.claim(free)
            const units = await this.unitsOf(rows, free)
            // stop() came while claiming: these go back to the queue instead of starting after stop() returned.
            if (this.stopping) {
              await this.release(units.flat().map((row) => row.id))
              break
            }
            this.launch(units)
            claimed = rows.length
          } catch (error) {
            this.log.error({ err: error }, 'job loop error')
          }
        }
        if (this.stopping) break
        // Every free slot filled and one already free again: more may be due, claim at once.
        if (free > 0 && claimed === free && this.busy < this.config.concurrency) continue
        await this.sleep()
      }
    })()
  }

  /**
   * Starts claimed jobs without waiting for them. A job's slot is free again as soon as its handler ends, not when its
   * `done` is written: settles are batched, one on its way at a time (settleDone), and a slot held through that wait
   * would idle a worker for a round trip per job under load.
   */
  private launch(units: JobRow[][]): void {
    for (const unit of units) {
      this.busy++
      let freed = false
      const handled = () => {
        if (freed) return
        freed = true
        this.busy--
        // A slot is free: refill it (the job may have enqueued work, and more may be due).
        this.signal()
      }
      const running = this.runUnit(unit, handled)
        // A unit settles its own jobs; it rejects only when the database refused that too: logged, never unhandled.
        .catch((error: unknown) =>
          this.log.error({ err: error, jobIds: unit.map((job) => job.id) }, 'job could not be settled'),
        )
        .finally(() => {
          unit.forEach((job) => this.inFlight.delete(job.id))
          handled()
        })
      unit.forEach((job) => this.inFlight.set(job.id, running))
    }
  }

  private sleep(): Promise<void> {
    if (this.wakePending) {
      this.wakePending = false
      return Promise.resolve()
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null
        resolve()
      }, this.config.pollMs)
      this.wake = () => {
        clearTimeout(timer)
        this.wake = null
        resolve()
      }
    })
  }

  /**
   * Wakes the loop when a job this instance enqueued falls due before the next poll would find it (e.g. the sandbox
   * supplier's callback 100 ms on); later ones the poll finds anyway. Earliest only.
   */
  private wakeAt(runAt: Date): void {
    const delay = runAt.getTime() - this.clock.now().getTime()
    if (delay <= 0 || delay >= this.config.pollMs) return
    if (this.dueTimer && this.dueAt !== null && this.dueAt <= runAt.getTime()) return
    if (this.dueTimer) clearTimeout(this.dueTimer)
    this.dueAt = runAt.getTime()
    this.armDueTimer(delay)
  }

  /**
   * A timer counts from the event loop's cached time, which may be some milliseconds older than the clock: it can
   * fire before the job is due by the clock the claim compares with, find nothing, and leave the job to the poll.
   * Early, it waits the rest.
   */
  private armDueTimer(delay: number): void {
    this.dueTimer = setTimeout(() => {
      const left = this.dueAt === null ? 0 : this.dueAt - this.clock.now().getTime()
      if (left > 0) return this.armDueTimer(left)
      this.dueTimer = null
      this.dueAt = null
      this.signal()
    }, delay)
    this.dueTimer.unref?.()
  }

  /**
   * Stops claiming, waits up to `graceMs` for running jobs, then hands back the unfinished ones (pending again,
   * the attempt not counted) so another worker or the next start takes them at once.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true
    if (this.dueTimer) clearTimeout(this.dueTimer)
    this.dueTimer = null
    this.dueAt = null
    this.wake?.()
    const loop = this.loop
    this.loop = null
    const deadline = new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref())
    // The loop first: a claim in progress either starts nothing or hands its jobs back; then what is running.
    const timedOut = await Promise.race([
      Promise.allSettled([loop])
        .then(() => Promise.allSettled([...this.inFlight.values()]))
        .then(() => false),
      deadline,
    ])
    if (timedOut && this.inFlight.size > 0) {
      await this.release([...this.inFlight.keys()])
      this.log.warn({ released: [...this.inFlight.keys()] }, 'released unfinished jobs on shutdown')
    }
  }

  /** Hands claimed jobs of this worker back: pending again now, the attempt not counted. */
  private async release(ids: number[]): Promise<void> {
    if (ids.length === 0) return
    const now = this.clock.now()
    await this.db
      .update(jobs)
      .set({
        status: 'pending',
        attempts: sql`${jobs.attempts} - 1`,
        lockedBy: null,
        lockedUntil: null,
        runAt: now,
        updatedTime: now,
      })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, this.workerId), eq(jobs.status, 'running')))
  }

  async counts(): Promise<JobCounts> {
    const rows = await this.db
      .select({ status: jobs.status, count: sql<number>`count(*)::int` })
      .from(jobs)
      .groupBy(jobs.status)
    const counts: JobCounts = { pending: 0, running: 0, done: 0, failed: 0 }
    for (const row of rows) counts[row.status as keyof JobCounts] = Number(row.count)
    return counts
  }

  async listFailed(limit = 100): Promise<JobRow[]> {
    return this.db.select().from(jobs).where(eq(jobs.status, 'failed')).orderBy(asc(jobs.updatedTime)).limit(limit)
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id))
    return row !== undefined
  }

  /** Puts a failed job back in the queue with a fresh set of attempts, in the caller's transaction (kick after it). */
  async retry(executor: Executor, id: number): Promise<JobRow | null> {
    const now = this.clock.now()
    const [row] = await executor
      .update(jobs)
      .set({ status: 'pending', attempts: 0, runAt: now, lastError: null, finishedTime: null, updatedTime: now })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
      .returning()
    return row ?? null
  }
}
