import { LifePayOrderType, lifePayOrderTypeLabels, lifePayOrderTypeValues } from './lifePayOrderType'
import { label, type Labels, type Locale } from './locale'

/**
 * The delivery time the top-up pages state, per order type (issue 20, item 5), as the wallets' own top-up pages state
 * it: most top-ups arrive within `usualMinutes` of payment, a busy supplier may take up to `longestMinutes`. The order
 * detail's and the result page's "expected by" time is the payment time plus `usualMinutes` (the server computes it:
 * orderView.ts).
 */
export interface DeliveryTime {
  usualMinutes: number
  longestMinutes: number
}

export const DELIVERY_TIME: Readonly<Record<LifePayOrderType, DeliveryTime>> = {
  [LifePayOrderType.Phone]: { usualMinutes: 10, longestMinutes: 24 * 60 },
  [LifePayOrderType.Electric]: { usualMinutes: 2 * 60, longestMinutes: 72 * 60 },
  [LifePayOrderType.Gas]: { usualMinutes: 2 * 60, longestMinutes: 72 * 60 },
}

/** When a top-up paid at `paidAt` usually arrives by. */
export function expectedDeliveryTime(type: LifePayOrderType, paidAt: Date): Date {
  const minutes = (DELIVERY_TIME[type] ?? DELIVERY_TIME[LifePayOrderType.Phone]).usualMinutes
  return new Date(paidAt.getTime() + minutes * 60_000)
}

/** '10分钟' / '2小时' / '10 minutes' / '2 hours': whole hours read as hours; a number never apart from its unit. */
export function durationText(minutes: number, locale: Locale): string {
  const hours = minutes % 60 === 0 ? minutes / 60 : null
  if (locale === 'en-US') {
    if (hours !== null) return `${hours}\u00a0hour${hours === 1 ? '' : 's'}`
    return `${minutes}\u00a0minute${minutes === 1 ? '' : 's'}`
  }
  return hours !== null ? `${hours}小时` : `${minutes}分钟`
}

/** The usual and longest time in words: '通常10分钟内到账，高峰期最长24小时'. */
export function deliveryTimeText(type: LifePayOrderType, locale: Locale): string {
  const { usualMinutes, longestMinutes } = DELIVERY_TIME[type] ?? DELIVERY_TIME[LifePayOrderType.Phone]
  const usual = durationText(usualMinutes, locale)
  const longest = durationText(longestMinutes, locale)
  return locale === 'en-US'
    ? `Usually arrives within ${usual}; at busy times it can take up to ${longest}`
    : `通常${usual}内到账，高峰期最长${longest}`
}

/**
 * Every type's stated time in one sentence, for the texts that speak of all of them (the user agreement): the same
 * words the top-up pages state, so no page promises another time.
 */
export function deliveryTimeSummary(locale: Locale): string {
  const parts = lifePayOrderTypeValues.map((type) => {
    const text = deliveryTimeText(type, locale)
    const kind = label(lifePayOrderTypeLabels, type, locale)
    return locale === 'en-US' ? `${kind}: ${text.charAt(0).toLowerCase()}${text.slice(1)}` : `${kind}${text}`
  })
  return locale === 'en-US' ? parts.join('. ') : parts.join('；')
}

/** What the stated time does not cover: accounts a supplier cannot top up at once, or at all. */
export const deliveryExclusionLabels: Labels<LifePayOrderType> = {
  'zh-CN': {
    [LifePayOrderType.Phone]:
      '携号转网、虚拟运营商（170/171号段）、副卡、停机号码可能无法充值或延迟到账；充值失败的款项将原路退回',
    [LifePayOrderType.Electric]:
      '预付费卡表（IC卡电表）需插卡后电量才会生效；欠费停电的户号到账后复电时间以供电公司为准；充值失败的款项将原路退回',
    [LifePayOrderType.Gas]: 'IC卡燃气表需到营业厅或自助终端写卡、插卡后气量才会生效；充值失败的款项将原路退回',
  },
  'en-US': {
    [LifePayOrderType.Phone]:
      'Ported numbers, virtual carriers (170/171), secondary SIMs and suspended numbers may not be topped up or may take longer; a failed top-up is refunded the way it was paid',
    [LifePayOrderType.Electric]:
      'Prepaid card meters (IC card) take effect only after the card is inserted; when a cut-off supply comes back is up to the power company; a failed top-up is refunded the way it was paid',
    [LifePayOrderType.Gas]:
      'IC card gas meters take effect only after the card is written at a service point and inserted; a failed top-up is refunded the way it was paid',
  },
}
