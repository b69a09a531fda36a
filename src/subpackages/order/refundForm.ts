import type { Locale } from '../../domain/locale'
import { refundReason, required, validateField } from '../../domain/validators'
import { validationMessage } from '../../domain/validationMessages'
import { formatMessage } from '../../i18n/messages'
import { orderMessages, type OrderMessageKey } from './messages'

/** The reasons a user picks from; 'other' needs a description. */
export enum RefundReasonChoice {
  WrongAccount = 'wrongAccount',
  Duplicate = 'duplicate',
  NotArrived = 'notArrived',
  NoLongerNeeded = 'noLongerNeeded',
  Other = 'other',
}

export const refundReasonChoices: readonly RefundReasonChoice[] = [
  RefundReasonChoice.WrongAccount,
  RefundReasonChoice.Duplicate,
  RefundReasonChoice.NotArrived,
  RefundReasonChoice.NoLongerNeeded,
  RefundReasonChoice.Other,
]

export const refundReasonMessageKeys: Readonly<Record<RefundReasonChoice, OrderMessageKey>> = {
  [RefundReasonChoice.WrongAccount]: 'reasonWrongAccount',
  [RefundReasonChoice.Duplicate]: 'reasonDuplicate',
  [RefundReasonChoice.NotArrived]: 'reasonNotArrived',
  [RefundReasonChoice.NoLongerNeeded]: 'reasonNoLongerNeeded',
  [RefundReasonChoice.Other]: 'reasonOther',
}

/** The most characters the domain's refundReason rule accepts (test/subpackages/order keeps the two equal). */
export const REFUND_REASON_MAX_LENGTH = 200

const SEPARATOR: Record<Locale, string> = { 'zh-CN': '：', 'en-US': ': ' }

export interface RefundFormValues {
  choice: RefundReasonChoice | null
  detail: string
}

/** Code points, as the validators count them. */
export function textLength(text: string): number {
  return Array.from(text).length
}

/** What the operator reads: the chosen reason in the user's words, then the description. */
export function refundRemark(values: RefundFormValues, locale: Locale): string {
  if (!values.choice) return values.detail.trim()
  const reason = formatMessage(orderMessages, locale, refundReasonMessageKeys[values.choice])
  const detail = values.detail.trim()
  return detail ? `${reason}${SEPARATOR[locale]}${detail}` : reason
}

/** Room left for the description once the chosen reason is in the remark. */
export function detailMaxLength(choice: RefundReasonChoice | null, locale: Locale): number {
  if (!choice) return REFUND_REASON_MAX_LENGTH
  const prefix = refundRemark({ choice, detail: 'x' }, locale)
  return REFUND_REASON_MAX_LENGTH - (textLength(prefix) - 1)
}

export interface RefundFormErrors {
  choice?: string
  detail?: string
}

/** Field errors in the user's language; empty when the remark may be sent. */
export function validateRefundForm(values: RefundFormValues, locale: Locale): RefundFormErrors {
  if (!values.choice) return { choice: formatMessage(orderMessages, locale, 'reasonRequired') }
  if (values.choice === RefundReasonChoice.Other && values.detail.trim() === '') {
    return { detail: formatMessage(orderMessages, locale, 'reasonDetailRequired') }
  }
  const key = validateField(refundRemark(values, locale), [required, refundReason])
  return key ? { detail: validationMessage(key, locale) } : {}
}
