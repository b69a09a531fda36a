import type { Labels } from './locale'

/**
 * An order's `refundStatus`: the payment provider's final word on its refund (WeChat Pay's refund notification), or
 * the operator's record that money the provider kept was returned another way.
 */
export type RefundOutcome = 'succeeded' | 'abnormal' | 'closed' | 'returnedManually'

export const refundOutcomeLabels: Labels<RefundOutcome> = {
  'zh-CN': {
    succeeded: '退款成功',
    abnormal: '退款异常（款项未退回）',
    closed: '退款关闭（款项未退回）',
    returnedManually: '已通过其他方式退回',
  },
  'en-US': {
    succeeded: 'Refund succeeded',
    abnormal: 'Refund abnormal (money not returned)',
    closed: 'Refund closed (money not returned)',
    returnedManually: 'Returned another way',
  },
}
