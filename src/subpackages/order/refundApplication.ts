import type { Locale } from '@domain/locale'
import { RefundApplyReason, refundApplyReasonValues, refundApplyRemarkOf } from '@domain/refundApplyReason'
import { refundReason, required, validateField } from '@domain/validators'
import { validationMessage } from '@domain/validationMessages'
import { formatMessage } from '../../i18n/messages'
import type { RefundUserLifePayOrderInput } from '@contract/lifePay'
import { orderMessages } from './messages'

/** The most characters the domain's refundReason rule accepts (test/subpackages/order keeps the two equal). */
export const REFUND_REASON_MAX_LENGTH = 200

export interface RefundFormValues {
  choice: RefundApplyReason | null
  detail: string
}

/** Code points, as the validators and the server count them (an emoji or a rare hanzi once). */
export function textLength(text: string): number {
  return Array.from(text).length
}

/** What RefundUserLifePayOrder is sent: the reason's code, and the remark that says it in words for any back end. */
export function refundApplication(
  values: RefundFormValues,
  locale: Locale,
): Omit<RefundUserLifePayOrderInput, 'id' | 'userId'> {
  const refundApplyRemark = refundApplyRemarkOf(values.choice, values.detail, locale)
  return values.choice ? { refundApplyRemark, refundApplyReason: values.choice } : { refundApplyRemark }
}

const LOCALES: readonly Locale[] = ['zh-CN', 'en-US']

/**
 * Room for the description: what is left once the longest reason, in either language, is in the remark. One limit:
 * it does not change when another reason is picked (issue 17, item 13) nor with the language (issue 37, item 15).
 */
export const DETAIL_MAX_LENGTH =
  REFUND_REASON_MAX_LENGTH -
  LOCALES.reduce(
    (longest, locale) =>
      refundApplyReasonValues.reduce(
        (most, choice) => Math.max(most, textLength(refundApplyRemarkOf(choice, 'x', locale)) - 1),
        longest,
      ),
    0,
  )

export interface RefundFormErrors {
  choice?: string
  detail?: string
}

/** Field errors in the user's language; empty when the remark may be sent. */
export function validateRefundForm(values: RefundFormValues, locale: Locale): RefundFormErrors {
  if (!values.choice) return { choice: formatMessage(orderMessages, locale, 'reasonRequired') }
  if (values.choice === RefundApplyReason.Other && values.detail.trim() === '') {
    return { detail: formatMessage(orderMessages, locale, 'reasonDetailRequired') }
  }
  // The limit the counter shows holds whichever reason is picked (a paste the host did not cut goes past it).
  const tooLong = textLength(values.detail.trim()) > DETAIL_MAX_LENGTH
  const remark = refundApplyRemarkOf(values.choice, values.detail, locale)
  const key = tooLong ? 'refundReason' : validateField(remark, [required, refundReason])
  return key ? { detail: validationMessage(key, locale) } : {}
}
