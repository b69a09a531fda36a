import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { RechargeAttempt } from '@contract/admin'
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

/** One order of a batch of submissions: its locked row's id and number, and whether a new attempt may start. */
export interface AttemptRequest {
  orderId: string
  orderNo: string
  mayStart: boolean
}

/**
 * `startOrResumeAttempt` for many orders in one statement (issue 21: a batch of submissions), each by the same rule;
 * call with the orders row-locked by an earlier statement. `alongside(attempt)` is a data-modifying CTE over the
 * chosen attempts (the CTE `attempt`: `order_id`, `order_no`, `attempt_no`). The attempt chosen per order id.
 */
export async function startOrResumeAttempts(
  executor: Executor,
  requests: readonly AttemptRequest[],
  now: Date,
  alongside: (attempt: SQL) => SQL,
): Promise<Map<string, Pick<RechargeAttemptRow, 'orderId' | 'attemptNo'>>> {
  const chosen = new Map<string, Pick<RechargeAttemptRow, 'orderId' | 'attemptNo'>>()
  if (requests.length === 0) return chosen
  const { Submitting, Accepted } = RechargeAttemptOutcome
  const rows = rowsOf<{ order_id: string; attempt_no: number }>(
    await executor.execute(sql`
      with input as (
        select * from unnest(${sql.param(requests.map((r) => r.orderId))}::uuid[], ${sql.param(requests.map((r) => r.orderNo))}::text[],
          ${sql.param(requests.map((r) => r.mayStart))}::boolean[]) as i(order_id, order_no, may_start)
      ),
      latest as (
        select distinct on (a.order_id) a.order_id, a.attempt_no, a.outcome
        from ${rechargeAttempts} a join input using (order_id)
        order by a.order_id, a.attempt_no desc
      ),
      started as (
        insert into ${rechargeAttempts} (order_id, attempt_no, outcome, start_time)
        select i.order_id, coalesce(l.attempt_no, 0) + 1, ${Submitting}, ${now}::timestamptz
        from input i left join latest l using (order_id)
        where i.may_start and coalesce(l.outcome not in (${Submitting}, ${Accepted}), true)
        returning order_id, attempt_no
      ),
      attempt as (
        select order_id, order_no, attempt_no from started join input using (order_id)
        union all
        select order_id, order_no, attempt_no from latest join input using (order_id) where outcome = ${Submitting}
      ),
      alongside as (${alongside(sql`attempt`)})
      select order_id, attempt_no from attempt`),
  )
  for (const row of rows) chosen.set(row.order_id, { orderId: row.order_id, attemptNo: Number(row.attempt_no) })
  return chosen
}

/**
 * `recordRechargeResult` for many orders in one statement (issue 21: a batch of the supplier's results), each by the
 * same rule; call with the orders row-locked by an earlier statement.
 */
export async function recordRechargeResults(
  executor: Executor,
  results: readonly { orderId: string; success: boolean; supplierOrderNo: string; reason: string | null }[],
  now: Date,
): Promise<void> {
  if (results.length === 0) return
  const { Submitting, Accepted, Succeeded, Failed } = RechargeAttemptOutcome
  const inFlight = (alias: SQL) => sql`${alias}.outcome in (${Submitting}, ${Accepted})`
  await executor.execute(sql`
    with input as (
      select * from unnest(${sql.param(results.map((r) => r.orderId))}::uuid[],
        ${sql.param(results.map((r) => (r.success ? Succeeded : Failed)))}::text[], ${sql.param(results.map((r) => r.supplierOrderNo))}::text[],
        ${sql.param(results.map((r) => r.reason))}::text[]) as i(order_id, outcome, supplier_order_no, reason)
    ),
    latest as (
      select distinct on (a.order_id) a.order_id, a.attempt_no, a.outcome, a.supplier_order_no
      from ${rechargeAttempts} a join input using (order_id)
      order by a.order_id, a.attempt_no desc
    ),
    settled as (
      update ${rechargeAttempts} a
      set outcome = i.outcome, supplier_order_no = i.supplier_order_no, reason = i.reason, finish_time = ${now}::timestamptz
      from input i join latest l using (order_id)
      where a.order_id = i.order_id and a.attempt_no = l.attempt_no and ${inFlight(sql`l`)}
    )
    insert into ${rechargeAttempts} (order_id, attempt_no, outcome, supplier_order_no, reason, start_time, finish_time)
    select i.order_id, coalesce(l.attempt_no, 0) + 1, i.outcome, i.supplier_order_no, i.reason, ${now}::timestamptz,
      ${now}::timestamptz
    from input i left join latest l using (order_id)
    -- The same word again is already recorded; a word for an attempt in flight settled it above.
    where not coalesce(l.outcome = i.outcome and l.supplier_order_no = i.supplier_order_no, false)
      and not coalesce(${inFlight(sql`l`)}, false)`)
}
