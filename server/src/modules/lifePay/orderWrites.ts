import { and, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import type { AppContext } from '../../appContext'
import type { Db, Executor, Tx } from '../../db/database'
import { lockedTransaction, type AdvisoryLock } from '../../db/lockedTransaction'
import { inTransaction, preparedPerDb } from '../../db/prepared'
import { lifePayOrders, rechargeAttempts } from '../../db/schema'
import { listColumns } from './orderView'
import { acceptAttempt, RechargeAttemptOutcome, type RechargeAttemptRow } from './rechargeAttempts'

// Every write to life_pay_orders goes through this file or transitionOrder, inside orderTransaction: the users
// whose orders a transaction wrote have their cached order pages dropped right after it commits. Other instances
// hear of it from the table's trigger (pg_notify, delivered on commit). server/test/orderPageCache.test.ts fails
// when a file writes the table any other way.

const writtenUsers = new WeakMap<Executor, Set<string>>()
const afterCommits = new WeakMap<Executor, Set<() => void>>()

/**
 * A transaction that writes orders; the cached pages of every user it wrote are invalidated after it ends. With
 * `lock`, the transaction holds that advisory lock from its start (`lockedTransaction`: on PostgreSQL in the same
 * round trip as `begin`).
 */
export async function orderTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'orderPages'>,
  work: (tx: Tx) => Promise<T>,
  lock?: AdvisoryLock,
): Promise<T> {
  const written = new Set<string>()
  const committed = new Set<() => void>()
  const tracked = (tx: Tx) => {
    writtenUsers.set(tx, written)
    afterCommits.set(tx, committed)
    return work(tx)
  }
  try {
    const result = await (lock ? lockedTransaction(ctx.db, lock, tracked) : ctx.db.transaction(tracked))
    for (const run of committed) run()
    return result
  } finally {
    // After the commit: a page read that raced it is not stored (OrderPageCache.invalidate), and after a rollback
    // dropping a page costs one read.
    for (const userId of written) ctx.orderPages.invalidate(userId)
  }
}

/** Records that `tx` wrote `userId`'s orders; refuses a write outside orderTransaction (its pages would go stale). */
export function orderWritten(tx: Executor, userId: string): void {
  const written = writtenUsers.get(tx)
  if (!written) throw new Error('life_pay_orders is written only inside orderTransaction (cached order pages)')
  written.add(userId)
}

/**
 * Runs `run` once after `tx` commits (never after a rollback), e.g. waking the job queue for a notification the
 * transition enqueued.
 */
export function afterOrderCommit(tx: Executor, run: () => void): void {
  const committed = afterCommits.get(tx)
  if (!committed) throw new Error('afterOrderCommit is only for orderTransaction')
  committed.add(run)
}

/** What Create…Order answers with, from the order it made or the one a retry finds. */
export const createdColumns = {
  orderNo: lifePayOrders.orderNo,
  parValueFen: lifePayOrders.parValueFen,
  payAmountFen: lifePayOrders.payAmountFen,
  discountAmountFen: lifePayOrders.discountAmountFen,
}

/** The columns a new order is written with; the others start null (or at their default). */
const NEW_ORDER_COLUMNS = [
  'id',
  'orderNo',
  'userId',
  'channelId',
  'rateChannelId',
  'lifePayOrderType',
  'account',
  'ispCode',
  'electricType',
  'electricAccountType',
  'gasOrgType',
  'province',
  'city',
  'name',
  'sixId',
  'parValueFen',
  'ratePpm',
  'payAmountFen',
  'discountAmountFen',
  'payStatus',
  'lifePayOrderStatus',
  'lifePayType',
  'idempotencyKey',
  'requestHash',
  'expireTime',
  'creationTime',
  'updatedTime',
] as const

export type NewOrderRow = Pick<typeof lifePayOrders.$inferInsert, (typeof NEW_ORDER_COLUMNS)[number]>

/**
 * The guard's read: the order of this idempotency key, if any, and the user's own orders on the account that the
 * duplicate guard can name, pending ones (open, or closed by time) and those paid since `paidSince`. Found through
 * the (user, key) unique index and the (user, type, account) index (migration 0015).
 */
export const guardReadColumns = {
  ...listColumns,
  ...createdColumns,
  expireTime: lifePayOrders.expireTime,
  payTime: lifePayOrders.payTime,
  idempotencyKey: lifePayOrders.idempotencyKey,
  requestHash: lifePayOrders.requestHash,
}

// Create…Order's write in one statement, built once per database (issue 21): the guard's read and the order's insert.
// A statement has one snapshot, taken before it runs: the read sees none of the statement's own insert. Nothing else
// is written with the order: its expiry is read off the order itself (orderExpiry.ts), its face value checked from
// memory before (ParValueCache) (issue 38).
const createStatement = preparedPerDb((db: Db) => {
  const placeholder = sql.placeholder
  const reads = db.$with('reads').as(
    db
      .select(guardReadColumns)
      .from(lifePayOrders)
      .where(
        and(
          eq(lifePayOrders.userId, placeholder('userId')),
          or(
            eq(lifePayOrders.idempotencyKey, placeholder('idempotencyKey')),
            and(
              eq(lifePayOrders.lifePayOrderType, placeholder('lifePayOrderType')),
              eq(lifePayOrders.account, placeholder('account')),
              or(
                eq(lifePayOrders.lifePayOrderStatus, LifePayOrderStatus.PendingConfirmation),
                gt(lifePayOrders.payTime, placeholder('paidSince')),
              ),
            ),
          ),
        ),
      ),
  )
  const inserted = db.$with('inserted').as(
    db
      .insert(lifePayOrders)
      .values(
        Object.fromEntries(
          NEW_ORDER_COLUMNS.map((column) => [column, placeholder(column)]),
        ) as unknown as typeof lifePayOrders.$inferInsert,
      )
      .onConflictDoNothing()
      .returning(createdColumns),
  )
  const { orderNo, parValueFen, payAmountFen, discountAmountFen } = inserted
  return (
    db
      .with(reads, inserted)
      .select({
        read: { ...reads._.selectedFields },
        created: { orderNo, parValueFen, payAmountFen, discountAmountFen },
      })
      .from(reads)
      // Each row is the new order or one the read found, never both.
      .fullJoin(inserted, sql`false`)
      .orderBy(desc(reads.creationTime), desc(reads.orderNo))
      .prepare('life_pay_order_create')
  )
})

/**
 * Writes a new order, unless its order number or its user's idempotency key is taken, and reads what the duplicate
 * guard needs (`guardReadColumns`), newest first, as it was before the insert. The caller decides on them and throws
 * to roll the order back.
 */
export async function insertOrder(db: Db, tx: Tx, values: NewOrderRow, read: { paidSince: Date }) {
  orderWritten(tx, values.userId)
  const row = Object.fromEntries(NEW_ORDER_COLUMNS.map((column) => [column, values[column] ?? null]))
  const result = await inTransaction(createStatement(db), tx).execute({
    ...row,
    paidSince: read.paidSince.toISOString(),
  })
  return {
    created: result.find((r) => r.created)?.created,
    rows: result.flatMap((r) => (r.read ? [r.read] : [])),
  }
}

type OrderColumns = Partial<
  Omit<typeof lifePayOrders.$inferInsert, 'id' | 'orderNo' | 'userId' | 'payStatus' | 'lifePayOrderStatus'>
>

/** Columns that do not change the order's state (pay type, supplier references); the state moves by transitionOrder. */
export async function updateOrderColumns(
  tx: Tx,
  order: { orderNo: string; userId: string },
  changes: OrderColumns,
  onlyIf?: SQL,
): Promise<void> {
  orderWritten(tx, order.userId)
  await tx
    .update(lifePayOrders)
    .set(changes)
    .where(and(eq(lifePayOrders.orderNo, order.orderNo), onlyIf))
}

// The attempt's update rides in a data-modifying CTE, which PostgreSQL runs whether or not the main query reads it.
const acceptStatement = preparedPerDb((db: Db) => {
  const accepted = db.$with('accepted').as(acceptAttempt(db))
  return db
    .with(accepted)
    .update(lifePayOrders)
    .set({ supplierOrderNo: sql`${sql.placeholder('supplierOrderNo')}` })
    .where(eq(lifePayOrders.orderNo, sql.placeholder('orderNo')))
    .prepare('recharge_submission_accept')
})

/**
 * The supplier took the submission: its attempt accepted (unless a result overtook the answer) and the order carrying
 * the supplier's number. One statement, so atomic without a transaction's begin and commit (issue 21); the user's
 * cached pages are dropped after it, as orderTransaction does.
 */
export async function acceptSubmission(
  ctx: Pick<AppContext, 'db' | 'orderPages'>,
  order: { orderNo: string; userId: string },
  attempt: Pick<RechargeAttemptRow, 'orderId' | 'attemptNo'>,
  supplierOrderNo: string,
): Promise<void> {
  try {
    await acceptStatement(ctx.db).execute({
      orderNo: order.orderNo,
      orderId: attempt.orderId,
      attemptNo: attempt.attemptNo,
      supplierOrderNo,
    })
  } finally {
    ctx.orderPages.invalidate(order.userId)
  }
}

/**
 * `acceptSubmission` for many submissions in one statement (issue 21: a batch of submissions): each attempt accepted
 * (unless a result overtook its answer) and each order carrying its supplier's number.
 */
export async function acceptSubmissions(
  ctx: Pick<AppContext, 'db' | 'orderPages'>,
  accepted: readonly {
    order: { orderNo: string; userId: string }
    attempt: Pick<RechargeAttemptRow, 'orderId' | 'attemptNo'>
    supplierOrderNo: string
  }[],
): Promise<void> {
  if (accepted.length === 0) return
  const column = <T>(pick: (row: (typeof accepted)[number]) => T) => sql.param(accepted.map(pick))
  try {
    await ctx.db.execute(sql`
      with i as (
        select * from unnest(${column((a) => a.order.orderNo)}::text[], ${column((a) => a.attempt.orderId)}::uuid[],
          ${column((a) => a.attempt.attemptNo)}::int[], ${column((a) => a.supplierOrderNo)}::text[])
          as i(order_no, order_id, attempt_no, supplier_order_no)
      ),
      -- The orders' locks first, in id order, as every batch takes them (two batches never deadlock); then the rows.
      locked as materialized (
        select o.id from ${lifePayOrders} o join i on o.order_no = i.order_no order by o.id for update of o
      ),
      accepted as (
        update ${rechargeAttempts} a set outcome = ${RechargeAttemptOutcome.Accepted}, supplier_order_no = i.supplier_order_no
        from i join locked on locked.id = i.order_id
        where a.order_id = i.order_id and a.attempt_no = i.attempt_no and a.outcome = ${RechargeAttemptOutcome.Submitting}
      )
      update ${lifePayOrders} o set supplier_order_no = i.supplier_order_no
      from i join locked on locked.id = i.order_id
      where o.id = locked.id and o.order_no = i.order_no`)
  } finally {
    for (const { order } of accepted) ctx.orderPages.invalidate(order.userId)
  }
}
