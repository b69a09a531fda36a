import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Db, Executor, Tx } from '../../db/database'
import { inTransaction, preparedPerDb } from '../../db/prepared'
import { lifePayOrders } from '../../db/schema'
import { acceptAttempt, type RechargeAttemptRow } from './rechargeAttempts'

// Every write to life_pay_orders goes through this file or transitionOrder, inside orderTransaction: the users
// whose orders a transaction wrote have their cached order pages dropped right after it commits. Other instances
// hear of it from the table's trigger (pg_notify, delivered on commit). server/test/orderPageCache.test.ts fails
// when a file writes the table any other way.

const writtenUsers = new WeakMap<Executor, Set<string>>()
const afterCommits = new WeakMap<Executor, Set<() => void>>()

/** A transaction that writes orders; the cached pages of every user it wrote are invalidated after it ends. */
export async function orderTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'orderPages'>,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const written = new Set<string>()
  const committed = new Set<() => void>()
  try {
    const result = await ctx.db.transaction((tx) => {
      writtenUsers.set(tx, written)
      afterCommits.set(tx, committed)
      return work(tx)
    })
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
  'lifePayOrderType',
  'account',
  'ispCode',
  'electricType',
  'electricAccountType',
  'gasOrgType',
  'province',
  'city',
  'name',
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

// Built once per database: the insert is the hot path of Create…Order (issue 21).
const insertStatement = preparedPerDb((db: Db) =>
  db
    .insert(lifePayOrders)
    .values(
      Object.fromEntries(
        NEW_ORDER_COLUMNS.map((column) => [column, sql.placeholder(column)]),
      ) as unknown as typeof lifePayOrders.$inferInsert,
    )
    .onConflictDoNothing()
    .returning(createdColumns)
    .prepare('life_pay_order_insert'),
)

/** A new order; undefined when its order number or its (user, idempotency key) is taken. */
export async function insertOrder(db: Db, tx: Tx, values: NewOrderRow) {
  orderWritten(tx, values.userId)
  const row = Object.fromEntries(NEW_ORDER_COLUMNS.map((column) => [column, values[column] ?? null]))
  const [created] = await inTransaction(insertStatement(db), tx).execute(row)
  return created
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
