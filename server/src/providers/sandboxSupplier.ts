import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import { rowsOf, type Db } from '../db/database'
import { sandboxRecharges } from '../db/schema'
import { JobPriority, type JobQueue } from '../jobs/jobQueue'
import { sandboxAccountLookup } from './sandboxAccountLookup'
import { sandboxRechargeScript } from './sandboxAccounts'
import { GroupCommit } from '../jobs/groupCommit'
import { SupplierUnavailableError, type RechargeRequest, type RechargeResult, type SupplierProvider } from './supplier'
import { SANDBOX_SUPPLIER_FAILED_REASON, sandboxSupplierUnavailableReason } from '@domain/supplierResult'

// Sandbox recharge supplier: accepts a recharge, then reports the result after a delay through a durable job
// (its "callback"), as a real supplier calls back minutes later.

export const SUPPLIER_CALLBACK_JOB = 'sandbox.supplierCallback'

export interface SandboxSupplierDeps {
  db: Db
  clock: Clock
  jobs: JobQueue
  delayMs: number
  /** Where results go: the fulfilment service. */
  onResult(result: RechargeResult): Promise<void>
  /**
   * Where results go when several callbacks are due at once (issue 21): per result, `done` or `alone` (then it goes
   * to onResult by itself). Without it each callback goes alone.
   */
  onResults?(results: RechargeResult[]): Promise<('done' | 'alone')[]>
}

/** At most this many callbacks of the sandbox supplier are delivered together. */
const CALLBACK_BATCH_SIZE = 50

export function createSandboxSupplier(deps: SandboxSupplierDeps): SupplierProvider {
  const { db, clock, jobs } = deps

  /** Its decision stands once its callback first goes out (see handle), here for the callbacks of a batch. */
  async function decided(results: RechargeResult[]): Promise<void> {
    if (results.length === 0) return
    await db.execute(sql`
      update ${sandboxRecharges} r set status = case when i.success then 'succeeded' else 'failed' end,
        reason = i.reason, finish_time = ${clock.now()}::timestamptz
      from unnest(${sql.param(results.map((r) => r.orderNo))}::text[], ${sql.param(results.map((r) => r.success))}::boolean[],
        ${sql.param(results.map((r) => r.reason))}::text[]) as i(order_no, success, reason)
      where r.order_no = i.order_no and r.status = 'processing'`)
  }

  const onResults = deps.onResults
  jobs.define<RechargeResult>({
    kind: SUPPLIER_CALLBACK_JOB,
    // A real supplier's callback is a request, not a job behind ours: it completes a paid order (docs/server.md Jobs).
    priority: JobPriority.paidOrder,
    // Callbacks due together (a burst's) are delivered together; those the batch leaves alone go one by one.
    batch: onResults && {
      size: CALLBACK_BATCH_SIZE,
      async handle(batch) {
        const results = batch.map((job) => job.payload)
        const outcomes = await onResults(results)
        const done = results.filter((_, n) => outcomes[n] === 'done')
        try {
          await decided(done)
        } catch (error) {
          return outcomes.map((outcome) => (outcome === 'done' ? { error } : outcome))
        }
        return outcomes
      },
    },
    async handle(result) {
      try {
        await deps.onResult(result)
      } finally {
        // The supplier's decision stands once its callback first goes out, whether or not we acknowledged it: its
        // order query answers it from then on. Written after the callback so the callback's timing against the
        // submit job's retries stays what it was (server/test/refundRaces.test.ts relies on it).
        await db
          .update(sandboxRecharges)
          .set({ status: result.success ? 'succeeded' : 'failed', reason: result.reason, finishTime: clock.now() })
          .where(and(eq(sandboxRecharges.orderNo, result.orderNo), eq(sandboxRecharges.status, 'processing')))
      }
    },
  })

  /** A submission as the sandbox supplier takes it: the columns of its ledger row and of the callback it queues. */
  function submissionRow(request: RechargeRequest) {
    const script = sandboxRechargeScript(request.account)
    // Whether it is ever accepted: an account refused for ever has no count past which it is (Infinity).
    const accepts = Number.isFinite(script.unavailableTimes)
    return {
      orderNo: request.orderNo,
      supplierOrderNo: `SUP${randomBytes(6).toString('hex').toUpperCase()}`,
      account: request.account,
      accepts,
      unavailableTimes: accepts ? script.unavailableTimes : 0,
      success: !script.fails,
      reason: script.fails ? SANDBOX_SUPPLIER_FAILED_REASON : null,
    }
  }

  type Submitted = { order_no: string; supplier_order_no: string; submit_count: number }

  /**
   * The submissions arriving together, in one statement (GroupCommit, issue 21): each counted (it survives a refusal),
   * and once past its account's refusals its callback queued, atomically without a transaction around them.
   */
  async function submitMany(requests: RechargeRequest[]): Promise<Submitted[]> {
    const rows = requests.map(submissionRow)
    const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick))
    const now = clock.now()
    const submitted = rowsOf<Submitted>(
      await db.execute(sql`
        with input as (
          select * from unnest(${column((r) => r.orderNo)}::text[], ${column((r) => r.supplierOrderNo)}::text[],
            ${column((r) => r.account)}::text[], ${column((r) => r.accepts)}::boolean[],
            ${column((r) => r.unavailableTimes)}::int[], ${column((r) => r.success)}::boolean[],
            ${column((r) => r.reason)}::text[])
            as i(order_no, supplier_order_no, account, accepts, unavailable_times, success, reason)
        ),
        recharge as (
          insert into ${sandboxRecharges} (order_no, supplier_order_no, account, submit_count, creation_time)
          select order_no, supplier_order_no, account, 1, ${now}::timestamptz from input
          on conflict (order_no) do update set submit_count = ${sandboxRecharges}.submit_count + 1
          returning order_no, supplier_order_no, submit_count
        ),
        callback as (${jobs.enqueueFrom(
          SUPPLIER_CALLBACK_JOB,
          sql`recharge join input using (order_no) where accepts and submit_count > unavailable_times`,
          sql`jsonb_build_object('orderNo', order_no, 'supplierOrderNo', recharge.supplier_order_no, 'success', success, 'reason', reason)`,
          {
            runAt: new Date(now.getTime() + deps.delayMs),
            dedupeKey: sql`${`${SUPPLIER_CALLBACK_JOB}:`}::text || order_no`,
          },
        )})
        select order_no, supplier_order_no, submit_count from recharge`),
    )
    const byOrderNo = new Map(submitted.map((row) => [row.order_no, row]))
    return requests.map((request) => byOrderNo.get(request.orderNo)!)
  }

  /** One submission by itself: when its group could not be written (e.g. the same order twice in it). */
  const submitAlone = async (request: RechargeRequest) => (await submitMany([request]))[0]

  const submissions = new GroupCommit(submitMany)

  return {
    sandbox: true,
    async submit(request) {
      const script = sandboxRechargeScript(request.account)
      const row = await submissions.add(request).catch(() => submitAlone(request))
      if (row.submit_count <= script.unavailableTimes) {
        throw new SupplierUnavailableError(sandboxSupplierUnavailableReason(row.submit_count))
      }
      jobs.enqueued({ runAt: new Date(clock.now().getTime() + deps.delayMs) })
      return { supplierOrderNo: row.supplier_order_no }
    },

    async query(orderNo) {
      const [row] = await db.select().from(sandboxRecharges).where(eq(sandboxRecharges.orderNo, orderNo))
      // Refused every time so far (submitCount within the account's unavailable times): it never took the recharge.
      if (!row || row.submitCount <= sandboxRechargeScript(row.account).unavailableTimes) return { status: 'notFound' }
      const status = row.status as 'processing' | 'succeeded' | 'failed'
      return { status, supplierOrderNo: row.supplierOrderNo, reason: row.reason, finishedAt: row.finishTime }
    },

    async lookupAccount(request) {
      return sandboxAccountLookup(request.account)
    },
  }
}
