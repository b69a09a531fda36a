import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { RechargeAttempt } from '../../../../types/api/admin'
import { rowsOf, type Db, type Executor } from '../../db/database'
import { preparedOnExecutor } from '../../db/prepared'
import { rechargeAttempts } from '../../db/schema'

// The supplier's side of an order, attempt by attempt (docs/api.md § Refunds and deliveries). An attempt is marked
// `submitting` under the order's row lock before the supplier is called, so whoever holds that lock next knows
// whether the supplier may have the recharge.

export type RechargeAttemptRow = typeof rechargeAttempts.$inferSelect

export const RechargeAttemptOutcome = {
  /** Marked before the call: the supplier may or may not have it (a crash or timeout leaves it so). */
  Submitting: 'submitting',
  /** The supplier refused it: it does not have the recharge. */
  Unavailable: 'unavailable',
  /** The supplier took it: its result will come. */
  Accepted: 'accepted',
  Succeeded: 'succeeded',
  Failed: 'failed',
} as const satisfies Record<string, RechargeAttempt['outcome']>

/** Submitting or accepted without a result: the supplier may still deliver. */
export const isAttemptInFlight = (attempt: Pick<RechargeAttemptRow, 'outcome'>): boolean =>
  attempt.outcome === RechargeAttemptOutcome.Submitting || attempt.outcome === RechargeAttemptOutcome.Accepted

// Every paid order reads its latest attempt (issue 21): built once per database.
const latestStatement = preparedOnExecutor((executor) =>
  executor
    .select()
    .from(rechargeAttempts)
    .where(eq(rechargeAttempts.orderId, sql.placeholder('orderId')))
    .orderBy(desc(rechargeAttempts.attemptNo))
    .limit(1)
    .prepare('recharge_attempt_latest'),
)

/** The order's latest attempt, if any: only it can be in flight, since a new one starts only when none is. */
export async function latestAttempt(executor: Executor, orderId: string): Promise<RechargeAttemptRow | undefined> {
  const [latest] = await latestStatement(executor).execute({ orderId })
  return latest
}

/** The attempt the supplier may still deliver on (submitting or accepted without a result), if any. */
export async function attemptInFlight(executor: Executor, orderId: string): Promise<RechargeAttemptRow | null> {
  const latest = await latestAttempt(executor, orderId)
  return latest && isAttemptInFlight(latest) ? latest : null
}

/**
 * The attempt a submission makes, in one statement (issue 21); call with the order row locked (by an earlier
 * statement of the transaction, so this one reads the attempts as they are now). With nothing in flight and
 * `mayStart`, a new attempt marked `submitting`; one a crashed run left `submitting` is made again (the supplier
 * dedupes on our order number); otherwise none. `alongside(attempt)` is a data-modifying CTE over the chosen attempt
 * (the CTE `attempt`, its `attempt_no`), written with it or not at all.
 */
export async function startOrResumeAttempt(
  executor: Executor,
  orderId: string,
  mayStart: boolean,
  now: Date,
  alongside: (attempt: SQL) => SQL,
): Promise<Pick<RechargeAttemptRow, 'orderId' | 'attemptNo'> | null> {
  const [row] = rowsOf<{ attempt_no: number }>(
    await executor.execute(sql`
      with latest as (
        select attempt_no, outcome from ${rechargeAttempts} where order_id = ${orderId}::uuid
        order by attempt_no desc limit 1
      ),
      started as (
        insert into ${rechargeAttempts} (order_id, attempt_no, outcome, start_time)
        select ${orderId}::uuid, coalesce((select attempt_no from latest), 0) + 1, ${RechargeAttemptOutcome.Submitting},
          ${now}::timestamptz
        where ${mayStart}::boolean and not exists (select 1 from latest where outcome in (${RechargeAttemptOutcome.Submitting}, ${RechargeAttemptOutcome.Accepted}))
        returning attempt_no
      ),
      attempt as (
        select attempt_no from started
        union all
        select attempt_no from latest where outcome = ${RechargeAttemptOutcome.Submitting}
      ),
      alongside as (${alongside(sql`attempt`)})
      select attempt_no from attempt`),
  )
  return row ? { orderId, attemptNo: Number(row.attempt_no) } : null
}

/**
 * The supplier took the submission: the attempt becomes accepted, unless a result overtook the answer (then it is
 * not undone). A query to run beside the order's own write (acceptSubmission in orderWrites.ts).
 */
export function acceptAttempt(db: Db) {
  return db
    .update(rechargeAttempts)
    .set({ outcome: RechargeAttemptOutcome.Accepted, supplierOrderNo: sql`${sql.placeholder('supplierOrderNo')}` })
    .where(
      and(
        eq(rechargeAttempts.orderId, sql.placeholder('orderId')),
        eq(rechargeAttempts.attemptNo, sql.placeholder('attemptNo')),
        eq(rechargeAttempts.outcome, RechargeAttemptOutcome.Submitting),
      ),
    )
    .returning({ attemptNo: rechargeAttempts.attemptNo })
}

/** The supplier refused the submission: it does not have the recharge. */
export async function refuseSubmission(
  executor: Executor,
  attempt: Pick<RechargeAttemptRow, 'orderId' | 'attemptNo'>,
  reason: string,
  now: Date,
): Promise<void> {
  await executor
    .update(rechargeAttempts)
    .set({ outcome: RechargeAttemptOutcome.Unavailable, reason, finishTime: now })
    .where(
      and(
        eq(rechargeAttempts.orderId, attempt.orderId),
        eq(rechargeAttempts.attemptNo, attempt.attemptNo),
        // A result that overtook the submission's answer is not undone.
        eq(rechargeAttempts.outcome, RechargeAttemptOutcome.Submitting),
      ),
    )
}

/**
 * The supplier's final word settles the attempt in flight. A result with no attempt in flight (an order from before
 * attempts were recorded, or a second, different word) is recorded as an attempt of its own, so nothing is lost; a
 * repeat of the word the latest attempt already records changes nothing. One statement (issue 21); call with the
 * order row locked by an earlier statement, so it reads the attempts as they are now.
 */
export async function recordRechargeResult(
  executor: Executor,
  orderId: string,
  result: { success: boolean; supplierOrderNo: string; reason: string | null },
  now: Date,
): Promise<void> {
  const outcome = result.success ? RechargeAttemptOutcome.Succeeded : RechargeAttemptOutcome.Failed
  const inFlight = sql`outcome in (${RechargeAttemptOutcome.Submitting}, ${RechargeAttemptOutcome.Accepted})`
  await executor.execute(sql`
    with latest as (
      select attempt_no, outcome, supplier_order_no from ${rechargeAttempts} where order_id = ${orderId}::uuid
      order by attempt_no desc limit 1
    ),
    -- The same word again (a callback repeated because our acknowledgement was lost) is already recorded.
    repeated as (select 1 from latest where outcome = ${outcome} and supplier_order_no = ${result.supplierOrderNo}),
    settled as (
      update ${rechargeAttempts}
      set outcome = ${outcome}, supplier_order_no = ${result.supplierOrderNo}, reason = ${result.reason}::text,
        finish_time = ${now}::timestamptz
      where order_id = ${orderId}::uuid and attempt_no = (select attempt_no from latest where ${inFlight})
    )
    insert into ${rechargeAttempts} (order_id, attempt_no, outcome, supplier_order_no, reason, start_time, finish_time)
    select ${orderId}::uuid, coalesce((select attempt_no from latest), 0) + 1, ${outcome}, ${result.supplierOrderNo},
      ${result.reason}::text, ${now}::timestamptz, ${now}::timestamptz
    where not exists (select 1 from repeated) and not exists (select 1 from latest where ${inFlight})`)
}

/** Every attempt of these orders, oldest first: the operator's view of the supplier. */
export async function attemptsOfOrders(
  executor: Executor,
  orderIds: readonly string[],
): Promise<Map<string, RechargeAttemptRow[]>> {
  const byOrder = new Map<string, RechargeAttemptRow[]>(orderIds.map((id) => [id, []]))
  if (orderIds.length === 0) return byOrder
  const rows = await executor
    .select()
    .from(rechargeAttempts)
    .where(inArray(rechargeAttempts.orderId, [...orderIds]))
    .orderBy(asc(rechargeAttempts.orderId), asc(rechargeAttempts.attemptNo))
  for (const row of rows) byOrder.get(row.orderId)?.push(row)
  return byOrder
}
