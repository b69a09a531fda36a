import { createHash, randomInt, randomUUID } from 'node:crypto'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { PageResult } from '@contract/envelope'
import type {
  CreateLifePayOrderResult,
  LifePayOrderListItem,
  PayOrderForJsApi,
  UserLifePayOrderRefund,
} from '@contract/lifePay'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import type { LifePayType } from '@domain/lifePayType'
import { fenToYuan, formatFen, rechargePriceFen, toFen } from '@domain/price'
import {
  canApplyRefund,
  canTransition,
  initialOrderState,
  isOrderClosed,
  RECHARGE_REFUNDABLE_AFTER_MINUTES,
} from '@domain/orderTransitions'
import { orderRateType } from '@domain/rateType'
import { refundApplyReasonParts, type RefundApplyReason } from '@domain/refundApplyReason'
import type { AppContext } from '../../appContext'
import type { Db, Executor, Tx } from '../../db/database'
import type { AdvisoryLock } from '../../db/lockedTransaction'
import { preparedPerDb } from '../../db/prepared'
import { lifePayOrders } from '../../db/schema'
import { errors } from '../../http/errors'
import { ApiError } from '../../http/apiError'
import type { WebPayment } from '../../providers/payment'
import { MAX_FACE_VALUE } from '@domain/constants'
import {
  findDuplicateOrder,
  isOverOpenOrderLimit,
  OPEN_ORDERS_PER_ACCOUNT,
  SAME_AMOUNT_WINDOW_MINUTES,
} from '@domain/duplicateOrder'
import { channelRate, ppmToPercent } from './catalog'
import { transitionOrder } from './orderStateMachine'
import {
  detailColumns,
  listColumns,
  stateColumns,
  toOrderListItem,
  type OrderDetailRow,
  type OrderRow,
  type OrderStateRow,
} from './orderView'
import { type guardReadColumns, insertOrder, orderTransaction, updateOrderColumns } from './orderWrites'
import { paymentFor } from './paymentFor'
import { handlePaymentNotification } from './payments'
import { lockOrder } from './orderLock'
import { assertAttemptsClosed, openAttempt, PaidElsewhereError, withAttemptsClosed } from '../money/paymentAttempts'
import { userChannel } from './userChannel'

/** A validated order request: the account fields of its type, as they will be stored. */
export interface NewOrder {
  lifePayOrderType: LifePayOrderType
  account: string
  /** ispCode, electricType or gasOrgType: the par-value table's key. */
  subType: string
  parValue: number
  idempotencyKey: string
  ispCode?: string | null
  electricType?: string | null
  electricAccountType?: string | null
  gasOrgType?: string | null
  province?: string | null
  city?: string | null
  name?: string | null
  sixId?: string | null
}

/** 'LP' + Beijing time yyyyMMddHHmmss + 6 random digits: readable, sortable, not guessable in sequence. */
function newOrderNo(now: Date): string {
  const beijing = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14)
  return `LP${beijing}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
}

function requestHashOf(order: NewOrder): string {
  const { idempotencyKey: _key, ...content } = order
  const canonical = Object.keys(content)
    .sort()
    .map((key) => [key, content[key as keyof typeof content] ?? null])
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex')
}

function toCreateResult(
  order: Pick<OrderRow, 'orderNo' | 'payAmountFen' | 'parValueFen' | 'discountAmountFen'>,
): CreateLifePayOrderResult {
  return {
    orderNo: order.orderNo,
    payAmount: fenToYuan(order.payAmountFen),
    parValue: fenToYuan(order.parValueFen),
    discountAmount: fenToYuan(order.discountAmountFen),
  }
}

export interface CreateOptions {
  confirmDuplicate?: boolean
  /** The price (yuan) the user was shown: a new order at another price is refused (PRICE_CHANGED). */
  expectedPayAmount?: number
}

/**
 * Create…Order: the price comes from the par-value table and the rate of the user's own channel (userChannel.ts),
 * never from the client: the request's `channelId` is recorded as sent, for attribution. The same idempotency key
 * returns the same order (unique per user, safe under concurrent retries). A new order then passes the price the user
 * was shown, if sent, and the duplicate guard (domain/duplicateOrder.ts): the open-order cap always, the
 * confirmation unless `confirmDuplicate`.
 */
export async function createOrder(
  ctx: AppContext,
  userId: string,
  requestedChannelId: string,
  input: NewOrder,
  { confirmDuplicate = false, expectedPayAmount }: CreateOptions = {},
): Promise<CreateLifePayOrderResult> {
  const parValueFen = toFen(input.parValue)
  // SPEC §9: no top-up of any kind above 300, whatever the supplier's table offers.
  if (input.parValue > MAX_FACE_VALUE) throw errors.parValueNotOffered()
  // Nor one the supplier cannot take (a utility top-up Fulu sells us no product for): refused before payment.
  const kind = { lifePayOrderType: input.lifePayOrderType, subType: input.subType, parValueFen }
  if (ctx.providers.supplier.offers?.(kind) === false) throw errors.parValueNotOffered()
  // Nor one the par-value table does not list (read from memory: ParValueCache).
  if (!(await ctx.parValues.offers(kind))) throw errors.parValueNotOffered()
  const [rates, channelId] = await Promise.all([ctx.rates.all(), userChannel(ctx.db, userId)])
  const rate = channelRate(rates, channelId, orderRateType[input.lifePayOrderType])
  if (rate === undefined) throw new Error(`No rate for order type ${input.lifePayOrderType}`)
  const { ratePpm } = rate
  const payAmountFen = rechargePriceFen(input.parValue, ppmToPercent(ratePpm))
  const requestHash = requestHashOf(input)
  const now = ctx.clock.now()
  const expireTime = new Date(now.getTime() + ctx.config.unpaidOrderCloseMs)
  const paidSince = new Date(now.getTime() - SAME_AMOUNT_WINDOW_MINUTES * 60_000)

  // Three round trips, one fewer than the bare write: `begin` with the account's lock, one statement for the rest,
  // `commit`.
  const order = await orderTransaction(
    ctx,
    async (tx) => {
      // A clash on the order number (vanishingly rare), or the key committed by a concurrent request of another
      // account (the lock is per account) while the insert waited on it: the statement runs again, with a new
      // number and a new snapshot.
      for (let attempt = 0; attempt < 5; attempt++) {
        // After the lock, in a statement of its own (its snapshot must see what the lock's previous holder committed).
        const { created, rows } = await insertOrder(
          ctx.db,
          tx,
          {
            id: randomUUID(),
            orderNo: newOrderNo(now),
            userId,
            channelId: requestedChannelId || null,
            rateChannelId: rate.channelId,
            lifePayOrderType: input.lifePayOrderType,
            account: input.account,
            ispCode: input.ispCode ?? null,
            electricType: input.electricType ?? null,
            electricAccountType: input.electricAccountType ?? null,
            gasOrgType: input.gasOrgType ?? null,
            province: input.province ?? null,
            city: input.city ?? null,
            name: input.name ?? null,
            sixId: input.sixId ?? null,
            parValueFen,
            ratePpm,
            payAmountFen,
            discountAmountFen: parValueFen - payAmountFen,
            ...initialOrderState,
            idempotencyKey: input.idempotencyKey,
            requestHash,
            expireTime,
            creationTime: now,
            updatedTime: now,
          },
          { paidSince },
        )
        // A retry answers with its order before the guard, which that very order would now trip.
        const retried = sameKeyOrder(rows, input.idempotencyKey, requestHash)
        if (retried) return retried
        if (!created) continue
        if (expectedPayAmount !== undefined && toFen(expectedPayAmount) !== payAmountFen)
          throw errors.priceChanged(formatFen(payAmountFen))
        // The guard judges the orders as they were before the insert; a refusal rolls the order back.
        if (ctx.config.duplicateGuard)
          guardDuplicate(accountOrders(rows, input, paidSince), parValueFen, now, confirmDuplicate)
        return created
      }
      throw new Error('Could not draw a free order number')
    },
    accountLock(input.lifePayOrderType, input.account),
  )
  return toCreateResult(order)
}

// Issue 20 — duplicate guard; issue 21 — the fewest round trips, each statement built once per database.

/** `pg_advisory_xact_lock`'s first key for the order-account lock: no other lock of the server uses it. */
const ORDER_ACCOUNT_LOCK_SPACE = 8_180_021

/**
 * Serialises order creation per account until the transaction ends: a concurrent create of the same account waits
 * for it and then sees the order this one made, so the cap holds however many arrive at once. Keyed by account, not
 * by user, so the guard can grow to a rule across users without a new lock. The key is the first 32 bits of a
 * SHA-256 of the type and account (computed here: it goes into the statement's text as an integer); two accounts
 * sharing a key only wait for each other.
 */
function accountLock(lifePayOrderType: LifePayOrderType, account: string): AdvisoryLock {
  const digest = createHash('sha256').update(`order-account:${lifePayOrderType}:${account}`).digest()
  return { space: ORDER_ACCOUNT_LOCK_SPACE, key: digest.readInt32BE(0) }
}

type CreateReadRow = Pick<OrderRow, keyof typeof guardReadColumns>

/** The order of this idempotency key; the key reused for another request is refused. */
function sameKeyOrder(rows: CreateReadRow[], idempotencyKey: string, requestHash: string): CreateReadRow | undefined {
  const existing = rows.find((row) => row.idempotencyKey === idempotencyKey)
  if (existing && existing.requestHash !== requestHash) throw errors.idempotencyKeyReused()
  return existing
}

/** The rows the guard names: the key's own order came along only because of its key unless it is on the account. */
function accountOrders(rows: CreateReadRow[], input: NewOrder, paidSince: Date): CreateReadRow[] {
  return rows.filter(
    (row) =>
      row.lifePayOrderType === input.lifePayOrderType &&
      row.account === input.account &&
      (row.lifePayOrderStatus === LifePayOrderStatus.PendingConfirmation ||
        (row.payTime !== null && row.payTime.getTime() > paidSince.getTime())),
  )
}

function guardDuplicate(orders: CreateReadRow[], parValueFen: number, now: Date, confirmed: boolean): void {
  if (isOverOpenOrderLimit(orders, now)) throw errors.openOrderLimit(OPEN_ORDERS_PER_ACCOUNT)
  if (confirmed) return
  const duplicate = findDuplicateOrder(orders, parValueFen, now)
  if (duplicate)
    throw errors.duplicateOrder(duplicate.reason, {
      reason: duplicate.reason,
      order: toOrderListItem(duplicate.order),
    })
}

const ownOrder = and(
  eq(lifePayOrders.orderNo, sql.placeholder('orderNo')),
  eq(lifePayOrders.userId, sql.placeholder('userId')),
)

function pageStatements(db: Db, filter: 'all' | 'typed') {
  const ofUser = eq(lifePayOrders.userId, sql.placeholder('userId'))
  const where =
    filter === 'typed' ? and(ofUser, eq(lifePayOrders.lifePayOrderType, sql.placeholder('lifePayOrderType'))) : ofUser
  return {
    page: db
      // The total rides along with the rows: one round trip per page.
      .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(lifePayOrders)
      .where(where)
      .orderBy(desc(lifePayOrders.creationTime), desc(lifePayOrders.orderNo))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`life_pay_order_page_${filter}`),
    total: db.select({ total: count() }).from(lifePayOrders).where(where).prepare(`life_pay_order_count_${filter}`),
  }
}

const orderReads = preparedPerDb((db: Db) => ({
  state: db.select(stateColumns).from(lifePayOrders).where(ownOrder).prepare('life_pay_order_state'),
  detail: db.select(detailColumns).from(lifePayOrders).where(ownOrder).prepare('life_pay_order_detail'),
  all: pageStatements(db, 'all'),
  typed: pageStatements(db, 'typed'),
}))

/** The caller's own order's state; another user's order answers exactly like a missing one. */
export async function findUserOrderState(db: Db, userId: string, orderNo: string): Promise<OrderStateRow> {
  const [order] = await orderReads(db).state.execute({ orderNo, userId })
  if (!order) throw errors.orderNotFound()
  return order
}

/** The caller's own order with what its detail shows. */
export async function findUserOrderDetail(db: Db, userId: string, orderNo: string): Promise<OrderDetailRow> {
  const [order] = await orderReads(db).detail.execute({ orderNo, userId })
  if (!order) throw errors.orderNotFound()
  return order
}

/** GetUserLifePayOrderRefund: the caller's own order's refund words, by the order's id. */
export async function findUserOrderRefund(db: Db, userId: string, id: string): Promise<UserLifePayOrderRefund> {
  const [order] = await db
    .select({
      id: lifePayOrders.id,
      orderNo: lifePayOrders.orderNo,
      refundApplyRemark: lifePayOrders.refundApplyRemark,
      refundCheckRemark: lifePayOrders.refundCheckRemark,
      lifePayOrderStatus: lifePayOrders.lifePayOrderStatus,
    })
    .from(lifePayOrders)
    .where(and(eq(lifePayOrders.id, id), eq(lifePayOrders.userId, userId)))
  if (!order) throw errors.orderNotFound()
  return order as UserLifePayOrderRefund
}

/** The caller's own order, row-locked in the caller's transaction. */
export async function lockUserOrder(tx: Executor, userId: string, order: string | { id: string }): Promise<OrderRow> {
  const which = typeof order === 'string' ? eq(lifePayOrders.orderNo, order) : eq(lifePayOrders.id, order.id)
  const [row] = await tx
    .select()
    .from(lifePayOrders)
    .where(and(which, eq(lifePayOrders.userId, userId)))
    .for('update')
  if (!row) throw errors.orderNotFound()
  return row
}

/** Refuses an order that can no longer be paid, with the brief's message for a closed one. */
function assertPayable(order: OrderStateRow, now: Date): void {
  if (isOrderClosed(order, now)) throw errors.orderClosed()
  if (!canTransition(order, 'pay')) throw errors.orderAlreadyPaid()
}

/**
 * Closes an unpaid order whose time is up: its open attempt is closed at its provider first, so no payment can
 * complete after it. 'paid' when the payer paid just before: that payment is recorded (the notification may still
 * be on its way) and the order moves on with it.
 */
export async function closeUnpaidOrder(ctx: AppContext, orderNo: string): Promise<'closed' | 'paid' | 'unchanged'> {
  try {
    return await withAttemptsClosed(ctx, orderNo, null, () =>
      orderTransaction(ctx, async (tx) => {
        const order = await lockOrder(tx, orderNo)
        if (!order || !canTransition(order, 'close')) return 'unchanged'
        await assertAttemptsClosed(tx, orderNo, null)
        await transitionOrder(tx, order, 'close', { updatedTime: ctx.clock.now() }, ctx)
        return 'closed'
      }),
    )
  } catch (error) {
    if (!(error instanceof PaidElsewhereError)) throw error
    await handlePaymentNotification(ctx, error.payment, 'query')
    return 'paid'
  }
}

async function payableOrder(ctx: AppContext, userId: string, orderNo: string): Promise<OrderStateRow> {
  const order = await findUserOrderState(ctx.db, userId, orderNo)
  const now = ctx.clock.now()
  if (canTransition(order, 'close') && isOrderClosed(order, now)) {
    // Past its expireTime before the expiry job has run: closed now, the deadline holds regardless.
    const outcome = await closeUnpaidOrder(ctx, orderNo)
    throw outcome === 'paid' ? errors.orderAlreadyPaid() : errors.orderClosed()
  }
  assertPayable(order, now)
  return order
}

/**
 * Runs `work` under the order's row lock once no attempt at another pay type than `lifePayType` is open (docs/money.md
 * § One payment per order). When such an attempt turns out paid, the payment is recorded and the payer is told the
 * order is paid.
 */
async function withOtherAttemptsClosed<T>(
  ctx: AppContext,
  userId: string,
  orderNo: string,
  lifePayType: LifePayType,
  work: (tx: Tx, order: OrderRow) => Promise<T>,
): Promise<T> {
  try {
    return await withAttemptsClosed(ctx, orderNo, lifePayType, () =>
      orderTransaction(ctx, async (tx) => {
        const order = await lockUserOrder(tx, userId, orderNo)
        assertPayable(order, ctx.clock.now())
        await assertAttemptsClosed(tx, orderNo, lifePayType)
        return work(tx, order)
      }),
    )
  } catch (error) {
    if (!(error instanceof PaidElsewhereError)) throw error
    await handlePaymentNotification(ctx, error.payment, 'query')
    throw errors.orderAlreadyPaid()
  }
}

/** POST /api/LifePay/SetLifePayOrderPayType: the other pay type's open payment is closed first. */
export async function setPayType(
  ctx: AppContext,
  userId: string,
  orderNo: string,
  lifePayType: LifePayType,
): Promise<void> {
  // A pay type with no provider here is refused before it is recorded: the order stays payable the other way.
  paymentFor(ctx, lifePayType)
  await payableOrder(ctx, userId, orderNo)
  await withOtherAttemptsClosed(ctx, userId, orderNo, lifePayType, (tx, order) =>
    updateOrderColumns(tx, order, { lifePayType, updatedTime: ctx.clock.now() }),
  )
}

/** POST /api/LifePay/GetPayOrderForJsAPI: in the host's wallet (JSAPI), or on the web when `web` is given. */
export async function preparePayment(
  ctx: AppContext,
  userId: string,
  orderNo: string,
  lifePayType: LifePayType,
  openId: string | undefined,
  web?: WebPayment,
): Promise<PayOrderForJsApi> {
  const payment = paymentFor(ctx, lifePayType)
  await payableOrder(ctx, userId, orderNo)
  return withOtherAttemptsClosed(ctx, userId, orderNo, lifePayType, async (tx, order) => {
    await updateOrderColumns(tx, order, { lifePayType, updatedTime: ctx.clock.now() })
    const attempt = await openAttempt(ctx, tx, order, lifePayType, ctx.config.payTypes[lifePayType] ?? 'none')
    const prepared = await payment
      .prepare(tx, {
        outTradeNo: attempt.outTradeNo,
        lifePayType,
        amountFen: order.payAmountFen,
        description: `生活缴费 ${order.orderNo}`,
        openId,
        web,
        expiresAt: order.expireTime,
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError) throw error
        // Unreachable, past its deadline (providers/timedFetch.ts) or an error answer: nothing was prepared, the
        // transaction rolls back, and the payer is told to try again rather than given a 500.
        ctx.log.error({ err: error, orderNo, lifePayType }, 'payment provider failed to prepare a payment')
        throw errors.providerUnavailable()
      })
    return {
      orderNo,
      lifePayType,
      payAmount: fenToYuan(order.payAmountFen),
      sandbox: payment.sandbox && !ctx.config.sandboxWalletInHost,
      ...prepared,
    }
  })
}

/** POST /api/LifePay/GetUserLifePayOrderPage: newest first. */
export async function orderPage(
  db: Db,
  userId: string,
  pageIndex: number,
  pageSize: number,
  lifePayOrderType: LifePayOrderType | undefined,
): Promise<PageResult<LifePayOrderListItem>> {
  const statements = orderReads(db)[lifePayOrderType ? 'typed' : 'all']
  const values = { userId, lifePayOrderType }
  const rows = await statements.page.execute({ ...values, limit: pageSize, offset: (pageIndex - 1) * pageSize })
  // No rows: the total is 0 on the first page; past the end it takes a count.
  const totalCount =
    rows.length > 0 ? rows[0].total : pageIndex === 1 ? 0 : (await statements.total.execute(values))[0].total
  return { pageIndex, pageSize, totalCount, items: rows.map(toOrderListItem) }
}

/**
 * POST /api/LifePay/RefundUserLifePayOrder: pending review (order 40, pay 30) until an operator decides. The remark is
 * kept as written; the reason's code as sent, else as the remark names it (a client that sends no code).
 */
export async function applyRefund(
  ctx: AppContext,
  userId: string,
  orderId: string,
  remark: string,
  reason?: RefundApplyReason,
): Promise<void> {
  const refundApplyRemark = remark.trim()
  const refundApplyReason = reason ?? refundApplyReasonParts(refundApplyRemark).reason
  await orderTransaction(ctx, async (tx) => {
    const order = await lockUserOrder(tx, userId, { id: orderId })
    if (!canTransition(order, 'applyRefund')) throw errors.refundNotAllowed()
    const now = ctx.clock.now()
    // A recharge still on time may yet be delivered: an application now could be approved before it is.
    if (!canApplyRefund(order, now)) throw errors.refundTooEarly(RECHARGE_REFUNDABLE_AFTER_MINUTES)
    await transitionOrder(
      tx,
      order,
      'applyRefund',
      { refundApplyTime: now, refundApplyRemark, refundApplyReason, updatedTime: now },
      ctx,
    )
  })
}
