import type { Locale } from '../../domain/locale'
import { RefundApplyReason, refundApplyReasonValues, refundApplyRemarkOf } from '../../domain/refundApplyReason'
import { refundReason, required, validateField } from '../../domain/validators'
import { validationMessage } from '../../domain/validationMessages'
import { formatMessage } from '../../i18n/messages'
import type { RefundUserLifePayOrderInput } from '../../../types/api/lifePay'
import { orderMessages } from './messages'

/** The most characters the domain's refundReason rule accepts (test/subpackages/order keeps the two equal). */
export const REFUND_REASON_MAX_LENGTH = 200

export interface RefundFormValues {
  choice: RefundApplyReason | null
  detail: string
}

/** Code points, as the validators count them. */
export function textLength(text: string): number {
  return Array.from(text).length
}

/** What RefundUserLifePayOrder is sent: the reason's code, and the remark that says it in words for any back end. */
export function refundApplication(
  values: RefundFormValues,
  locale: Locale,
): Omit<RefundUserLifePayOrderInput, 'orderNo'> {
  const refundApplyRemark = refundApplyRemarkOf(values.choice, values.detail, locale)
  return values.choice ? { refundApplyRemark, refundApplyReason: values.choice } : { refundApplyRemark }
}

/**
 * Room for the description: what is left once the longest reason of the user's language is in the remark, so the
 * limit the counter shows does not change when another reason is picked (issue 17, item 13).
 */
export function detailMaxLength(locale: Locale): number {
  const longest = Math.max(
    ...refundApplyReasonValues.map((choice) => textLength(refundApplyRemarkOf(choice, 'x', locale)) - 1),
  )
  return REFUND_REASON_MAX_LENGTH - longest
}

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
  const tooLong = textLength(values.detail.trim()) > detailMaxLength(locale)
  const remark = refundApplyRemarkOf(values.choice, values.detail, locale)
  const key = tooLong ? 'refundReason' : validateField(remark, [required, refundReason])
  return key ? { detail: validationMessage(key, locale) } : {}
}
