import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import { rowsOf, type Db } from '../db/database'
import { sandboxRecharges } from '../db/schema'
import { JobPriority, type JobQueue } from '../jobs/jobQueue'
import { sandboxAccountLookup } from './sandboxAccountLookup'
import { sandboxRechargeScript } from './sandboxAccounts'
import { SupplierUnavailableError, type RechargeResult, type SupplierProvider } from './supplier'

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
}

export function createSandboxSupplier(deps: SandboxSupplierDeps): SupplierProvider {
  const { db, clock, jobs } = deps

  jobs.define<RechargeResult>({
    kind: SUPPLIER_CALLBACK_JOB,
    // A real supplier's callback is a request, not a job behind ours: it completes a paid order (docs/server.md Jobs).
    priority: JobPriority.paidOrder,
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

  return {
    sandbox: true,
    async submit(request) {
      const script = sandboxRechargeScript(request.account)
      const now = clock.now()
      const runAt = new Date(now.getTime() + deps.delayMs)
      // Whether it is ever accepted: an account refused for ever has no count past which it is (Infinity).
      const accepts = Number.isFinite(script.unavailableTimes)
      // One statement (issue 21): the submission counted (it survives a refusal), and once past the account's
      // refusals its callback queued, atomically without a transaction around them.
      const [row] = rowsOf<{ supplier_order_no: string; submit_count: number }>(
        await db.execute(sql`
          with recharge as (
            insert into ${sandboxRecharges} (order_no, supplier_order_no, account, submit_count, creation_time)
            values (${request.orderNo}, ${`SUP${randomBytes(6).toString('hex').toUpperCase()}`}, ${request.account}, 1, ${now}::timestamptz)
            on conflict (order_no) do update set submit_count = ${sandboxRecharges}.submit_count + 1
            returning order_no, supplier_order_no, submit_count
          ),
          callback as (${jobs.enqueueFrom(
            SUPPLIER_CALLBACK_JOB,
            sql`recharge where ${accepts}::boolean and submit_count > ${accepts ? script.unavailableTimes : 0}::int`,
            sql`jsonb_build_object('orderNo', order_no, 'supplierOrderNo', supplier_order_no, 'success', ${!script.fails}::boolean, 'reason', ${script.fails ? 'Sandbox account: the supplier could not recharge this account' : null}::text)`,
            { runAt, dedupeKey: sql`${`${SUPPLIER_CALLBACK_JOB}:${request.orderNo}`}` },
          )})
          select supplier_order_no, submit_count from recharge`),
      )
      if (row.submit_count <= script.unavailableTimes) {
        throw new SupplierUnavailableError(`sandbox supplier unavailable (submission ${row.submit_count})`)
      }
      jobs.enqueued({ runAt })
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
