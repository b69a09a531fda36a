import { and, count, desc, eq, gte, like, lte, or, type SQL } from 'drizzle-orm'
import type { LifePayOrderFilters, LifePayOrderListOutput, QueryLifePayOrderListInput } from '@contract/operator'
import type { PageOutput } from '@contract/pageModel'
import { fenToYuan } from '@domain/price'
import type { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import type { LifePayType } from '@domain/lifePayType'
import { refundApplyReasonParts } from '@domain/refundApplyReason'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { channels, lifePayOrders, users } from '../../db/schema'
import type { OrderRow } from '../lifePay/orderView'
import { containsPattern, offsetOf, orderByOf, pageOutput } from './pageModel'

// POST /api/LifePay/GetLifePayOrderPage: every user's orders, filtered as the production back end's operator list.

/** What a row of the list is read from: the order, its user's phone number, its channel's name. */
export const orderListSelection = {
  order: lifePayOrders,
  phoneNumber: users.phoneNumber,
  channelName: channels.name,
}

export interface OrderListRow {
  order: OrderRow
  phoneNumber: string | null
  channelName: string | null
}

/** The joins every operator order list reads through. */
export function fromOrderList(executor: Executor) {
  return executor
    .select(orderListSelection)
    .from(lifePayOrders)
    .leftJoin(users, eq(users.id, lifePayOrders.userId))
    .leftJoin(channels, eq(channels.channelId, lifePayOrders.channelId))
}

/** The filters as one condition; both ends of a time range are inclusive, as the console's date pickers send them. */
export function orderFilterCondition(filters: LifePayOrderFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  const equal = <T>(column: Parameters<typeof eq>[0], value: T | undefined) => {
    if (value !== undefined) conditions.push(eq(column, value))
  }
  equal(lifePayOrders.lifePayOrderType, filters.lifePayOrderType)
  equal(lifePayOrders.lifePayType, filters.lifePayType)
  equal(lifePayOrders.payStatus, filters.payStatus)
  equal(lifePayOrders.lifePayOrderStatus, filters.lifePayOrderStatus)
  equal(lifePayOrders.userId, filters.userId)
  if (filters.beginPayTime) conditions.push(gte(lifePayOrders.payTime, new Date(filters.beginPayTime)))
  if (filters.endPayTime) conditions.push(lte(lifePayOrders.payTime, new Date(filters.endPayTime)))
  if (filters.beginFinishTime) conditions.push(gte(lifePayOrders.finishTime, new Date(filters.beginFinishTime)))
  if (filters.endFinishTime) conditions.push(lte(lifePayOrders.finishTime, new Date(filters.endFinishTime)))
  const keyWords = filters.keyWords?.trim()
  if (keyWords) {
    const pattern = containsPattern(keyWords)
    conditions.push(
      or(eq(lifePayOrders.orderNo, keyWords), like(lifePayOrders.account, pattern), like(users.phoneNumber, pattern)),
    )
  }
  return and(...conditions)
}

/** Newest first; the order number breaks ties so that pages (and the export's batches) never overlap. */
export const newestFirst = [desc(lifePayOrders.creationTime), desc(lifePayOrders.orderNo)]

const sortable = {
  creationTime: lifePayOrders.creationTime,
  payTime: lifePayOrders.payTime,
  finishTime: lifePayOrders.finishTime,
  payAmount: lifePayOrders.payAmountFen,
  rechargeAmount: lifePayOrders.parValueFen,
  orderNo: lifePayOrders.orderNo,
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

export function toOrderListOutput({ order, phoneNumber, channelName }: OrderListRow): Required<LifePayOrderListOutput> {
  return {
    id: order.id,
    orderNo: order.orderNo,
    userId: order.userId,
    phoneNumber,
    lifePayOrderType: order.lifePayOrderType as LifePayOrderType,
    lifePayType: order.lifePayType as LifePayType | null,
    account: order.account,
    channelId: order.channelId,
    channelName,
    rateChannelId: order.rateChannelId,
    rechargeAmount: fenToYuan(order.parValueFen),
    discountAmount: fenToYuan(order.discountAmountFen),
    payAmount: fenToYuan(order.payAmountFen),
    payStatus: order.payStatus as LifePayStatus,
    lifePayOrderStatus: order.lifePayOrderStatus as LifePayOrderStatus,
    creationTime: order.creationTime.toISOString(),
    payTime: iso(order.payTime),
    finishTime: iso(order.finishTime),
    outOrderNo: order.transactionId,
    acoolyOrderNo: order.supplierOrderNo,
    supplierResult: order.supplierResult,
    refundApplyTime: iso(order.refundApplyTime),
    refundApplyRemark: order.refundApplyRemark,
    // Rows from before codes: the reason their remark names, if any.
    refundApplyReason:
      order.refundApplyRemark === null
        ? null
        : refundApplyReasonParts(order.refundApplyRemark, order.refundApplyReason).reason,
    refundCheckRemark: order.refundCheckRemark,
    refundTime: iso(order.refundTime),
    refundCredentialsImgUrl: order.refundCredentialsImgUrl,
    refundCheckTime: iso(order.refundCheckTime),
  }
}

export async function lifePayOrderPage(
  ctx: AppContext,
  input: QueryLifePayOrderListInput,
): Promise<PageOutput<Required<LifePayOrderListOutput>>> {
  const where = orderFilterCondition(input)
  const orderBy = orderByOf(input.pageModel.orderInput, sortable, newestFirst)
  const [rows, [{ total }]] = await Promise.all([
    fromOrderList(ctx.db)
      .where(where)
      .orderBy(...orderBy)
      .limit(input.pageModel.rows)
      .offset(offsetOf(input.pageModel)),
    ctx.db
      .select({ total: count() })
      .from(lifePayOrders)
      .leftJoin(users, eq(users.id, lifePayOrders.userId))
      .where(where),
  ])
  return pageOutput(input.pageModel, total, rows.map(toOrderListOutput))
}
