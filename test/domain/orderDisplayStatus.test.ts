import {
  LifePayFrontStatus,
  LifePayOrderStatus,
  lifePayOrderStatusValues,
  LifePayStatus,
  lifePayStatusValues,
} from '@domain/lifePayStatus'
import { label } from '@domain/locale'
import {
  lifePayFrontStatusOf,
  OrderDisplayStatus,
  orderDisplayStatusColors,
  orderDisplayStatusLabels,
  orderDisplayStatusOf,
  orderDisplayStatusValues,
  refundProgressOf,
} from '@domain/orderDisplayStatus'
import { canApplyRefund, reachableOrderStates } from '@domain/orderTransitions'

const { Unpaid, Paid, PendingRefund, Refunded } = LifePayStatus
const O = LifePayOrderStatus
const F = LifePayFrontStatus
const D = OrderDisplayStatus

// The lead's order state model: every reachable pair with what the server and the user see.
const model = [
  ['created', Unpaid, O.PendingConfirmation, null, D.Unpaid, '待支付', 'Unpaid', 'warning', false],
  ['closed after 30 minutes', Unpaid, O.Failed, null, D.Closed, '已关闭', 'Closed', 'default', false],
  [
    'paid, recharging',
    Paid,
    O.PendingConfirmation,
    F.PaymentSucceeded,
    D.Recharging,
    '充值中',
    'Recharging',
    'primary',
    true,
  ],
  [
    'supplier completed',
    Paid,
    O.Completed,
    F.RechargeSucceeded,
    D.RechargeSucceeded,
    '充值成功',
    'Recharge succeeded',
    'success',
    true,
  ],
  [
    'supplier failed',
    PendingRefund,
    O.Failed,
    null,
    D.Refunding,
    '充值失败，退款中',
    'Recharge failed, refunding',
    'danger',
    false,
  ],
  [
    'refund applied',
    PendingRefund,
    O.RefundPendingReview,
    F.RefundPendingReview,
    D.RefundPendingReview,
    '退款审核中',
    'Refund pending review',
    'warning',
    false,
  ],
  ['refunded', Refunded, O.Refunded, F.Refunded, D.Refunded, '已退款', 'Refunded', 'default', false],
  [
    'refund rejected, recharge resumed',
    Paid,
    O.RefundFailed,
    F.RefundFailed,
    D.RefundDeclined,
    '退款未通过，充值中',
    'Refund declined, recharging',
    'primary',
    false,
  ],
] as const

// Issue 37, item 2: the same state once the supplier delivered says the top-up arrived, never "refund failed".
const delivered = [
  D.DeliveredRefundDeclined,
  '充值成功，退款未通过',
  'Recharge succeeded, refund declined',
  'success',
] as const

describe('order state model', () => {
  it('lists exactly the reachable states', () => {
    expect(reachableOrderStates).toEqual(model.map((row) => ({ payStatus: row[1], lifePayOrderStatus: row[2] })))
  })

  describe.each(model)('%s (pay %p, order %p)', (_, pay, order, front, display, zh, en, color, refundable) => {
    it(`has front status ${front}`, () => {
      expect(lifePayFrontStatusOf(pay, order)).toBe(front)
    })

    it(`shows ${display} as ${zh} / ${en} in ${color}`, () => {
      const status = orderDisplayStatusOf({ payStatus: pay, lifePayOrderStatus: order })
      expect(status).toBe(display)
      expect(label(orderDisplayStatusLabels, status, 'zh-CN')).toBe(zh)
      expect(label(orderDisplayStatusLabels, status, 'en-US')).toBe(en)
      expect(orderDisplayStatusColors[status]).toBe(color)
    })

    it(`${refundable ? 'allows' : 'refuses'} a refund application`, () => {
      // Paid two hours ago: a recharge still pending is overdue by then.
      const payTime = new Date(Date.now() - 2 * 3600_000)
      expect(canApplyRefund({ payStatus: pay, lifePayOrderStatus: order, payTime }, Date.now())).toBe(refundable)
    })
  })

  it('tells a declined refund on a delivered top-up apart', () => {
    const [display, zh, en, color] = delivered
    const status = orderDisplayStatusOf({
      payStatus: Paid,
      lifePayOrderStatus: O.RefundFailed,
      rechargeDelivered: true,
    })
    expect(status).toBe(display)
    expect(label(orderDisplayStatusLabels, status, 'zh-CN')).toBe(zh)
    expect(label(orderDisplayStatusLabels, status, 'en-US')).toBe(en)
    expect(orderDisplayStatusColors[status]).toBe(color)
    for (const locale of ['zh-CN', 'en-US'] as const) {
      expect(label(orderDisplayStatusLabels, status, locale)).not.toMatch(/退款失败|Refund failed/)
    }
  })

  it('gives every display status to exactly one reachable state (and delivery; a refund in progress is refunded)', () => {
    const shown = [...model.map((row) => row[4]), delivered[0], D.RefundInProgress]
    expect(shown.sort()).toEqual([...orderDisplayStatusValues].sort())
  })
})

describe('a refund in progress', () => {
  it.each([
    ['processing', D.RefundInProgress, '退款处理中', 'Refund in progress'],
    ['notReturned', D.RefundInProgress, '退款处理中', 'Refund in progress'],
    ['returned', D.Refunded, '已退款', 'Refunded'],
    [null, D.Refunded, '已退款', 'Refunded'],
    [undefined, D.Refunded, '已退款', 'Refunded'],
  ] as const)('refunded with refundProgress %p shows %p', (progress, display, zh, en) => {
    const status = orderDisplayStatusOf({
      payStatus: Refunded,
      lifePayOrderStatus: O.Refunded,
      refundProgress: progress,
    })
    expect(status).toBe(display)
    expect(label(orderDisplayStatusLabels, status, 'zh-CN')).toBe(zh)
    expect(label(orderDisplayStatusLabels, status, 'en-US')).toBe(en)
  })

  it('is only ever about a refunded order: another state ignores it', () => {
    expect(
      orderDisplayStatusOf({ payStatus: Paid, lifePayOrderStatus: O.Completed, refundProgress: 'processing' }),
    ).toBe(D.RechargeSucceeded)
    expect(
      orderDisplayStatusOf({ payStatus: PendingRefund, lifePayOrderStatus: O.Failed, refundProgress: 'processing' }),
    ).toBe(D.Refunding)
  })

  it.each([
    [Refunded, 'processing', 'processing'],
    [Refunded, 'succeeded', 'returned'],
    [Refunded, 'returnedManually', 'returned'],
    [Refunded, 'abnormal', 'notReturned'],
    [Refunded, 'closed', 'notReturned'],
    [Refunded, null, 'returned'],
    [Paid, 'processing', null],
  ] as const)('refundProgressOf(pay %p, refundStatus %p) is %p', (pay, refundStatus, progress) => {
    expect(refundProgressOf(pay, refundStatus)).toBe(progress)
  })
})

describe('pairs outside the state model', () => {
  const reachable = new Set(reachableOrderStates.map((s) => `${s.payStatus}/${s.lifePayOrderStatus}`))
  const others = lifePayStatusValues.flatMap((pay) =>
    lifePayOrderStatusValues.filter((order) => !reachable.has(`${pay}/${order}`)).map((order) => [pay, order] as const),
  )

  it.each(others)('pay %p, order %p still has a display status and no refund', (pay, order) => {
    expect(orderDisplayStatusValues).toContain(orderDisplayStatusOf({ payStatus: pay, lifePayOrderStatus: order }))
    expect(canApplyRefund({ payStatus: pay, lifePayOrderStatus: order, payTime: new Date(0) }, Date.now())).toBe(false)
  })

  it('lets the order status lead', () => {
    expect(orderDisplayStatusOf({ payStatus: Refunded, lifePayOrderStatus: O.Failed })).toBe(D.Refunded)
    expect(orderDisplayStatusOf({ payStatus: PendingRefund, lifePayOrderStatus: O.PendingConfirmation })).toBe(
      D.Recharging,
    )
    expect(orderDisplayStatusOf({ payStatus: Unpaid, lifePayOrderStatus: O.Completed })).toBe(D.RechargeSucceeded)
  })

  it('has no front status while unpaid, whatever the order status', () => {
    for (const order of lifePayOrderStatusValues) expect(lifePayFrontStatusOf(Unpaid, order)).toBeNull()
  })
})
