import type { Labels, Locale } from './locale'

// Why a user asks for their money back. The app sends the chosen reason's code (`refundApplyReason`) beside the
// SPEC's `refundApplyRemark`, which stays readable text in the user's language — the reason, then their own words —
// so a back end that knows no codes stores and shows something meaningful. Ours keeps both, and shows the reason in
// the reader's language and the user's own words as written. Remarks without a code (from before codes, or from a
// client that sends none) are recognised when they begin with a known reason in either language.

export enum RefundApplyReason {
  WrongAccount = 'wrongAccount',
  Duplicate = 'duplicate',
  NotArrived = 'notArrived',
  NoLongerNeeded = 'noLongerNeeded',
  /** Needs the user's own words. */
  Other = 'other',
}

export const refundApplyReasonValues: readonly RefundApplyReason[] = [
  RefundApplyReason.WrongAccount,
  RefundApplyReason.Duplicate,
  RefundApplyReason.NotArrived,
  RefundApplyReason.NoLongerNeeded,
  RefundApplyReason.Other,
]

export const refundApplyReasonLabels: Labels<RefundApplyReason> = {
  'zh-CN': {
    [RefundApplyReason.WrongAccount]: '充错号码/户号',
    [RefundApplyReason.Duplicate]: '重复充值',
    [RefundApplyReason.NotArrived]: '长时间未到账',
    [RefundApplyReason.NoLongerNeeded]: '不想充了',
    [RefundApplyReason.Other]: '其他原因',
  },
  'en-US': {
    [RefundApplyReason.WrongAccount]: 'Wrong number or account',
    [RefundApplyReason.Duplicate]: 'Paid twice',
    [RefundApplyReason.NotArrived]: 'Not credited for a long time',
    [RefundApplyReason.NoLongerNeeded]: 'No longer needed',
    [RefundApplyReason.Other]: 'Other',
  },
}

/** Between the reason and the user's words, as each language writes it. */
const SEPARATOR: Record<Locale, string> = { 'zh-CN': '：', 'en-US': ': ' }

const locales = Object.keys(SEPARATOR) as Locale[]

export const isRefundApplyReason = (value: unknown): value is RefundApplyReason =>
  (refundApplyReasonValues as readonly unknown[]).includes(value)

/** The readable remark sent beside the code: the reason in the user's language, then their own words if any. */
export function refundApplyRemarkOf(reason: RefundApplyReason | null, detail: string, locale: Locale): string {
  const words = detail.trim()
  if (!reason) return words
  const label = refundApplyReasonLabels[locale][reason]
  return words ? `${label}${SEPARATOR[locale]}${words}` : label
}

/** What follows `label` at the start of `remark` ('' for the label alone); null when the remark does not start so. */
function wordsAfter(remark: string, label: string): string | null {
  if (remark === label) return ''
  if (!remark.startsWith(label)) return null
  const rest = /^\s*[:：]\s*([\s\S]*)$/.exec(remark.slice(label.length))
  return rest ? rest[1].trim() : null
}

export interface RefundApplyReasonParts {
  reason: RefundApplyReason | null
  /** The user's own words, as written ('' when they gave none). */
  detail: string
}

/**
 * A stored application read back: its reason (the stored code, else one the remark begins with, in either language)
 * and the user's own words. A remark with no known reason is all the user's words.
 */
export function refundApplyReasonParts(
  remark: string | null | undefined,
  storedReason?: string | null,
): RefundApplyReasonParts {
  const text = (remark ?? '').trim()
  const candidates = isRefundApplyReason(storedReason) ? [storedReason] : refundApplyReasonValues
  for (const reason of candidates) {
    for (const locale of locales) {
      const detail = wordsAfter(text, refundApplyReasonLabels[locale][reason])
      if (detail !== null) return { reason, detail }
    }
  }
  return isRefundApplyReason(storedReason) ? { reason: storedReason, detail: text } : { reason: null, detail: text }
}

/** An application's reason as `locale` reads it: the reason in that language, then the user's words as written. */
export function refundApplyReasonText(
  remark: string | null | undefined,
  storedReason: string | null | undefined,
  locale: Locale,
): string {
  const { reason, detail } = refundApplyReasonParts(remark, storedReason)
  return refundApplyRemarkOf(reason, detail, locale)
}
