import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db/database'
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
      // The submission count must survive a refusal, so the transaction returns the verdict instead of throwing.
      const outcome = await db.transaction(async (tx) => {
        await tx
          .insert(sandboxRecharges)
          .values({
            orderNo: request.orderNo,
            supplierOrderNo: `SUP${randomBytes(6).toString('hex').toUpperCase()}`,
            account: request.account,
            creationTime: now,
          })
          .onConflictDoNothing()
        const [row] = await tx
          .update(sandboxRecharges)
          .set({ submitCount: sql`${sandboxRecharges.submitCount} + 1` })
          .where(eq(sandboxRecharges.orderNo, request.orderNo))
          .returning()
        if (row.submitCount <= script.unavailableTimes) return { unavailable: row.submitCount }
        const result: RechargeResult = {
          orderNo: request.orderNo,
          supplierOrderNo: row.supplierOrderNo,
          success: !script.fails,
          reason: script.fails ? 'Sandbox account: the supplier could not recharge this account' : null,
        }
        await jobs.enqueue(tx, SUPPLIER_CALLBACK_JOB, result, {
          runAt: new Date(now.getTime() + deps.delayMs),
          dedupeKey: `${SUPPLIER_CALLBACK_JOB}:${request.orderNo}`,
        })
        return { supplierOrderNo: row.supplierOrderNo }
      })
      if ('unavailable' in outcome) {
        throw new SupplierUnavailableError(`sandbox supplier unavailable (submission ${outcome.unavailable})`)
      }
      return outcome
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
