import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { RechargeAttempt } from '../../../../types/api/admin'
import type { Db, Executor } from '../../db/database'
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

// Every paid order reads its latest attempt twice and starts one (issue 21): built once per database.
const latestStatement = preparedOnExecutor((executor) =>
  executor
    .select()
    .from(rechargeAttempts)
    .where(eq(rechargeAttempts.orderId, sql.placeholder('orderId')))
    .orderBy(desc(rechargeAttempts.attemptNo))
    .limit(1)
    .prepare('recharge_attempt_latest'),
)

const startStatement = preparedOnExecutor((executor) =>
  executor
    .insert(rechargeAttempts)
    .values({
      orderId: sql.placeholder('orderId'),
      attemptNo: sql.placeholder('attemptNo'),
      outcome: RechargeAttemptOutcome.Submitting,
      startTime: sql.placeholder('now'),
    })
    .returning()
    .prepare('recharge_attempt_start'),
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

async function nextAttemptNo(executor: Executor, orderId: string): Promise<number> {
  return ((await latestAttempt(executor, orderId))?.attemptNo ?? 0) + 1
}

/**
 * Marks a new attempt `submitting`, after `latest` (the order's latest attempt, read under the lock: not read again);
 * call with the order row locked and no attempt in flight.
 */
export async function startAttempt(
  executor: Executor,
  orderId: string,
  latest: Pick<RechargeAttemptRow, 'attemptNo'> | undefined,
  now: Date,
): Promise<RechargeAttemptRow> {
  const [attempt] = await startStatement(executor).execute({ orderId, attemptNo: (latest?.attemptNo ?? 0) + 1, now })
  return attempt
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
 * repeat of the word the latest attempt already records changes nothing.
 */
export async function recordRechargeResult(
  executor: Executor,
  orderId: string,
  result: { success: boolean; supplierOrderNo: string; reason: string | null },
  now: Date,
): Promise<void> {
  const outcome = result.success ? RechargeAttemptOutcome.Succeeded : RechargeAttemptOutcome.Failed
  const settled = { outcome, supplierOrderNo: result.supplierOrderNo, reason: result.reason, finishTime: now }
  const latest = await latestAttempt(executor, orderId)
  // The same word again (a callback repeated because our acknowledgement was lost) is already recorded.
  if (latest && latest.outcome === outcome && latest.supplierOrderNo === result.supplierOrderNo) return
  const open = latest && isAttemptInFlight(latest) ? latest : null
  if (open) {
    await executor
      .update(rechargeAttempts)
      .set(settled)
      .where(and(eq(rechargeAttempts.orderId, orderId), eq(rechargeAttempts.attemptNo, open.attemptNo)))
  } else {
    await executor
      .insert(rechargeAttempts)
      .values({ orderId, attemptNo: await nextAttemptNo(executor, orderId), startTime: now, ...settled })
  }
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
