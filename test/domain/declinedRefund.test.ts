import { declinedRefundOf } from '@domain/declinedRefund'
import { label } from '@domain/locale'
import { LifePayOrderStatus as O, lifePayOrderStatusValues } from '@domain/lifePayStatus'
import { OrderDisplayStatus as D, orderDisplayStatusLabels } from '@domain/orderDisplayStatus'

// Issue 37, item 2 (the console's side): a declined refund is told by whether the top-up had arrived, in the app's
// words.

describe('declinedRefundOf', () => {
  test('a declined refund on a delivered top-up, and on one still recharging', () => {
    expect(declinedRefundOf({ lifePayOrderStatus: O.RefundFailed, supplierResult: 'success' })).toBe(
      D.DeliveredRefundDeclined,
    )
    expect(declinedRefundOf({ lifePayOrderStatus: O.RefundFailed, supplierResult: null })).toBe(D.RefundDeclined)
    expect(declinedRefundOf({ lifePayOrderStatus: O.RefundFailed, supplierResult: 'failed: x' })).toBe(D.RefundDeclined)
  })

  test('no other order status is a declined refund', () => {
    for (const status of lifePayOrderStatusValues.filter((value) => value !== O.RefundFailed))
      expect(declinedRefundOf({ lifePayOrderStatus: status, supplierResult: 'success' })).toBeNull()
  })

  test('said as what happened, never "failed"', () => {
    expect(label(orderDisplayStatusLabels, D.DeliveredRefundDeclined, 'zh-CN')).toBe('充值成功，退款未通过')
    for (const locale of ['zh-CN', 'en-US'] as const)
      for (const status of [D.DeliveredRefundDeclined, D.RefundDeclined])
        expect(label(orderDisplayStatusLabels, status, locale)).not.toMatch(/失败|fail/i)
  })
})
