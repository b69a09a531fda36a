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

/** Code points, as the validators and the server count them (an emoji or a rare hanzi once). */
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

const LOCALES: readonly Locale[] = ['zh-CN', 'en-US']

/**
 * Room for the description: what is left once the longest reason, in either language, is in the remark. One limit:
 * it does not change when another reason is picked (issue 17, item 13) nor with the language (issue 37, item 15).
 */
export const DETAIL_MAX_LENGTH =
  REFUND_REASON_MAX_LENGTH -
  LOCALES.reduce(
    (longest, locale) =>
      refundReasonChoices.reduce(
        (most, choice) => Math.max(most, textLength(refundRemark({ choice, detail: 'x' }, locale)) - 1),
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
  if (values.choice === RefundReasonChoice.Other && values.detail.trim() === '') {
    return { detail: formatMessage(orderMessages, locale, 'reasonDetailRequired') }
  }
  // The limit the counter shows holds whichever reason is picked (a paste the host did not cut goes past it).
  const tooLong = textLength(values.detail.trim()) > DETAIL_MAX_LENGTH
  const key = tooLong ? 'refundReason' : validateField(refundRemark(values, locale), [required, refundReason])
  return key ? { detail: validationMessage(key, locale) } : {}
}
