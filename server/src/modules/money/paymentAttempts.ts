import { and, asc, eq, sql } from 'drizzle-orm'
import type { LifePayType } from '@domain/lifePayType'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { type lifePayOrders, paymentAttempts } from '../../db/schema'
import { errors } from '../../http/errors'
import type { PaymentNotification } from '../../providers/payment'
import { paymentFor } from '../lifePay/paymentFor'

// One payment per order (docs/money.md § One payment per order): an order's payments at the providers are its
// attempts. Only one is ever open: switching pay type, and closing the order, close the open one at its provider
// first (query → close → query), and a payer who switches back gets a fresh out_trade_no, as providers never reopen
// a closed one. Every out_trade_no starts with its order number, so a payment always names the order it was for.

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect

export const AttemptStatus = { Open: 'open', Closed: 'closed', Paid: 'paid' } as const

/** The order number an out_trade_no was issued for: the order number itself, or `<orderNo>_<n>`. */
export function orderNoOfOutTradeNo(outTradeNo: string): string {
  const match = /^(.+)_\d{1,3}$/.exec(outTradeNo)
  return match ? match[1] : outTradeNo
}

/** The out_trade_no of an order's `n`th attempt at one pay type (1: the order number). */
export function outTradeNoOf(orderNo: string, n: number): string {
  return n === 1 ? orderNo : `${orderNo}_${n}`
}

/** The provider took the money of another attempt than the one being opened: recorded, then the payer is told. */
export class PaidElsewhereError extends Error {
  constructor(readonly payment: PaymentNotification) {
    super(`order paid under ${payment.outTradeNo}`)
    this.name = 'PaidElsewhereError'
  }
}

type LockedOrder = Pick<typeof lifePayOrders.$inferSelect, 'id' | 'orderNo' | 'payAmountFen'>

function attemptsOf(tx: Executor, orderNo: string) {
  return tx
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderNo, orderNo))
    .orderBy(asc(paymentAttempts.creationTime))
}

/** The order's attempts still open, but at `keep` (null: every one). */
export async function openAttemptsOf(
  executor: Executor,
  orderNo: string,
  keep: LifePayType | null,
): Promise<PaymentAttemptRow[]> {
  return (await attemptsOf(executor, orderNo)).filter(
    (attempt) => attempt.status === AttemptStatus.Open && attempt.lifePayType !== keep,
  )
}

/**
 * Closes the order's open attempts, but at `keep` (the pay type being opened; null closes every one), at their
 * providers: query → close → query. Outside any transaction — a provider call never holds the order's row lock
 * (and the sandbox's ledger is a database of its own) — so the caller then checks under the lock that nothing
 * opened meanwhile. An attempt the payer already paid is not closed: PaidElsewhereError carries the payment, which
 * the caller records.
 */
export async function closeOpenAttempts(ctx: AppContext, orderNo: string, keep: LifePayType | null): Promise<void> {
  for (const attempt of await openAttemptsOf(ctx.db, orderNo, keep)) {
    const provider = paymentFor(ctx, attempt.lifePayType)
    const answer = await provider.close(attempt.outTradeNo).catch((error: unknown) => {
      // Unknown whether it can still take money: nothing else may open until it is known (the payer tries again).
      ctx.log.error({ err: error, outTradeNo: attempt.outTradeNo }, 'payment provider failed to close an attempt')
      throw errors.providerUnavailable()
    })
    if (answer === 'paid') {
      const paid = await provider.queryPayment(attempt.outTradeNo)
      if (paid.status !== 'paid') throw errors.providerUnavailable()
      throw new PaidElsewhereError({
        kind: 'paid',
        outTradeNo: attempt.outTradeNo,
        transactionId: paid.transactionId,
        lifePayType: attempt.lifePayType as LifePayType,
        amountFen: paid.amountFen,
        paidAt: paid.paidAt,
      })
    }
    await ctx.db
      .update(paymentAttempts)
      .set({ status: AttemptStatus.Closed, closedTime: ctx.clock.now() })
      .where(
        and(
          eq(paymentAttempts.lifePayType, attempt.lifePayType),
          eq(paymentAttempts.outTradeNo, attempt.outTradeNo),
          eq(paymentAttempts.status, AttemptStatus.Open),
        ),
      )
  }
}

/** Another request opened an attempt between closing and locking: the caller closes again. */
export class AttemptOpenedMeanwhile extends Error {
  constructor() {
    super('an attempt opened meanwhile')
    this.name = 'AttemptOpenedMeanwhile'
  }
}

/** Under the order's row lock: refuses (AttemptOpenedMeanwhile) while an attempt but at `keep` is still open. */
export async function assertAttemptsClosed(tx: Executor, orderNo: string, keep: LifePayType | null): Promise<void> {
  if ((await openAttemptsOf(tx, orderNo, keep)).length > 0) throw new AttemptOpenedMeanwhile()
}

/**
 * Closes the order's open attempts but at `keep`, then runs `locked` — a transaction that locks the order and calls
 * assertAttemptsClosed — again from the close when another request opened an attempt in between (a few rounds, then
 * the payer is asked to try again).
 */
export async function withAttemptsClosed<T>(
  ctx: AppContext,
  orderNo: string,
  keep: LifePayType | null,
  locked: () => Promise<T>,
): Promise<T> {
  for (let round = 0; round < 3; round++) {
    await closeOpenAttempts(ctx, orderNo, keep)
    try {
      return await locked()
    } catch (error) {
      if (!(error instanceof AttemptOpenedMeanwhile)) throw error
    }
  }
  throw errors.providerUnavailable()
}

/**
 * The order's open attempt at `lifePayType` for its amount, or a new one: the order number for the first at this
 * pay type, `<orderNo>_<n>` after a closed or paid one. Under the order's row lock, after closeOpenAttempts.
 */
export async function openAttempt(
  ctx: AppContext,
  tx: Executor,
  order: LockedOrder,
  lifePayType: LifePayType,
  provider: string,
): Promise<PaymentAttemptRow> {
  const atType = (await attemptsOf(tx, order.orderNo)).filter((attempt) => attempt.lifePayType === lifePayType)
  const open = atType.find((attempt) => attempt.status === AttemptStatus.Open)
  if (open && open.amountFen === order.payAmountFen) return open
  const [created] = await tx
    .insert(paymentAttempts)
    .values({
      lifePayType,
      outTradeNo: outTradeNoOf(order.orderNo, atType.length + 1),
      orderId: order.id,
      orderNo: order.orderNo,
      provider,
      amountFen: order.payAmountFen,
      status: AttemptStatus.Open,
      creationTime: ctx.clock.now(),
    })
    .returning()
  return created
}

/**
 * Marks the attempt a payment was taken under as paid (inserting it when the prepare that opened it never
 * committed: the provider had it all the same). It can take no other payment.
 */
export async function markAttemptPaid(
  tx: Executor,
  order: { id: string; orderNo: string },
  payment: PaymentNotification,
  provider: string,
): Promise<void> {
  await tx
    .insert(paymentAttempts)
    .values({
      lifePayType: payment.lifePayType,
      outTradeNo: payment.outTradeNo,
      orderId: order.id,
      orderNo: order.orderNo,
      provider,
      amountFen: payment.amountFen,
      status: AttemptStatus.Paid,
      transactionId: payment.transactionId,
      creationTime: payment.paidAt,
      paidTime: payment.paidAt,
    })
    .onConflictDoUpdate({
      target: [paymentAttempts.lifePayType, paymentAttempts.outTradeNo],
      set: { status: AttemptStatus.Paid, transactionId: payment.transactionId, paidTime: payment.paidAt },
      setWhere: sql`${paymentAttempts.status} <> ${AttemptStatus.Paid}`,
    })
}

/** The attempt the sandbox cashier pays: the order's latest (open, unless the cashier forces a closed one). */
export async function latestAttempt(
  executor: Executor,
  orderNo: string,
  lifePayType?: LifePayType,
): Promise<PaymentAttemptRow | null> {
  const attempts = await executor
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderNo, orderNo),
        lifePayType === undefined ? undefined : eq(paymentAttempts.lifePayType, lifePayType),
      ),
    )
    .orderBy(asc(paymentAttempts.creationTime))
  return attempts.at(-1) ?? null
}
