import { and, eq, gte, isNotNull, lt, or } from 'drizzle-orm'
import type { ReconciliationKind, ReconciliationTotals } from '@contract/admin'
import type { LifePayType } from '@domain/lifePayType'
import type { Locale } from '@domain/locale'
import type { AppContext } from '../../appContext'
import { lifePayOrders, orphanPayments } from '../../db/schema'
import type { BillPayment, BillRefund, PaymentProvider, ProviderBill } from '../../providers/payment'
import { handlePaymentNotification } from '../lifePay/payments'
import { paymentFor } from '../lifePay/paymentFor'
import { orderNoOfOutTradeNo } from './paymentAttempts'
import { queueRefundCheck } from './refundConfirmation'
import { DAY_MS, shanghaiDate, type DayWindow } from './shanghaiDay'

// A pay type's day against its provider's bill (docs/money.md § Reconciliation), both ways: every payment and refund
// of the bill must be one of ours — an order's payment or refund, or an orphan payment and its refund — with the same
// amount, and every one of ours of the day must be in the bill. What can be acted on is: a payment only the bill has
// is recorded now through the one path every payment takes (paying its waiting order, or an orphan refunded
// automatically); a refund the provider settled is asked about again. The rest goes to an operator.

export interface NewItem {
  kind: ReconciliationKind
  /** The reference the item is about: with the kind, its key across re-runs. */
  ref: string
  orderNo: string | null
  outTradeNo: string | null
  transactionId: string | null
  refundNo: string | null
  ourAmountFen: number | null
  providerAmountFen: number | null
  /** What disagrees, with both sides' values, in each operator language. */
  explanation: Record<Locale, string>
  action: 'paymentRecorded' | 'orphanRecorded' | 'refundChecked' | 'operatorReview'
}

export interface SourceResult {
  items: NewItem[]
  ours: ReconciliationTotals
  theirs: ReconciliationTotals
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/** One explanation in both operator languages. */
export const both = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en })

/** A payment of ours: an order's, or an orphan payment. */
interface OurPayment {
  orderNo: string | null
  outTradeNo: string
  transactionId: string
  amountFen: number
  paidAt: Date
  orphan: boolean
}

/** A refund of ours: an order's, or an orphan payment's. */
interface OurRefund {
  orderNo: string | null
  outTradeNo: string
  refundNo: string
  amountFen: number
  /** processing, succeeded, abnormal, closed, returnedManually (orders); refunding, returned, notReturned… (orphans) */
  status: string | null
  orphanId: string | null
}

const notReturnedStatuses = new Set(['abnormal', 'closed', 'notReturned'])

function totalsOf(payments: { amountFen: number }[], refunds: { amountFen: number }[]): ReconciliationTotals {
  return {
    paymentCount: payments.length,
    paymentFen: payments.reduce((sum, payment) => sum + payment.amountFen, 0),
    refundCount: refunds.length,
    refundFen: refunds.reduce((sum, refund) => sum + refund.amountFen, 0),
  }
}

async function ourPaymentsOf(ctx: AppContext, day: DayWindow, lifePayType: LifePayType): Promise<OurPayment[]> {
  const orders = await ctx.db
    .select({
      orderNo: lifePayOrders.orderNo,
      outTradeNo: lifePayOrders.outTradeNo,
      transactionId: lifePayOrders.transactionId,
      amountFen: lifePayOrders.payAmountFen,
      paidAt: lifePayOrders.payTime,
    })
    .from(lifePayOrders)
    .where(
      and(
        eq(lifePayOrders.lifePayType, lifePayType),
        isNotNull(lifePayOrders.transactionId),
        gte(lifePayOrders.payTime, day.from),
        lt(lifePayOrders.payTime, day.to),
      ),
    )
  const orphans = await ctx.db
    .select()
    .from(orphanPayments)
    .where(
      and(
        eq(orphanPayments.lifePayType, lifePayType),
        gte(orphanPayments.paidAt, day.from),
        lt(orphanPayments.paidAt, day.to),
      ),
    )
  return [
    ...orders.map((order) => ({
      orderNo: order.orderNo,
      outTradeNo: order.outTradeNo ?? order.orderNo,
      transactionId: order.transactionId ?? '',
      amountFen: order.amountFen,
      paidAt: order.paidAt ?? day.from,
      orphan: false,
    })),
    ...orphans.map((orphan) => ({
      orderNo: orphan.orderNo,
      outTradeNo: orphan.outTradeNo,
      transactionId: orphan.transactionId,
      amountFen: orphan.amountFen,
      paidAt: orphan.paidAt,
      orphan: true,
    })),
  ]
}

async function ourRefundsOf(ctx: AppContext, day: DayWindow, lifePayType: LifePayType): Promise<OurRefund[]> {
  const orders = await ctx.db
    .select()
    .from(lifePayOrders)
    .where(
      and(
        eq(lifePayOrders.lifePayType, lifePayType),
        isNotNull(lifePayOrders.refundNo),
        gte(lifePayOrders.refundTime, day.from),
        lt(lifePayOrders.refundTime, day.to),
      ),
    )
  const orphans = await ctx.db
    .select()
    .from(orphanPayments)
    .where(
      and(
        eq(orphanPayments.lifePayType, lifePayType),
        gte(orphanPayments.refundTime, day.from),
        lt(orphanPayments.refundTime, day.to),
      ),
    )
  return [
    ...orders.map((order) => ({
      orderNo: order.orderNo,
      outTradeNo: order.outTradeNo ?? order.orderNo,
      refundNo: order.refundNo ?? '',
      amountFen: order.payAmountFen,
      status: order.refundStatus,
      orphanId: null,
    })),
    ...orphans.map((orphan) => ({
      orderNo: orphan.orderNo,
      outTradeNo: orphan.outTradeNo,
      refundNo: orphan.refundNo,
      amountFen: orphan.amountFen,
      status: orphan.status,
      orphanId: orphan.id,
    })),
  ]
}

/** Our record of a payment the day's bill has but the day does not (paid on our side around midnight). */
async function paymentElsewhere(
  ctx: AppContext,
  lifePayType: LifePayType,
  payment: BillPayment,
): Promise<OurPayment | null> {
  const [order] = await ctx.db
    .select()
    .from(lifePayOrders)
    .where(eq(lifePayOrders.orderNo, orderNoOfOutTradeNo(payment.outTradeNo)))
  if (order?.transactionId === payment.transactionId && order.lifePayType === lifePayType) {
    return {
      orderNo: order.orderNo,
      outTradeNo: order.outTradeNo ?? order.orderNo,
      transactionId: order.transactionId,
      amountFen: order.payAmountFen,
      paidAt: order.payTime ?? payment.paidAt,
      orphan: false,
    }
  }
  const [orphan] = await ctx.db
    .select()
    .from(orphanPayments)
    .where(and(eq(orphanPayments.lifePayType, lifePayType), eq(orphanPayments.transactionId, payment.transactionId)))
  return orphan ? { ...orphan, orphan: true } : null
}

/** Our record of a refund the day's bill has but the day does not. */
async function refundElsewhere(ctx: AppContext, refund: BillRefund): Promise<OurRefund | null> {
  const [orphan] = await ctx.db.select().from(orphanPayments).where(eq(orphanPayments.refundNo, refund.refundNo))
  if (orphan) return { ...orphan, status: orphan.status, orphanId: orphan.id }
  const [order] = await ctx.db
    .select()
    .from(lifePayOrders)
    .where(eq(lifePayOrders.orderNo, orderNoOfOutTradeNo(refund.outTradeNo)))
  if (!order || order.refundNo !== refund.refundNo) return null
  return {
    orderNo: order.orderNo,
    outTradeNo: order.outTradeNo ?? order.orderNo,
    refundNo: order.refundNo,
    amountFen: order.payAmountFen,
    status: order.refundStatus,
    orphanId: null,
  }
}

function item(fields: Partial<NewItem> & Pick<NewItem, 'kind' | 'ref' | 'explanation' | 'action'>): NewItem {
  return {
    orderNo: null,
    outTradeNo: null,
    transactionId: null,
    refundNo: null,
    ourAmountFen: null,
    providerAmountFen: null,
    ...fields,
  }
}

async function comparePayments(
  ctx: AppContext,
  day: DayWindow,
  lifePayType: LifePayType,
  provider: PaymentProvider,
  bill: ProviderBill,
  ours: OurPayment[],
): Promise<NewItem[]> {
  const items: NewItem[] = []
  const oursByTransaction = new Map(ours.map((payment) => [payment.transactionId, payment]))
  const billTransactions = new Set(bill.payments.map((payment) => payment.transactionId))
  for (const payment of bill.payments) {
    const known = oursByTransaction.get(payment.transactionId) ?? (await paymentElsewhere(ctx, lifePayType, payment))
    const refs = { outTradeNo: payment.outTradeNo, transactionId: payment.transactionId }
    if (known) {
      if (known.amountFen !== payment.amountFen) {
        items.push(
          item({
            kind: 'paymentAmountDiffers',
            ref: payment.transactionId,
            ...refs,
            orderNo: known.orderNo,
            ourAmountFen: known.amountFen,
            providerAmountFen: payment.amountFen,
            explanation: both(
              `账单显示 ${payment.outTradeNo} 收款 ${yuan(payment.amountFen)}，本方记录的同一笔收款为 ${yuan(known.amountFen)}。`,
              `The bill says ${yuan(payment.amountFen)} was paid under ${payment.outTradeNo}; our record of the ` +
                `same payment says ${yuan(known.amountFen)}.`,
            ),
            action: 'operatorReview',
          }),
        )
      }
      continue
    }
    // Only the bill has it (its notification never came): recorded now, as any payment is.
    const outcome = await handlePaymentNotification(ctx, { kind: 'paid', lifePayType, ...payment }, 'bill')
    if (outcome === 'duplicate') continue
    const orderNo = orderNoOfOutTradeNo(payment.outTradeNo)
    items.push(
      item({
        kind: 'providerOnlyPayment',
        ref: payment.transactionId,
        ...refs,
        orderNo,
        providerAmountFen: payment.amountFen,
        explanation:
          outcome === 'recorded'
            ? both(
                `账单有一笔订单 ${orderNo} 的收款 ${yuan(payment.amountFen)}，本方未记录（支付通知未到达）：订单现已记为已支付并开始充值。`,
                `The bill has a payment of ${yuan(payment.amountFen)} for order ${orderNo} that we had not recorded ` +
                  '(its notification never came): the order is paid now and its recharge has started.',
              )
            : both(
                `账单有一笔 ${payment.outTradeNo} 的收款 ${yuan(payment.amountFen)}，没有订单可以接收（重复付款、订单已关闭或不存在、金额不符）：已记为异常收款并自动原路退款。`,
                `The bill has a payment of ${yuan(payment.amountFen)} under ${payment.outTradeNo} that no order keeps ` +
                  '(a second payment, a closed or unknown order, or another amount): recorded as an orphan payment ' +
                  'and refunded automatically.',
              ),
        action: outcome === 'recorded' ? 'paymentRecorded' : 'orphanRecorded',
      }),
    )
  }
  for (const payment of ours) {
    if (billTransactions.has(payment.transactionId)) continue
    const answer = await provider.queryPayment(payment.outTradeNo)
    const same = answer.status === 'paid' && answer.transactionId === payment.transactionId
    // Paid on the provider's clock on another day: that day's bill has it.
    if (same && shanghaiDate(answer.paidAt) !== day.date) continue
    items.push(
      item({
        kind: 'ourOnlyPayment',
        ref: payment.transactionId,
        orderNo: payment.orderNo,
        outTradeNo: payment.outTradeNo,
        transactionId: payment.transactionId,
        ourAmountFen: payment.amountFen,
        explanation: both(
          `本方记录了 ${payment.outTradeNo} 的一笔收款 ${yuan(payment.amountFen)}（交易号 ${payment.transactionId}` +
            `${payment.orphan ? '，异常收款' : ''}），账单中没有；渠道订单查询结果为 ${answer.status}` +
            `${answer.status === 'paid' ? `，交易号 ${answer.transactionId}` : ''}。`,
          `We recorded a payment of ${yuan(payment.amountFen)} under ${payment.outTradeNo} (transaction ` +
            `${payment.transactionId}${payment.orphan ? ', an orphan payment' : ''}) that the bill does not have; ` +
            `the provider's order query answers ${answer.status}` +
            `${answer.status === 'paid' ? ` with transaction ${answer.transactionId}` : ''}.`,
        ),
        action: 'operatorReview',
      }),
    )
  }
  return items
}

async function compareRefunds(
  ctx: AppContext,
  provider: PaymentProvider,
  bill: ProviderBill,
  ours: OurRefund[],
): Promise<NewItem[]> {
  const items: NewItem[] = []
  const oursByNo = new Map(ours.map((refund) => [refund.refundNo, refund]))
  const billRefundNos = new Set(bill.refunds.map((refund) => refund.refundNo))
  for (const refund of bill.refunds) {
    const known = oursByNo.get(refund.refundNo) ?? (await refundElsewhere(ctx, refund))
    const refs = { outTradeNo: refund.outTradeNo, transactionId: refund.transactionId, refundNo: refund.refundNo }
    if (!known) {
      items.push(
        item({
          kind: 'providerOnlyRefund',
          ref: refund.refundNo,
          ...refs,
          orderNo: orderNoOfOutTradeNo(refund.outTradeNo),
          providerAmountFen: refund.amountFen,
          explanation: both(
            `账单有一笔 ${refund.outTradeNo} 的退款 ${yuan(refund.amountFen)}（${refund.refundNo}），本方从未发起：资金已离开商户账户而本方无记录。`,
            `The bill has a refund of ${yuan(refund.amountFen)} (${refund.refundNo}) of the payment under ` +
              `${refund.outTradeNo} that we never asked for: money left the merchant account without a record here.`,
          ),
          action: 'operatorReview',
        }),
      )
      continue
    }
    if (known.amountFen !== refund.amountFen) {
      items.push(
        item({
          kind: 'refundAmountDiffers',
          ref: refund.refundNo,
          ...refs,
          orderNo: known.orderNo,
          ourAmountFen: known.amountFen,
          providerAmountFen: refund.amountFen,
          explanation: both(
            `账单中退款 ${refund.refundNo} 为 ${yuan(refund.amountFen)}，本方申请的退款为 ${yuan(known.amountFen)}。`,
            `The bill refunds ${yuan(refund.amountFen)} under ${refund.refundNo}; we asked to refund ` +
              `${yuan(known.amountFen)}.`,
          ),
          action: 'operatorReview',
        }),
      )
      continue
    }
    // The bill saw the refund settled while we still wait for the provider's word: asked about again now.
    const waiting = known.status === 'processing' || known.status === 'refunding'
    if (waiting && refund.status !== 'processing') {
      const check = known.orphanId
        ? ({ target: 'orphan', ref: known.orphanId } as const)
        : ({ target: 'order', ref: known.orderNo ?? '' } as const)
      await queueRefundCheck(ctx, ctx.db, check)
    }
  }
  for (const refund of ours) {
    if (billRefundNos.has(refund.refundNo)) continue
    const answer = await provider.queryRefund(refund.refundNo, refund.outTradeNo)
    if (answer.status === 'succeeded' || answer.status === 'processing') continue
    items.push(
      item({
        kind: 'ourOnlyRefund',
        ref: refund.refundNo,
        orderNo: refund.orderNo,
        outTradeNo: refund.outTradeNo,
        refundNo: refund.refundNo,
        ourAmountFen: refund.amountFen,
        explanation: both(
          `本方记录了一笔退款 ${yuan(refund.amountFen)}（${refund.refundNo}），账单中没有，渠道退款查询结果为 ${answer.status}：用户可能未收到退款。`,
          `We recorded a refund of ${yuan(refund.amountFen)} (${refund.refundNo}) that the bill does not have, and ` +
            `the provider's refund query answers ${answer.status}: the payer may not have the money back.`,
        ),
        action: 'operatorReview',
      }),
    )
  }
  return items
}

/** Refunds of ours that did not return the money, or still wait a day after they were asked for. */
async function unsettledRefunds(ctx: AppContext, day: DayWindow, lifePayType: LifePayType): Promise<NewItem[]> {
  const items: NewItem[] = []
  const dayBefore = new Date(day.to.getTime() - DAY_MS)
  const orders = await ctx.db
    .select()
    .from(lifePayOrders)
    .where(
      and(
        eq(lifePayOrders.lifePayType, lifePayType),
        isNotNull(lifePayOrders.refundNo),
        lt(lifePayOrders.refundTime, day.to),
        or(
          and(gte(lifePayOrders.refundStatusTime, day.from), lt(lifePayOrders.refundStatusTime, day.to)),
          eq(lifePayOrders.refundStatus, 'processing'),
        ),
      ),
    )
  for (const order of orders) {
    const refs = {
      orderNo: order.orderNo,
      outTradeNo: order.outTradeNo ?? order.orderNo,
      refundNo: order.refundNo,
      ourAmountFen: order.payAmountFen,
    }
    if (notReturnedStatuses.has(order.refundStatus ?? '')) {
      items.push(
        item({
          kind: 'refundNotReturned',
          ref: order.refundNo ?? order.orderNo,
          ...refs,
          explanation: both(
            `渠道表示订单 ${order.orderNo} 的退款（${yuan(order.payAmountFen)}）以 ${order.refundStatus} 结束：款项未退回。请用其他方式退回并标记已退回。`,
            `The provider says the refund of order ${order.orderNo} (${yuan(order.payAmountFen)}) ended ` +
              `${order.refundStatus}: the money did not go back. Return it another way and mark it returned.`,
          ),
          action: 'operatorReview',
        }),
      )
    } else if (order.refundStatus === 'processing' && order.refundTime && order.refundTime < dayBefore) {
      await queueRefundCheck(ctx, ctx.db, { target: 'order', ref: order.orderNo })
      items.push(
        item({
          kind: 'refundStillProcessing',
          ref: order.refundNo ?? order.orderNo,
          ...refs,
          explanation: both(
            `订单 ${order.orderNo} 的退款于 ${order.refundTime.toISOString()} 发起，渠道至今未确认到账：已重新查询。`,
            `The refund of order ${order.orderNo} was asked for on ${order.refundTime.toISOString()} and the ` +
              'provider has not confirmed it yet: asked again now.',
          ),
          action: 'refundChecked',
        }),
      )
    }
  }
  const orphans = await ctx.db
    .select()
    .from(orphanPayments)
    .where(
      and(
        eq(orphanPayments.lifePayType, lifePayType),
        eq(orphanPayments.status, 'notReturned'),
        lt(orphanPayments.creationTime, day.to),
      ),
    )
  for (const orphan of orphans) {
    items.push(
      item({
        kind: 'refundNotReturned',
        ref: orphan.refundNo,
        orderNo: orphan.orderNo,
        outTradeNo: orphan.outTradeNo,
        transactionId: orphan.transactionId,
        refundNo: orphan.refundNo,
        ourAmountFen: orphan.amountFen,
        explanation: both(
          `${orphan.outTradeNo} 的异常收款 ${yuan(orphan.amountFen)} 自动退款未成功（${orphan.refundRemark ?? '被拒绝'}）。请用其他方式退回并标记已退回。`,
          `The automatic refund of an orphan payment of ${yuan(orphan.amountFen)} under ${orphan.outTradeNo} did ` +
            `not return the money (${orphan.refundRemark ?? 'refused'}). Return it another way and mark it returned.`,
        ),
        action: 'operatorReview',
      }),
    )
  }
  return items
}

/** The pay type's day against its provider's bill; BillNotReadyError when the provider has not cut it yet. */
export async function reconcileBill(ctx: AppContext, day: DayWindow, lifePayType: LifePayType): Promise<SourceResult> {
  const provider = paymentFor(ctx, lifePayType)
  const bill = await provider.downloadBill(day.date)
  const ourPayments = await ourPaymentsOf(ctx, day, lifePayType)
  const ourRefunds = await ourRefundsOf(ctx, day, lifePayType)
  const items = [
    ...(await comparePayments(ctx, day, lifePayType, provider, bill, ourPayments)),
    ...(await compareRefunds(ctx, provider, bill, ourRefunds)),
    ...(await unsettledRefunds(ctx, day, lifePayType)),
  ]
  return {
    items,
    ours: totalsOf(ourPayments, ourRefunds),
    theirs: totalsOf(bill.payments, bill.refunds),
  }
}
