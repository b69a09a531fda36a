import {
  RefundApplyReason,
  refundApplyReasonLabels,
  refundApplyReasonParts,
  refundApplyReasonText,
  refundApplyReasonValues,
  refundApplyRemarkOf,
} from '@domain/refundApplyReason'

// Issue 37, item 24: a refund application keeps its reason's code beside the readable remark, and every reader sees
// the reason in their own language with the user's words as written.

describe('the remark sent beside the code', () => {
  test.each([
    [RefundApplyReason.Duplicate, '多充了一次', 'zh-CN', '重复充值：多充了一次'],
    [RefundApplyReason.Duplicate, '  ', 'zh-CN', '重复充值'],
    [RefundApplyReason.WrongAccount, 'typo', 'en-US', 'Wrong number or account: typo'],
    [null, ' just words ', 'en-US', 'just words'],
  ] as const)('%s + %j in %s → %j', (reason, detail, locale, remark) => {
    expect(refundApplyRemarkOf(reason, detail, locale)).toBe(remark)
  })
})

describe('a stored application read back', () => {
  test('with its code: the reason, and the words after it in either language', () => {
    expect(refundApplyReasonParts('重复充值：多充了一次', 'duplicate')).toEqual({
      reason: RefundApplyReason.Duplicate,
      detail: '多充了一次',
    })
    expect(refundApplyReasonParts('Paid twice', 'duplicate')).toEqual({ reason: 'duplicate', detail: '' })
    // A client that sent its own words beside a code: they are all the user's words.
    expect(refundApplyReasonParts('扣了两次钱', 'duplicate')).toEqual({ reason: 'duplicate', detail: '扣了两次钱' })
  })

  test('without one (rows from before codes): a known reason in either language is recognised', () => {
    for (const reason of refundApplyReasonValues) {
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const label = refundApplyReasonLabels[locale][reason]
        expect(refundApplyReasonParts(label, null)).toEqual({ reason, detail: '' })
        expect(refundApplyReasonParts(refundApplyRemarkOf(reason, 'x y', locale), null)).toEqual({
          reason,
          detail: 'x y',
        })
      }
    }
    expect(refundApplyReasonParts('Paid twice: Topped up twice', undefined)).toEqual({
      reason: 'duplicate',
      detail: 'Topped up twice',
    })
  })

  test('free text stays as written, even when it begins like a reason', () => {
    for (const text of ['Paid twice, please refund', 'Other reasons: none', '充错了 "号码"', '不想充了吧']) {
      expect(refundApplyReasonParts(text, null)).toEqual({ reason: null, detail: text })
    }
    expect(refundApplyReasonParts(null, null)).toEqual({ reason: null, detail: '' })
    // An unknown code is no code.
    expect(refundApplyReasonParts('whatever', 'bogus')).toEqual({ reason: null, detail: 'whatever' })
  })

  test("in the reader's language: the reason translated, the user's words as written", () => {
    expect(refundApplyReasonText('Paid twice', 'duplicate', 'zh-CN')).toBe('重复充值')
    expect(refundApplyReasonText('Paid twice', null, 'zh-CN')).toBe('重复充值')
    expect(refundApplyReasonText('重复充值：多充了一次', 'duplicate', 'en-US')).toBe('Paid twice: 多充了一次')
    expect(refundApplyReasonText('Other: moved house', 'other', 'zh-CN')).toBe('其他原因：moved house')
    expect(refundApplyReasonText('充错了 "号码"', null, 'en-US')).toBe('充错了 "号码"')
  })
})
