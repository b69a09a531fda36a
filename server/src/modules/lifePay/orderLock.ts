import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/database'
import { preparedOnExecutor } from '../../db/prepared'
import { lifePayOrders } from '../../db/schema'
import type { OrderRow } from './orderView'

// Every step of a paid order (payment, submission, result, refund) starts by locking it: built once per database.
const lockStatement = preparedOnExecutor((executor) =>
  executor
    .select()
    .from(lifePayOrders)
    .where(eq(lifePayOrders.orderNo, sql.placeholder('orderNo')))
    .for('update')
    .prepare('life_pay_order_lock'),
)

/** The order, row-locked in the caller's transaction. */
export async function lockOrder(executor: Executor, orderNo: string): Promise<OrderRow | null> {
  const [order] = await lockStatement(executor).execute({ orderNo })
  return order ?? null
}
