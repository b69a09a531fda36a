import { declinedRefundLabels, declinedRefundOf } from '@domain/declinedRefund'
import { label } from '@domain/locale'
import { LifePayOrderStatus as O, lifePayOrderStatusValues } from '@domain/lifePayStatus'

// Issue 37, item 2 (the console's side): a declined refund is told by whether the top-up had arrived.

describe('declinedRefundOf', () => {
  test('a declined refund on a delivered top-up, and on one still recharging', () => {
    expect(declinedRefundOf({ lifePayOrderStatus: O.RefundFailed, supplierResult: 'success' })).toBe('delivered')
    expect(declinedRefundOf({ lifePayOrderStatus: O.RefundFailed, supplierResult: null })).toBe('recharging')
    expect(declinedRefundOf({ lifePayOrderStatus: O.RefundFailed, supplierResult: 'failed: x' })).toBe('recharging')
  })

  test('no other order status is a declined refund', () => {
    for (const status of lifePayOrderStatusValues.filter((value) => value !== O.RefundFailed))
      expect(declinedRefundOf({ lifePayOrderStatus: status, supplierResult: 'success' })).toBeNull()
  })

  test('said as what happened, never "failed"', () => {
    expect(label(declinedRefundLabels, 'delivered', 'zh-CN')).toBe('退款未通过，已到账')
    expect(label(declinedRefundLabels, 'delivered', 'en-US')).toBe('Refund declined, delivered')
    for (const locale of ['zh-CN', 'en-US'] as const)
      for (const text of Object.values(declinedRefundLabels[locale])) expect(text).not.toMatch(/失败|fail/i)
  })
})
