import {
  SANDBOX_SUPPLIER_FAILED_REASON,
  sandboxSupplierUnavailableReason,
  supplierFailureReason,
  supplierReasonText,
  supplierReportedDelivered,
} from '@domain/supplierResult'

// The supplier's last word on an order, as an operator reads it (issue 37, items 22 and 25).

describe('supplierResult', () => {
  test('delivered only on its success', () => {
    expect(supplierReportedDelivered('success')).toBe(true)
    for (const other of [null, undefined, '', 'failed: x', 'Success'])
      expect(supplierReportedDelivered(other)).toBe(false)
  })

  test('the reason of a failure', () => {
    expect(supplierFailureReason('failed: 号码欠费')).toBe('号码欠费')
    expect(supplierFailureReason('failed')).toBe('')
    expect(supplierFailureReason('success')).toBeNull()
    expect(supplierFailureReason(null)).toBeNull()
  })

  test("the sandbox's own words and a missing reason in the reader's language; a real supplier's as sent", () => {
    expect(supplierReasonText(SANDBOX_SUPPLIER_FAILED_REASON, 'zh-CN')).toBe('沙箱账户：渠道无法为该账户充值')
    expect(supplierReasonText(SANDBOX_SUPPLIER_FAILED_REASON, 'en-US')).toBe(SANDBOX_SUPPLIER_FAILED_REASON)
    expect(supplierReasonText(sandboxSupplierUnavailableReason(3), 'zh-CN')).toBe('沙箱渠道暂不可用（第 3 次提交）')
    expect(supplierReasonText('unknown', 'zh-CN')).toBe('渠道未说明原因')
    expect(supplierReasonText('the supplier gave no reason', 'zh-CN')).toBe('渠道未说明原因')
    expect(supplierReasonText('号码欠费停机', 'en-US')).toBe('号码欠费停机')
  })
})
