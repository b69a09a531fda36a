import { label } from '@domain/locale'
import {
  LifePayNotificationEvent,
  lifePayNotificationEventLabels,
  type LifePayNotificationParams,
} from '@domain/lifePayNotification'
import { NotificationRefusedError, type OutgoingNotification } from './notification'

// Issue 20: which of a notification's params fills which field of a vendor's template. Each vendor names its fields
// its own way — WeChat `thing1` / `amount2`, Alipay `keyword1`, an SMS template's `${orderNo}` — and each template an
// operator picks in the vendor's console has its own fields, so the mapping is configuration, one per event:
// `paid=character_string1:orderNo,amount2:amount;rechargeSucceeded=…` (WECHAT_SUBSCRIBE_FIELDS,
// ALIPAY_SUBSCRIBE_FIELDS, NOTIFY_SMS_FIELDS; docs/notifications.md § Vendors).

/** What a template field can show: one of the params every notification carries, or the event's own name. */
export type NotificationFieldSource = Exclude<keyof LifePayNotificationParams, 'page'> | 'event'

export const notificationFieldSources: readonly NotificationFieldSource[] = [
  'orderNo',
  'orderType',
  'account',
  'amount',
  'time',
  'reason',
  'remindWhen',
  'event',
]

/** One template's fields: the vendor's field name → the param shown in it. */
export type NotificationFieldMap = Record<string, NotificationFieldSource>

export type NotificationFieldMaps = Partial<Record<LifePayNotificationEvent, NotificationFieldMap>>

/**
 * `event=field:source,field:source;event=…`, every field name checked by `validField` (the vendor's naming rule).
 * Returns the maps and every problem found, each naming the setting.
 */
export function parseNotificationFieldMaps(
  value: string,
  name: string,
  validField: (field: string) => boolean,
): { maps: NotificationFieldMaps; problems: string[] } {
  const maps: NotificationFieldMaps = {}
  const problems: string[] = []
  for (const part of value.split(';').filter((one) => one.trim() !== '')) {
    const [event, fields = ''] = part.split('=').map((one) => one.trim())
    if (!Object.values(LifePayNotificationEvent).includes(event as LifePayNotificationEvent)) {
      problems.push(`${name}: "${part.trim()}" does not start with a known event (${notificationEvents()})`)
      continue
    }
    const map: NotificationFieldMap = {}
    for (const pair of fields.split(',').filter((one) => one.trim() !== '')) {
      const [field, source] = pair.split(':').map((one) => one.trim())
      if (!field || !validField(field))
        problems.push(`${name}: ${event} field "${field ?? ''}" is not a template field`)
      else if (!notificationFieldSources.includes(source as NotificationFieldSource)) {
        problems.push(
          `${name}: ${event}.${field} takes "${source ?? ''}", not one of ${notificationFieldSources.join(', ')}`,
        )
      } else map[field] = source as NotificationFieldSource
    }
    if (Object.keys(map).length === 0) problems.push(`${name}: ${event} has no field`)
    maps[event as LifePayNotificationEvent] = map
  }
  return { maps, problems }
}

const notificationEvents = () => Object.values(LifePayNotificationEvent).join(', ')

/**
 * The raw text of each field of the message's template, before the vendor's value rules. A param the event does not
 * carry is a configuration mistake: refused (nothing sent, the outbox row says why) rather than sent blank.
 */
export function notificationFieldValues(
  message: OutgoingNotification,
  maps: NotificationFieldMaps,
): Record<string, string> {
  const map = maps[message.event]
  if (!map) {
    throw new NotificationRefusedError(`no template fields configured for ${message.event}`, 'FIELDS_NOT_CONFIGURED')
  }
  const values: Record<string, string> = {}
  for (const [field, source] of Object.entries(map)) {
    const value =
      source === 'event'
        ? label(lifePayNotificationEventLabels, message.event, 'zh-CN')
        : (message.params[source] ?? '').trim()
    if (value === '') {
      throw new NotificationRefusedError(`${message.event} carries no ${source} for field ${field}`, 'PARAM_MISSING')
    }
    values[field] = value
  }
  return values
}

/** Cut to at most `max` characters (code points, as the vendors count Chinese text), marking the cut with "…". */
export function cutText(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}
