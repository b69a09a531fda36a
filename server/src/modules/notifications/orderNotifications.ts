import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import {
  type LifePayNotificationChannel,
  type LifePayNotificationEvent,
  type LifePayNotificationParams,
  notificationEventFor,
} from '@domain/lifePayNotification'
import { type LifePayOrderType, lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { label } from '@domain/locale'
import { maskLifePayAccount } from '@domain/mask'
import type { OrderEvent } from '@domain/orderTransitions'
import { fenToYuan } from '@domain/price'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { type lifePayOrders, notificationSubscriptions } from '../../db/schema'
import { afterOrderCommit } from '../lifePay/orderWrites'
import { enqueueUserNotification } from './userNotifications'

// Issue 20: an order transition that the user hears about (domain/lifePayNotification.ts notificationEventFor)
// puts one outbox row per channel the user chose for that order and event, in the transition's own transaction, so a
// rolled-back change tells nobody and a committed one is told exactly once (the dedupe key).

/** What a transition needs to notify: the job queue (the outbox's send job) and the clock. */
export type NotifyContext = Pick<AppContext, 'jobs' | 'clock' | 'log'>

type OrderRow = typeof lifePayOrders.$inferSelect

export const orderNotificationKey = (event: LifePayNotificationEvent, orderNo: string, channel: string) =>
  `${event}:${orderNo}:${channel}`

/** "YYYY-MM-DD HH:mm" in Asia/Shanghai (UTC+8 all year, no daylight saving). */
export function shanghaiMinute(instant: Date): string {
  return new Date(instant.getTime() + 8 * 60 * 60_000).toISOString().slice(0, 16).replace('T', ' ')
}

/**
 * The mini-program page the message opens: the order's detail (src/routes.ts orderDetailUrl, which the server may not
 * import), without the leading slash the hosts' send APIs refuse.
 */
const orderPage = (orderNo: string) => `subpackages/order/order/order?orderNo=${encodeURIComponent(orderNo)}`

/** What the message says, fixed at the transition (a retry sends the same words). */
export function orderNotificationParams(
  order: OrderRow,
  event: LifePayNotificationEvent,
  now: Date,
): Record<string, string> {
  const type = order.lifePayOrderType as LifePayOrderType
  const params: LifePayNotificationParams = {
    orderNo: order.orderNo,
    orderType: label(lifePayOrderTypeLabels, type),
    account: maskLifePayAccount(type, order.account),
    amount: fenToYuan(order.payAmountFen).toFixed(2),
    time: shanghaiMinute(now),
    page: orderPage(order.orderNo),
  }
  // A refusal's or failure's reason is what the order detail shows the user (refundCheckRemark).
  if ((event === 'refundRejected' || event === 'rechargeFailedRefunded') && order.refundCheckRemark)
    params.reason = order.refundCheckRemark
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Record<string, string>
}

/**
 * Called by transitionOrder for every transition, inside its transaction: enqueues the notifications `orderEvent`
 * causes on the channels the user accepted for this order (one-time grants are spent here), then wakes the job
 * queue once the transaction commits.
 */
export async function notifyOrderTransition(
  ctx: NotifyContext,
  tx: Executor,
  order: OrderRow,
  orderEvent: OrderEvent,
): Promise<void> {
  const event = notificationEventFor(orderEvent)
  if (!event) return
  const grants = await tx
    .select()
    .from(notificationSubscriptions)
    .where(
      and(
        eq(notificationSubscriptions.userId, order.userId),
        eq(notificationSubscriptions.orderNo, order.orderNo),
        eq(notificationSubscriptions.event, event),
        eq(notificationSubscriptions.decision, 'accept'),
        isNull(notificationSubscriptions.spentTime),
      ),
    )
    .orderBy(asc(notificationSubscriptions.creationTime))
    .for('update')
  await enqueueGranted(ctx, tx, order, event, grants)
}

type GrantRow = typeof notificationSubscriptions.$inferSelect

/** The messages `grants` (the order's unspent accepted grants for `event`, locked, oldest first) allow, spent. */
async function enqueueGranted(
  ctx: NotifyContext,
  tx: Executor,
  order: OrderRow,
  event: LifePayNotificationEvent,
  grants: GrantRow[],
): Promise<void> {
  if (grants.length === 0) return
  const now = ctx.clock.now()
  const params = orderNotificationParams(order, event, now)
  let enqueued = false
  for (const grant of grants) {
    const channel = grant.channel as LifePayNotificationChannel
    const added = await enqueueUserNotification(ctx, tx, {
      userId: order.userId,
      event,
      channel,
      orderNo: order.orderNo,
      dedupeKey: orderNotificationKey(event, order.orderNo, channel),
      params,
      templateId: grant.templateId,
    })
    // A one-time grant is used up by the message it allows (and a second grant for the same channel adds nothing).
    await tx.update(notificationSubscriptions).set({ spentTime: now }).where(eq(notificationSubscriptions.id, grant.id))
    enqueued ||= added
  }
  if (enqueued) afterOrderCommit(tx, () => ctx.jobs.kick())
}

/**
 * `notifyOrderTransition` for orders that all moved by `orderEvent` in the caller's transaction (issue 21: a batch of
 * transitions): the grants of all of them read (and locked) in one statement; orders without any, nearly all of
 * them, cost nothing more.
 */
export async function notifyOrderTransitions(
  ctx: NotifyContext,
  tx: Executor,
  orders: readonly OrderRow[],
  orderEvent: OrderEvent,
): Promise<void> {
  const event = notificationEventFor(orderEvent)
  if (!event || orders.length === 0) return
  const grants = await tx
    .select()
    .from(notificationSubscriptions)
    .where(
      and(
        inArray(
          notificationSubscriptions.orderNo,
          orders.map((order) => order.orderNo),
        ),
        eq(notificationSubscriptions.event, event),
        eq(notificationSubscriptions.decision, 'accept'),
        isNull(notificationSubscriptions.spentTime),
      ),
    )
    .orderBy(asc(notificationSubscriptions.creationTime))
    .for('update')
  for (const order of orders) {
    const own = grants.filter((grant) => grant.orderNo === order.orderNo && grant.userId === order.userId)
    await enqueueGranted(ctx, tx, order, event, own)
  }
}
