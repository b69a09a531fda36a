import { label, type Locale } from '@domain/locale'
import {
  LifePayOrderStatus,
  lifePayOrderStatusLabels,
  lifePayStatusLabels,
  type LifePayStatus,
} from '@domain/lifePayStatus'
import {
  orphanStatusLabels,
  reconciliationItemStatusLabels,
  type OrphanStatus,
  type ReconciliationItemStatus,
} from '@domain/moneyEdges'
import { operatorRoleLabels, type OperatorRole } from '@domain/operatorRole'
import { lifePayRateTypeLabels, type LifePayRateType } from '@domain/rateType'
import { refundOutcomeLabels, type RefundOutcome } from '@domain/refundOutcome'
import { remarkForUser } from '@domain/systemRemark'
import type { AuditEntry } from '@contract/operators'
import { jobsMessages } from '../pages/jobs/messages'
import { auditMessages } from './auditMessages'
import { changedFields } from './auditDiff'
import { dateTime } from './displayValues'

/** A snapshot value in words; `href` when it is a link (a voucher image). */
export interface AuditValue {
  text: string
  href?: string
}

/** One changed field in words: `before` is null when the target had no such field (it was created). */
export interface AuditChangeText {
  key: string
  field: string
  before: AuditValue | null
  after: AuditValue
}

type Entry = Pick<AuditEntry, 'targetType' | 'before' | 'after'>

// A channel snapshot's `id` is its channlesNum again (the production field names keep both).
const hiddenFields: Partial<Record<AuditEntry['targetType'], readonly string[]>> = { channel: ['id'] }

const isRateList = (value: unknown): value is { rateType: LifePayRateType; rate: number }[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'rateType' in item)

/** A value of field `key` of a `targetType` snapshot, as an operator reads it. */
export function auditValueText(targetType: string, key: string, value: unknown, locale: Locale): AuditValue {
  const words = auditMessages[locale]
  // A user's channel '' is the default channel, not a missing value.
  if (key === 'channelId' && value === '') return { text: words.defaultChannel }
  if (value === null || value === undefined || value === '') return { text: words.empty }
  switch (key) {
    case 'payStatus':
      return { text: label(lifePayStatusLabels, value as LifePayStatus, locale) }
    case 'lifePayOrderStatus':
      // 60 is reached only by an operator declining the refund: said so, not "refund failed".
      if (value === LifePayOrderStatus.RefundFailed) return { text: words.refundDeclined }
      return { text: label(lifePayOrderStatusLabels, value as LifePayOrderStatus, locale) }
    case 'refundStatus':
      return { text: label(refundOutcomeLabels, value as RefundOutcome, locale) }
    case 'refundCheckRemark':
      return { text: remarkForUser(String(value), locale) }
    case 'refundCredentialsImgUrl':
      return { text: words.viewVoucher, href: String(value) }
    case 'rate':
    case 'channlesRate':
      return { text: `${String(value)}%` }
    case 'rates':
      if (!isRateList(value)) break
      return {
        text:
          value.length === 0
            ? words.empty
            : value
                .map((rate) => `${label(lifePayRateTypeLabels, rate.rateType, locale)} ${rate.rate}%`)
                .join(locale === 'zh-CN' ? '；' : '; '),
      }
    case 'status':
      if (targetType === 'job') return { text: words.jobStatus[String(value)] ?? String(value) }
      if (targetType === 'reconciliation') {
        return { text: label(reconciliationItemStatusLabels, value as ReconciliationItemStatus, locale) }
      }
      if (targetType === 'orphanPayment') return { text: label(orphanStatusLabels, value as OrphanStatus, locale) }
      // A channel's: 10 enabled, 20 disabled.
      return { text: value === 10 ? words.enabled : value === 20 ? words.disabled : String(value) }
    case 'enabled':
      return { text: value === true ? words.enabled : words.disabled }
    case 'disabled':
      return { text: value === true ? words.disabled : words.enabled }
    case 'role':
      return { text: label(operatorRoleLabels, value as OperatorRole, locale) }
    case 'kind':
      return { text: jobsMessages[locale].kinds[String(value)] ?? String(value) }
    case 'creationTime':
      return { text: dateTime(String(value)) }
  }
  if (typeof value === 'boolean') return { text: value ? words.yes : words.no }
  if (typeof value === 'string' || typeof value === 'number') return { text: String(value) }
  return { text: JSON.stringify(value) }
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/**
 * The fields an action changed, named and valued in the operator's language, in the catalogue's order (the database
 * hands snapshots back with their keys reordered). A value that was empty shows only as what it became; a target
 * created shows only what it was given.
 */
export function auditChangeTexts(entry: Entry, locale: Locale): AuditChangeText[] {
  const words = auditMessages[locale]
  const hidden = hiddenFields[entry.targetType] ?? []
  const created = entry.before === null || entry.before === undefined
  const order = Object.keys(words.fields)
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length)
  return changedFields(entry.before, entry.after)
    .filter((change) => !hidden.includes(change.key) && !(created && isEmpty(change.after)))
    .sort((a, b) => rank(a.key) - rank(b.key))
    .map((change) => ({
      key: change.key,
      field: words.fields[change.key] ?? change.key,
      before:
        isEmpty(change.before) && change.key !== 'channelId'
          ? null
          : auditValueText(entry.targetType, change.key, change.before, locale),
      after: auditValueText(entry.targetType, change.key, change.after, locale),
    }))
}

/** Whether the entry records a change at all (a login, say, has nothing before or after). */
export const auditHasSnapshots = (entry: Entry): boolean => !isEmpty(entry.before) || !isEmpty(entry.after)

/**
 * What the operator did, in words; an action this console does not know yet shows as the server names it. A
 * channel's status change says which way it went.
 */
export function auditActionText(entry: Pick<AuditEntry, 'action' | 'after'>, locale: Locale): string {
  const actions = auditMessages[locale].actions
  const status = (entry.after as { status?: unknown } | null)?.status
  if (entry.action === 'channel.status' && (status === 10 || status === 20))
    return actions[status === 10 ? 'channel.enable' : 'channel.disable']
  return actions[entry.action] ?? entry.action
}

/** The kind of thing acted on. */
export function auditTargetTypeText(targetType: string, locale: Locale): string {
  return auditMessages[locale].targetTypes[targetType] ?? targetType
}

/** The thing acted on: a rate by its name (its id is the rate type's number), anything else by its id. */
export function auditTargetName(entry: Pick<AuditEntry, 'targetType' | 'targetId'>, locale: Locale): string {
  if (entry.targetType === 'rate')
    return label(lifePayRateTypeLabels, Number(entry.targetId) as LifePayRateType, locale)
  return entry.targetId
}

/** The entry's remark: a remark the server writes itself in words, an operator's own as typed. */
export function auditRemarkText(remark: string | null, locale: Locale): string | null {
  if (remark === null) return null
  return auditMessages[locale].remarks[remark] ?? remarkForUser(remark, locale)
}
